import RialFormat
import RialCrypto

/// Which media file the capture app's forensic manifest describes (`schema/SPEC.md` §2.2,
/// "Which media the manifest describes"). The manifest's `fileName` decides first; when it
/// names no file, the media is found by its content: the one file under `data/media/` whose
/// SHA-256 is `sha256Hash` or whose SHA-512 is `sha512Hash`. A recording renamed after the
/// export is thus still held against the app's digests and tokens, and its intact bytes never
/// read as a digest mismatch. The same rule is `rial pack`'s (`AppDigestClaim`).
struct AppMediaLocation: Sendable, Hashable {
    /// The media's bag path.
    let path: String
    /// Whether `fileName` named another file: the media was found by its digests.
    let byContent: Bool

    /// - Parameters:
    ///   - media: the input's files under `data/media/`.
    ///   - digests: each file's digests, as the input was read.
    /// - Returns: `nil` when `fileName` names no file and not exactly one file has either digest.
    static func find(_ manifest: AppForensicManifest, in media: [String], digests: (String) -> [DigestAlgorithm: String]) -> AppMediaLocation? {
        let named = PackageLayout.mediaDirectory + manifest.fileName
        if media.contains(named) { return AppMediaLocation(path: named, byContent: false) }
        let matches = media.filter { path in
            let found = digests(path)
            return found[.sha256] == manifest.sha256 || found[.sha512] == manifest.sha512
        }
        guard matches.count == 1, let path = matches.first else { return nil }
        return AppMediaLocation(path: path, byContent: true)
    }
}
