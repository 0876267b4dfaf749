import Foundation
import RialTestSupport
import Testing

/// The verdict in three parts (SPEC §9.2) end to end: `rial verify` and `rial report` exit with
/// the verdict's status and print the headline. Each part failing on its own, in every report
/// format, is judged in process (RialVerifierTests' VerdictPartsTests).
@Suite("Verdict in three parts")
struct VerdictPartsTests {
    private func headline(_ stdout: String) -> [String] {
        Array(stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map(String.init))
    }

    @Test("end to end: a byte changed after packing: rial verify exits 1 with the integrity headline, rial report exits 1 and writes FAILED")
    func integrityFails() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try Fixture.pack(try Fixture.sample(in: dir), in: dir, options: pki.signing())
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "40"], output: tampered)
            let text = CLI.rial(["verify", tampered.path, "--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(text.status == 1)
            let lines = headline(text.stdout)
            #expect(lines[0] == "FAIL  \(tampered.path)  (failed)", "\(lines)")
            #expect(lines[1] == "      The package is not as it was sealed or packed: do not rely on its content.")
            let html = dir.appendingPathComponent("tampered.html")
            let report = CLI.rial(["report", tampered.path, "--trust", pki.path("root-ca.pem"), "-o", html.path], cwd: dir)
            #expect(report.status == 1, "\(report)")
            #expect(try String(contentsOf: html, encoding: .utf8).contains("<p class=\"big\">FAILED</p>"))
        }
    }

    @Test("end to end: an unsealed package: rial report exits 0 and writes INTERNALLY CONSISTENT")
    func unsealedColour() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.pack(try Fixture.sample(in: dir), in: dir)
            let html = dir.appendingPathComponent("plain.html")
            let result = CLI.rial(["report", package.path, "-o", html.path], cwd: dir)
            #expect(result.status == 0, "\(result)")
            let page = try String(contentsOf: html, encoding: .utf8)
            #expect(page.contains("<section class=\"verdict consistent\"><p class=\"big\">INTERNALLY CONSISTENT</p>"))
        }
    }
}
