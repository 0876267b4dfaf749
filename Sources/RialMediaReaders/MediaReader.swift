#if canImport(Glibc)
import Glibc
#endif
internal import CRialHEIF
import RialMedia

/// Reads media in this process: the function `rial-media-probe` runs in its child process and
/// the fuzz target drives. Never call it from the verifier: hostile media may crash or hang the
/// C libraries underneath; ``MediaProbe`` runs it with limits in a child.
///
/// The container is chosen by content against the whitelist first (``ContainerSniffer``), and
/// only that container's library reads the bytes: FFmpeg's `mov` demuxer for MP4/MOV, libheif
/// for HEIF (both after ``BoxFraming`` finds the top-level boxes whole), the JPEG marker walk
/// and libexif for JPEG.
///
/// One read at a time per process: FFmpeg's log callback and its largest-allocation setting
/// are process-wide (the probe reads once; the fuzz target is single-threaded).
package enum MediaReader {
    /// Does what the readers do once per process and may not do inside the probe's sandbox
    /// (`ProbeSandbox`), which forbids opening files: the C library reads the time zone
    /// (`/etc/localtime`, for FFmpeg's dates) and libheif looks for its plugins, here, before
    /// the sandbox; libheif stays initialised (each read's `heif_init`/`heif_deinit` then only
    /// counts), Exempi sets up its namespace registry, and the libraries' versions are read
    /// (``MediaLibraries``).
    package static func prepareForSandbox() {
        tzset()
        _ = heif_init(nil)
        _ = XMPReader.isInitialized
        _ = MediaLibraries.loaded
    }

    /// Reads the media in `range`.
    /// - Parameters:
    ///   - range: the media's bytes.
    ///   - limits: the caps on streams, tags, values, packets and metadata blocks.
    /// - Returns: the facts, or why there are none.
    package static func read(_ range: ByteRange, limits: MediaProbeLimits) -> MediaProbeReply {
        switch ContainerSniffer.route(range) {
        case .unsupported(let name):
            return .unsupported(container: name)
        case .isoMovie(let fileType):
            if let problem = BoxFraming.problem(in: range) { return .unreadable(reason: problem) }
            return MovieReader(range: range, fileType: fileType, limits: limits).read()
        case .heif(let fileType):
            if let problem = BoxFraming.problem(in: range) { return .unreadable(reason: problem) }
            return HEIFReader(range: range, fileType: fileType, limits: limits).read()
        case .jpeg:
            return JPEGReader(range: range, limits: limits).read()
        }
    }
}
