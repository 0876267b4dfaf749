import RialFormat
import RialMedia

/// What a court report shows beyond the checks: the capture as the package states it (within
/// its privacy levels), the shape of the frame hash chain and where it breaks, and heat-map
/// thumbnails of a few depth keyframes. Each is a statement of the package; the report puts
/// it beside the check that judged it.
package struct CaseOverview: Sendable {
    package struct Capture: Sendable {
        /// "video" or "photo", and "full" or "hash_only".
        package let mediaType: String?
        package let mode: String?
        /// The values rial/metadata.json holds, as text; `nil` when withheld.
        package let device: String?
        package let time: String?
        /// The city and country, as the metadata names them; `nil` when withheld or not named.
        package let place: String?
        /// The coordinates, when the levels disclose them: a secondary detail beside the place.
        package let coordinates: String?
        /// How much of place, time and device the package discloses.
        package let privacy: PrivacyLevels?
        package let frameCount: Int64?
        package let durationMs: Int64?
        package let mediaSHA256: String?
    }

    package struct Chain: Sendable {
        package let frameCount: Int
        package let checkpointFrames: [Int64]
        package let depthFrames: [Int64]
        /// The first frame whose recomputed link differs, from the `chain.link.broken` check.
        package let firstBrokenFrame: Int64?
        package let finalHash: String
    }

    /// One media file as the media libraries read it (check 15a).
    package struct Media: Sendable {
        package let path: String
        /// What the libraries read; `nil` when the file was not read.
        package let facts: MediaFacts?
        /// Why it was not read, in the words of its `media.*` result.
        package let unread: String?
    }

    package let capture: Capture?
    package let chain: Chain?
    package let thumbnails: [DepthThumbnail]
    /// Each media file the package holds, in bag-path order; `nil` when the media was not
    /// examined (then the report says so).
    package let media: [Media]?

    init(context: VerificationContext, report: VerificationReport, thumbnails: [DepthThumbnail]) {
        let sources = MetadataSources(context)
        capture = sources.parsedView.map { view in
            let (place, coordinates) = Self.place(view.filtered.location, app: sources.parsedApp?.location)
            return Capture(
                mediaType: view.mediaType, mode: view.captureMode,
                device: Self.text(view.filtered.deviceModel),
                time: Self.text(view.filtered.timestamp),
                place: place, coordinates: coordinates,
                privacy: view.privacy,
                frameCount: view.recording?.frameCount, durationMs: view.recording?.durationMs,
                mediaSHA256: view.mediaSHA256
            )
        }
        chain = context.parsedChain.map { chain in
            let broken = report.checks.first { $0.code == .chainLinkBroken }
                .flatMap { Int64($0.subject.replacingOccurrences(of: "frame ", with: "")) }
            return Chain(
                frameCount: chain.frames.count, checkpointFrames: chain.checkpoints.map(\.frameNumber),
                depthFrames: chain.frames.filter { $0.depthPath != nil }.map(\.frameNumber),
                firstBrokenFrame: broken, finalHash: chain.finalHash)
        }
        self.thumbnails = thumbnails
        media = context.media.map { examination in
            examination.examined.map { path in
                let facts = examination.facts(path)
                let unread = facts != nil ? nil : report.checks.first { $0.subject == path && $0.code.isIn(.media) && $0.status != .pass }?.message
                return Media(path: path, facts: facts, unread: unread ?? (facts == nil ? "not read" : nil))
            }
        }
    }

    /// Where, as a person names it (city and country) and as coordinates. At `coarse` the
    /// package states only the city and country; at `precise` it states coordinates, and the
    /// city and country come from the capture app's metadata, which the package then keeps
    /// (a city discloses less than the coordinates it was resolved from).
    static func place(_ stated: JSONValue, app: AppMetadata.Location?) -> (place: String?, coordinates: String?) {
        guard case .object(let object) = stated else { return (nil, nil) }
        func named(_ city: String?, _ country: String?) -> String? {
            let parts = [city, country].compactMap { $0 }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        }
        if case .string(let city)? = object["city"] {
            var country: String?
            if case .string(let name)? = object["country"] { country = name }
            return (named(city, country), nil)
        }
        let coordinates = [object["latitude"], object["longitude"]].compactMap { $0.flatMap(text) }
        return (named(app?.city, app?.country), coordinates.isEmpty ? text(stated) : coordinates.joined(separator: ", "))
    }

    /// A stated value as one line of text: strings as they are, a place as its parts.
    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        case .object(let object):
            return object.entries.map { "\($0.key) \(text($0.value) ?? "—")" }.joined(separator: ", ")
        case .integer(let number): return String(number)
        case .number(let number): return JSONWriter.formatDouble(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let items): return items.compactMap(text).joined(separator: ", ")
        }
    }
}
