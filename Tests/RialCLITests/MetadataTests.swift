import Foundation
import Testing

/// The capture app's metadata (`data/capture/metadata.json`) is held against the evidence:
/// each claim has its own code, and a contradicted claim fails even when every digest was
/// rewritten to match (tamper.py `--cover`). Each claim's finding is an in-process test
/// (RialVerifierTests' MetadataTests); here, `rial verify --no-examine-media`.
@Suite("Capture metadata cross-checks")
struct MetadataTests {
    /// Without the media examined nothing holds codec, resolution or rial/metadata.json's
    /// duration against the video: each is NOT CHECKED, saying so, never PASS and never silent.
    @Test("--no-examine-media: codec, resolution and rial/metadata.json's duration are NOT CHECKED, naming why")
    func videoClaimsWithoutTheMedia() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let result = CLI.rial(["verify", package.path, "--format", "json", "--quiet", "--no-examine-media"], cwd: dir)
            let report = try #require(try? Report.decode(result.stdout), "\(result)")
            #expect(result.status == 0, "\(report.failures)")
            let why = "it is not held against the video: the media was not examined: this verification asked for its digests only (--no-examine-media)"
            for subject in ["data/capture/metadata.json", "rial/metadata.json"] {
                for code in ["metadata.codec", "metadata.resolution"] {
                    let rows = report.checks(code).filter { $0.subject == subject }
                    #expect(rows.count == 1 && rows.allSatisfy { $0.status == "not_checked" && $0.message.hasSuffix(why) }, "\(code) \(subject): \(rows)")
                }
                #expect(report.checks("media.codec").isEmpty && report.checks("media.resolution").isEmpty)
            }
            let duration = report.checks("metadata.duration").filter { $0.subject == "rial/metadata.json" }
            #expect(
                duration.count == 1
                    && duration.allSatisfy { $0.status == "not_checked" && $0.message.contains("no start and end times") && $0.message.hasSuffix(why) },
                "\(duration)")
        }
    }
}
