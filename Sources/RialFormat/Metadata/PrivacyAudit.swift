/// The privacy-leak rules (`schema/SPEC.md` §16.6): what a value may hold at each level. Each
/// rule returns what it found that the level withholds, or `nil` when the value keeps to it.
package enum PrivacyAudit {
    package static let coordinateKeys: Set<String> = ["lat", "lng", "latitude", "longitude", "lon", "long"]

    /// `none`: nothing; `coarse`: a city and country, never coordinates; `precise`: anything.
    package static func location(_ value: JSONValue, _ level: PrivacyLevels.Location) -> String? {
        switch level {
        case .precise: return nil
        case .none: return value.isNull ? nil : "a location"
        case .coarse:
            // A city and country only: any other member, or a value that is not a string,
            // may be coordinates under another name.
            guard let object = value.objectValue else { return value.isNull ? nil : "a location that is not a city and country" }
            let other = object.entries.filter { !["city", "country"].contains($0.key) || $0.value.stringValue == nil }.map(\.key)
            guard !other.isEmpty else { return nil }
            let named = other.filter { coordinateKeys.contains($0.lowercased()) }
            return named.isEmpty
                ? "location detail beyond a city and country (\(other.joined(separator: ", ")))" : "coordinates (\(other.joined(separator: ", ")))"
        }
    }

    /// `none`: nothing; `day_only`: `YYYY-MM-DD` alone; `exact`: anything.
    package static func time(_ value: JSONValue, _ level: PrivacyLevels.Time) -> String? {
        switch level {
        case .exact: return nil
        case .none: return value.isNull ? nil : "a time (\(preview(value)))"
        case .dayOnly:
            if value.isNull { return nil }
            if let text = value.stringValue, HashOnlyPayload.isDay(text) { return nil }
            return "a time of day (\(preview(value)))"
        }
    }

    /// `none`: nothing; `model_only`: the model, never an OS or app version; `full`: anything.
    package static func device(_ value: JSONValue, _ level: PrivacyLevels.Device) -> String? {
        switch level {
        case .full: return nil
        case .none: return value.isNull ? nil : "a device (\(preview(value)))"
        case .modelOnly:
            guard let text = value.stringValue else { return value.isNull ? nil : "device details that are not a model string" }
            return hasVersion(text) ? "an OS or app version (\(preview(value)))" : nil
        }
    }

    /// The full form is `<model> / iOS <version> / <app version>`; a model string such as
    /// `iPhone 15 Pro` or `iPhone16,1` has no slash, no "iOS" and no dotted number.
    package static func hasVersion(_ text: String) -> Bool {
        if text.contains("/") || text.lowercased().contains("ios") { return true }
        let scalars = Array(text.unicodeScalars)
        for index in scalars.indices.dropFirst().dropLast() where scalars[index] == "." {
            if scalars[index - 1].properties.numericType != nil, scalars[index + 1].properties.numericType != nil { return true }
        }
        return false
    }

    /// A short, quoted rendering of a value for a message (reports escape it again).
    package static func preview(_ value: JSONValue) -> String {
        var text = value.stringValue.map { "\"\($0)\"" } ?? String(decoding: JSONWriter.bytes(value).prefix(81), as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }
}

extension PrivacyAudit {
    /// One thing a record holds that its levels withhold.
    package struct Finding: Sendable, Hashable {
        /// `privacy.location.leak`, `privacy.timestamp.leak`, `privacy.device.leak`,
        /// `privacy.payload.mode`, `privacy.flags.inconsistent` or `privacy.unknown-field`.
        package let code: String
        package let message: String
    }

    /// The code of the capture app's own disclosure: its payload's `capturedAt` finer than the
    /// payload's own `timestampLevel`. The app writes the exact capture time whatever the level
    /// (the hash-only payload design declares `capturedAt: Date` and filters only `metadata`), so this is what the
    /// app itself disclosed, a claim its flags contradict, never a sign that the file changed.
    package static let appDisclosureCode = "metadata.payload.app-disclosure"

    /// A hash-only payload against its own `metadataFlags` (`schema/SPEC.md` §16.6): the
    /// packer keeps the app's payload only when this finds nothing, the verifier reports each.
    /// - Parameter writtenByApp: the payload is the capture app's own (not the one `rial pack`
    ///   builds): a `capturedAt` finer than its level is then the app's own disclosure
    ///   (``appDisclosureCode``) rather than a leak of rial's filtering.
    package static func audit(_ payload: HashOnlyPayload, writtenByApp: Bool = false) -> [Finding] {
        var findings: [Finding] = []
        let levels = payload.flags.levels
        if payload.captureMode != "hash_only" {
            findings.append(
                Finding(code: "privacy.payload.mode", message: "a hash-only payload says captureMode \"hash_only\", not \"\(payload.captureMode)\""))
        }
        if !payload.flags.isConsistent {
            findings.append(Finding(code: "privacy.flags.inconsistent", message: "each …Included flag must say whether its level is other than none"))
        }
        findings += leaks(
            location: payload.metadata.location, time: payload.metadata.timestamp, device: payload.metadata.deviceModel,
            levels: levels, whose: "metadata")
        if let leak = time(payload.capturedAt, levels.timestamp) {
            let shown = payload.capturedAtDate.map { "\(levels.timestamp == .none ? "a time" : "a time of day") (\($0.shown))" } ?? leak
            if writtenByApp {
                findings.append(
                    Finding(
                        code: "metadata.payload.app-disclosure",
                        message:
                            "capturedAt holds \(shown), which the payload's own timestampLevel \(levels.timestamp.rawValue) withholds: the capture app writes the exact capture time whatever the level, so the app itself disclosed it (its claim, not a change to the file)"
                    ))
            } else {
                findings.append(
                    Finding(code: "privacy.timestamp.leak", message: "capturedAt holds \(shown), which timestampLevel \(levels.timestamp.rawValue) withholds"))
            }
        }
        if let leak = time(payload.depthAnalysis.objectValue?["computedAt"] ?? .null, levels.timestamp) {
            findings.append(
                Finding(
                    code: "privacy.timestamp.leak",
                    message: "depthAnalysis.computedAt holds \(leak), which timestampLevel \(levels.timestamp.rawValue) withholds"))
        }
        if !levels.isFull, !payload.unknownFields.isEmpty {
            findings.append(
                Finding(
                    code: "privacy.unknown-field",
                    message:
                        "holds fields the capture app's hash-only payload design does not define (\(payload.unknownFields.joined(separator: ", "))); what they disclose cannot be judged, so a payload that withholds anything may not hold them"
                ))
        }
        return findings
    }

    /// Location, time and device values against `levels`.
    package static func leaks(
        location: JSONValue, time timeValue: JSONValue, device deviceValue: JSONValue,
        levels: PrivacyLevels, whose: String
    ) -> [Finding] {
        var findings: [Finding] = []
        if let leak = self.location(location, levels.location) {
            findings.append(
                Finding(code: "privacy.location.leak", message: "\(whose) location holds \(leak), which location=\(levels.location.rawValue) withholds"))
        }
        if let leak = time(timeValue, levels.timestamp) {
            findings.append(
                Finding(code: "privacy.timestamp.leak", message: "\(whose) timestamp holds \(leak), which timestamp=\(levels.timestamp.rawValue) withholds"))
        }
        if let leak = device(deviceValue, levels.device) {
            findings.append(Finding(code: "privacy.device.leak", message: "\(whose) device holds \(leak), which device=\(levels.device.rawValue) withholds"))
        }
        return findings
    }

    /// Keys of a depth analysis a package that withholds anything may not hold.
    package static func unknownDepthAnalysisKeys(_ analysis: JSONValue) -> [String] {
        analysis.objectValue?.keys.filter { !HashOnlyPayload.depthAnalysisKeys.contains($0) } ?? []
    }
}
