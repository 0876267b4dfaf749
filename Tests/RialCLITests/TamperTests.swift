import Foundation
import RialTestSupport
import Testing

/// One finding a tampered package must produce.
struct Finding: Sendable, CustomStringConvertible {
    let code: String
    let subject: String
    init(_ code: String, _ subject: String) { self.code = code; self.subject = subject }
    var description: String { "\(code) [\(subject)]" }
}

/// `rial verify` end to end on tampered packages: the exit codes (1 for a FAIL, 2 for an archive
/// refused as unsafe) and the stream contract. What the verifier finds for each attack is tested
/// in-process (RialVerifierTests' TamperTests, every case there).
@Suite("Tampering is caught (rial verify)")
struct TamperTests {
    @Test("an archive refused as unsafe: exit 2, an ERROR report with its code and location, in text and JSON")
    func refused() throws {
        try withTemporaryDirectory { dir in
            let original = try Fixture.package(in: dir)
            let context = try TamperContext(package: original, scratch: dir.appendingPathComponent("original"))
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(original, ["symlink", "data/media/link.mov", "capture.mov"], output: tampered)

            let (result, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
            #expect(result.status == 2, "\(result)")
            #expect(report.verdict == "error")
            #expect(report.error?.code == "archive.entry.unsupported-type", "\(result)")
            #expect(report.error?.location == "\(context.top)/data/media/link.mov", "\(result)")

            let text = CLI.rial(["verify", tampered.path, "--quiet"], cwd: dir)
            #expect(text.status == 2, "\(text)")
            #expect(text.firstLine.hasPrefix("ERROR"), "\(text)")
            #expect(text.stdout.contains("Code: archive.entry.unsupported-type"), "\(text)")
        }
    }

    @Test("a tampered package: exit 1, a FAIL report naming the code and subject, in text and JSON")
    func caught() throws {
        try withTemporaryDirectory { dir in
            let original = try Fixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(original, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)

            let (result, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
            #expect(result.status == 1, "\(result)")
            #expect(report.verdict == "fail")
            #expect(report.summary.fail == report.failures.count && report.summary.fail > 0)
            #expect(report.has("bag.manifest.sha256.mismatch", subject: "data/media/capture.mov"), "\(report.failures)")

            let text = CLI.rial(["verify", tampered.path, "--quiet"], cwd: dir)
            #expect(text.status == 1, "\(text)")
            #expect(text.stderr.isEmpty, "the report goes to standard output: \(text)")
            #expect(text.firstLine.hasPrefix("FAIL"), "\(text)")
            #expect(text.stdout.split(separator: "\n").contains { $0.hasPrefix("FAIL") && $0.contains(" bag.manifest.sha256.mismatch ") })
        }
    }
}
