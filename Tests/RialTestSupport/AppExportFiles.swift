import Foundation
import Testing

/// The capture app's exports (`Tests/Fixtures/AppExport/make-app-exports.sh`: real H.264/HEVC
/// media, Swift-style JSON, RFC 3161 tokens from the fixtures' test TSA) and where a package
/// made from one keeps the app's files.
public enum AppExportFiles {
    public static let media = "data/media/recording_1764000000.mp4"
    public static let manifest = "data/capture/recording_1764000000.manifest.json"
    public static let chain = "data/capture/recording_1764000000.hash_chain.json"
    public static let metadata = "data/capture/recording_1764000000.metadata.json"
    public static let custodyLog = "data/capture/recording_1764000000.custody_log.json"

    /// Every variant of the fixtures script, made fresh in `dir/exports` (the script is the
    /// fixtures' maker, not rial: it runs as a process for the library tests too).
    public static func exports(in dir: URL) throws -> URL {
        let script = OutsideOracle.repoRoot.appendingPathComponent("Tests/Fixtures/AppExport/make-app-exports.sh").path
        let out = dir.appendingPathComponent("exports")
        let run = Subprocess.execute([script, out.path], cwd: dir)
        try #require(run.status == 0, "the fixtures script failed: \(run)")
        return out
    }
}
