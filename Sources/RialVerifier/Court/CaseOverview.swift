import RialFormat

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
        package let place: String?
        /// "location=…, timestamp=…, device=…".
        package let privacy: String?
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

    package let capture: Capture?
    package let chain: Chain?
    package let thumbnails: [DepthThumbnail]

    init(context: VerificationContext, report: VerificationReport, thumbnails: [DepthThumbnail]) {
        let view = MetadataSources(context).parsedView
        capture = view.map { view in
            Capture(
                mediaType: view.mediaType, mode: view.captureMode,
                device: Self.text(view.filtered.deviceModel),
                time: Self.text(view.filtered.timestamp),
                place: Self.text(view.filtered.location),
                privacy: view.privacy.description,
                frameCount: view.recording?.frameCount, durationMs: view.recording?.durationMs,
                mediaSHA256: view.mediaSHA256
            )
        }
        chain = context.parsedChain.map { chain in
            let broken = report.checks.first { $0.code == .chainLinkBroken }
                .flatMap { Int64($0.subject.replacingOccurrences(of: "frame ", with: "")) }
            return Chain(frameCount: chain.frames.count, checkpointFrames: chain.checkpoints.map(\.frameNumber),
                         depthFrames: chain.frames.filter { $0.depthPath != nil }.map(\.frameNumber),
                         firstBrokenFrame: broken, finalHash: chain.finalHash)
        }
        self.thumbnails = thumbnails
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
