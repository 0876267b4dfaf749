import Foundation
import RialTestSupport
import Testing

/// `rial pack EXPORT_DIR` on folders laid out like the capture app's own export
/// (`Tests/Fixtures/AppExport/make-app-exports.sh`: real H.264/HEVC media, Swift-style JSON with
/// numeric dates, RFC 3161 tokens from the test TSA), end to end: `--plan`'s mapping, what pack
/// prints and its exit statuses. What each variant packs into and how it verifies is an
/// in-process test (RialVerifierTests' AppExportTests); the helpers here serve the other
/// end-to-end tests of exports.
@Suite("the capture app's export, as it comes")
struct AppExportTests {
    /// Packs a variant as exported (the current time as `created`: the app's events are recent).
    static func pack(_ variant: String, _ exports: URL, in dir: URL, options: [String] = []) -> (CommandResult, URL) {
        let output = dir.appendingPathComponent("\(variant).rialpkg")
        return (CLI.rial(["pack", exports.appendingPathComponent(variant).path, "-o", output.path] + options, cwd: dir), output)
    }

    static func verify(_ package: URL, in dir: URL, options: [String] = []) throws -> Report {
        let result = CLI.rial(["verify", package.path, "--format", "json", "--quiet"] + options, cwd: dir)
        return try #require(try? Report.decode(result.stdout), "no JSON report: \(result)")
    }

    @Test("--plan prints which file becomes what, by content, and writes nothing")
    func plan() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let result = CLI.rial(["pack", exports.appendingPathComponent("rich").path, "--plan"], cwd: dir)
            #expect(result.status == 0, "\(result)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.contains("is the capture app's export; 66 files") == true, "\(result.stdout)")
            #expect(
                lines.contains { $0.contains("recording_1764000000.mp4") && $0.contains("-> \(AppExportFiles.media)") && $0.contains("video/mp4 by content") })
            #expect(lines.contains { $0.contains("-> \(AppExportFiles.custodyLog)") && $0.contains("the app's custody log") })
            #expect(lines.contains { $0.contains("-> \(AppExportFiles.manifest)") && $0.contains("forensic manifest") })
            #expect(lines.contains { $0.contains("-> data/capture/README.txt") && $0.contains("not interpreted") })
            #expect(lines.contains { $0.contains("-> data/depth/") && $0.contains("60 files") })
            #expect(Fixture.listing(dir).allSatisfy { !$0.hasSuffix(".rialpkg") }, "--plan wrote a package")
        }
    }

    @Test("end to end: the flat export packs (exit 0, the app's digests said to match) and verifies (exit 0)")
    func flatExport() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let (result, package) = Self.pack("flat", exports, in: dir)
            try #require(result.status == 0, "\(result)")
            #expect(result.stdout.contains("App digests:      the SHA-256 and SHA-512 the capture app recorded match the media"), "\(result.stdout)")
            let verified = CLI.rial(["verify", package.path, "--quiet"], cwd: dir)
            #expect(verified.status == 0 && verified.firstLine.hasPrefix("PASS"), "\(verified)")
        }
    }

    @Test(
        "end to end: digests that do not match the media exit 2 naming the code and the option; kept as received, a warning on stderr, exit 0, and verify exits 1"
    )
    func wrongDigests() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let (refused, package) = Self.pack("digest-wrong", exports, in: dir)
            #expect(refused.status == 2, "\(refused)")
            #expect(refused.stderr.contains("--keep-as-received") && refused.stderr.contains("pack.invalid-capture"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: package.path))
            let (kept, _) = Self.pack("digest-wrong", exports, in: dir, options: ["--keep-as-received"])
            try #require(kept.status == 0, "\(kept)")
            #expect(kept.stderr.contains("warning:") && kept.stdout.contains("do NOT match"), "\(kept)")
            let report = try Self.verify(package, in: dir)
            #expect(report.verdict == "fail" && report.has("app.media.sha256.mismatch", subject: AppExportFiles.media), "\(report.failures)")
            #expect(CLI.rial(["verify", package.path, "--quiet"], cwd: dir).status == 1)
        }
    }
}
