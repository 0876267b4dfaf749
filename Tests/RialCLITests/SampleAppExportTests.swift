import Foundation
import Testing

/// `rial sample --kind app-export`, `rial pack` and `rial verify --tsa-trust` end to end, as
/// the README's first commands try them: what each prints and its exit status. The export's
/// files against outside oracles (sha256sum, sha512sum, `openssl ts -verify`, ffprobe, the JSON
/// Schemas of the app's files) and the verifier's findings on it are in-process tests in
/// RialVerifierTests' SampleAppExportTests.
@Suite("rial sample --kind app-export")
struct SampleAppExportTests {
    /// Writes the sample to `dir/export` (root: `dir/export.tsa-root.pem`).
    static func sample(in dir: URL) throws -> URL {
        let made = CLI.rial(["sample", "-o", "export", "--kind", "app-export"], cwd: dir)
        try #require(made.status == 0, "\(made)")
        #expect(made.stdout.contains("Next: rial pack export -o export.rialpkg") && made.stdout.contains("--tsa-trust export.tsa-root.pem"), "\(made.stdout)")
        return dir.appendingPathComponent("export")
    }

    @Test("packed as it comes and verified with --tsa-trust: exit 0, and the text report says the token attests the capture time")
    func packAndVerify() throws {
        try withTemporaryDirectory { dir in
            _ = try Self.sample(in: dir)
            let packed = CLI.rial(["pack", "export", "-o", "export.rialpkg"], cwd: dir)
            try #require(packed.status == 0, "\(packed)")
            #expect(packed.stdout.contains("App digests:      the SHA-256 and SHA-512 the capture app recorded match the media"), "\(packed.stdout)")
            #expect(packed.stderr.isEmpty, "\(packed.stderr)")
            let trusted = CLI.rial(["verify", "export.rialpkg", "--tsa-trust", "export.tsa-root.pem", "--format", "json", "--quiet"], cwd: dir)
            #expect(trusted.status == 0, "\(trusted.stderr)")
            let report = try Report.decode(trusted.stdout)
            #expect(report.verdict == "pass", "\(report.failures)")
            let text = CLI.rial(["verify", "export.rialpkg", "--tsa-trust", "export.tsa-root.pem"], cwd: dir)
            #expect(text.stdout.contains("Provenance  PASS         captured no later than 2026-01-15T10:30:07Z"), "\(text.stdout.prefix(1200))")
        }
    }

    @Test("the root is never written over: a second sample beside it is refused with exit 64, and the error says what to do")
    func rootNotWrittenOver() throws {
        try withTemporaryDirectory { dir in
            let again = CLI.rial(["sample", "-o", "third", "--kind", "app-export"], cwd: dir)
            #expect(again.status == 0)
            let clash = CLI.rial(["sample", "-o", "third/", "--kind", "app-export"], cwd: dir)
            #expect(clash.status == 64 && clash.stderr.contains("third.tsa-root.pem exists"), "\(clash)")
        }
    }
}
