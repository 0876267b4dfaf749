import RialVerifier
import RialFormat

extension CASEGraphBuilder {
    /// The capture as the package discloses it (rial/metadata.json within its privacy levels):
    /// a capture action whose instruments are the device (when `device` is not `none`) and the
    /// capture app, at the time (an instant only at `timestamp=exact`) and place (when
    /// `location` is not `none`) stated, whose results are the payload files. What a level
    /// withholds is not written at all, not even as an empty node.
    mutating func addCapture() throws {
        guard let capture = export.overview?.capture else { return }
        var instruments: [String] = []
        var appVersion: String?
        if let device = capture.device {
            // At device=full the text is "<model> / iOS <version> / <app version>" (§16).
            let parts = device.split(separator: " / ").map(String.init)
            let isFull = capture.privacy?.device == .full && parts.count == 3
            appVersion = isFull ? parts[2] : nil
            let iri = try ids.iri("device", "capture device")
            graph.add(
                iri, "uco-observable:Device",
                [
                    "uco-core:description": .string("the capture device, as the package states it: \(device)"),
                    "uco-core:hasFacet": .array([
                        CASEGraph.node(
                            try ids.iri("device-facet", "capture device"), "uco-observable:DeviceFacet",
                            [
                                "uco-observable:model": .string(isFull ? parts[0] : device)
                            ])
                    ]),
                ])
            instruments.append(iri)
            linked.append(iri)
        }
        let app = try ids.iri("tool", "capture app")
        graph.add(
            app, "uco-tool:Tool",
            [
                "uco-core:name": .string("capture app"),
                "uco-core:description": .string(
                    "the capture app that recorded the media and wrote data/capture/; the package names its version only at device=full"),
                "uco-tool:toolType": .string("capture application"),
                "uco-tool:version": CASEGraph.text(appVersion),
            ])
        instruments.append(app)
        linked.append(app)

        var location: String?
        if capture.place != nil || capture.coordinates != nil {
            let iri = try ids.iri("location", "capture location")
            graph.add(
                iri, "uco-location:Location",
                [
                    "uco-core:name": .string(capture.place ?? capture.coordinates ?? ""),
                    "uco-core:description": capture.coordinates.map { .string("coordinates \($0)") },
                ])
            location = iri
        }
        var startTime: Timestamp?
        var description = [capture.mediaType, capture.mode.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        if let time = capture.time {
            if capture.privacy?.timestamp == .exact, let instant = try? Timestamp(rfc3339: time) {
                startTime = instant
            } else {
                description += "; captured on \(time) (the package discloses the day only)"
            }
        }
        let media = export.files.filter { $0.path.hasPrefix("data/") }.compactMap { fileIRIs[$0.path] }
        let iri = try ids.iri("investigative-action", "capture")
        graph.add(
            iri, "case-investigation:InvestigativeAction",
            [
                "uco-core:name": .string("capture"),
                "uco-core:description": description.isEmpty ? nil : .string(description),
                "uco-action:startTime": startTime.map(CASEGraph.dateTime),
                "uco-action:location": location.map { .array([CASEGraph.reference($0)]) },
                "uco-action:instrument": CASEGraph.references(instruments),
                "uco-action:result": CASEGraph.references(media),
            ])
        linked.append(iri)
    }
}
