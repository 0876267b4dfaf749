import Dispatch
import RialMedia

/// A media probe started while the package is still being read: as soon as the scan has passed
/// a media file's header, its place in the archive is known, and the confined probe (which reads
/// only the movie's headers) runs beside the hashing of the rest, so that examining the media
/// adds next to nothing to the time a large package takes (`make bench`, issue 20).
final class MediaProbeTask: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    /// Written once by the probe's thread before `finished` is signalled, read only after.
    private var outcome: Result<MediaProbeOutcome, MediaError> = .failure(MediaError(.probeNotStarted, "the probe did not finish"))

    /// Starts probing `length` bytes at `offset` of the file at `path`.
    init(path: String, offset: UInt64, length: UInt64) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            outcome = Result { () throws(MediaError) -> MediaProbeOutcome in
                try MediaProbe.run(path: path, offset: Int64(clamping: offset), length: Int64(clamping: length))
            }
            finished.signal()
        }
    }

    /// A task already finished with `outcome`: how a test hands the media examination the
    /// probe's answer without running the probe.
    init(finishedWith outcome: Result<MediaProbeOutcome, MediaError>) {
        self.outcome = outcome
        finished.signal()
    }

    /// The outcome, once the probe has finished (it is bounded by the probe's own time limit).
    func wait() -> Result<MediaProbeOutcome, MediaError> {
        finished.wait()
        finished.signal()
        return outcome
    }
}
