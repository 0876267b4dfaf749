import RialFormat
import RialMedia

/// What the media libraries say each media file of the input is (`schema/SPEC.md` §8.5 check
/// 15a), established once, when a check first asks (``MediaProvider``): the file is probed where it lies (its
/// range inside the package archive, or the file in a bag directory), by `rial-media-probe` in a
/// confined child process, so no demuxer runs in the verifier's own process.
struct MediaExamination {
    /// The most media files probed in one input; the rest are reported not checked.
    static let maxFiles = 16

    /// The media paths this examination covers (the first ``maxFiles`` of the input, in order),
    /// each with an outcome in ``outcomes`` unless its place in the input is not known.
    let examined: [String]
    /// Each media path's outcome, or why it could not be probed on this machine.
    let outcomes: [String: Result<MediaProbeOutcome, MediaError>]
    /// Media paths over ``maxFiles``, not probed.
    let skipped: [String]
    /// Media paths not probed because the input was a stream, read once and gone.
    let streamed: [String]

    init(_ context: VerificationContext) {
        let paths = context.payloadPaths(under: PackageLayout.mediaDirectory)
        var outcomes: [String: Result<MediaProbeOutcome, MediaError>] = [:]
        let probe = Result { () throws(MediaError) -> MediaProbe in try MediaProbe.locate() }
        // A stream is read once and gone: none of its media can be probed.
        let isStream = context.inventory.isStream
        streamed = isStream ? paths : []
        examined = isStream ? [] : Array(paths.prefix(Self.maxFiles))
        skipped = isStream ? [] : Array(paths.dropFirst(Self.maxFiles))
        for path in examined {
            // Started by the scan as it passed the file, and run beside the hashing.
            if let early = context.inventory.mediaProbes[path] {
                outcomes[path] = early.wait()
                continue
            }
            guard let file = context.inventory.files[path], let location = file.location else { continue }
            outcomes[path] = Result { () throws(MediaError) -> MediaProbeOutcome in
                try probe.get().run(path: location.path, offset: Int64(clamping: location.offset), length: Int64(clamping: file.size))
            }
        }
        self.outcomes = outcomes
    }

    /// The facts of `path`, when the probe read them.
    func facts(_ path: String) -> MediaFacts? {
        guard case .success(.facts(let facts))? = outcomes[path] else { return nil }
        return facts
    }
}
