import Foundation
import RialTestSupport
import Testing

/// The verdict in three parts (SPEC §9.2): integrity, provenance, claims. Each failing on its
/// own gets a headline that names it and says what still holds, in the text report, the JSON
/// report, the JSON lines and the court report; an intact package whose capture app contradicts
/// itself is never headlined as tampered.
@Suite("Verdict in three parts")
struct VerdictPartsTests {
    private func headline(_ stdout: String) -> [String] {
        Array(stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map(String.init))
    }

    @Test("claims: an export whose recorded SHA-256 is wrong, packed as received, is intact since packing and its claims contradicted, never 'tampered'")
    func claimsFail() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportTests.exports(in: dir)
            let (packed, package) = AppExportTests.pack("digest-wrong", exports, in: dir, options: ["--keep-as-received"])
            try #require(packed.status == 0, "\(packed)")
            let text = CLI.rial(["verify", package.path, "--tsa-trust", exports.appendingPathComponent("pki/root-ca.pem").path], cwd: dir)
            #expect(text.status == 1, "exit codes are unchanged: a failure is exit 1")
            let lines = headline(text.stdout)
            #expect(lines[0] == "FAIL  \(package.path)  (claims contradicted)", "\(lines)")
            #expect(
                lines[1].hasPrefix("      Internally consistent: every file matches its manifests")
                    && lines[1].contains("the capture app's claims are contradicted: app.media.sha256.mismatch at \(AppExportTests.media)"), "\(lines)")
            #expect(!text.stdout.contains("not as it was sealed or packed"), "an intact package is not called tampered")
            #expect(lines.contains { $0.hasPrefix("      Integrity   PASS ") })
            #expect(lines.contains { $0.hasPrefix("      Claims      FAIL ") && $0.contains("app.media.sha256.mismatch") })
            let report = try AppExportTests.verify(package, in: dir, options: ["--tsa-trust", exports.appendingPathComponent("pki/root-ca.pem").path])
            #expect(report.basis?.title == "CLAIMS CONTRADICTED")
            #expect(report.basis?.states == ["integrity": "pass", "provenance": "pass", "claims": "fail"], "\(String(describing: report.basis))")
            #expect(report.checks("app.media.sha256.mismatch").first?.part == "claims")
            #expect(report.checks("bag.manifest.sha256").allSatisfy { $0.part == "integrity" })
            // The batch lines carry the parts too.
            let jsonl = CLI.rial(["verify", package.path, "--format", "jsonl", "--quiet"], cwd: dir)
            let line = try #require(jsonl.stdout.split(separator: "\n").first.map(String.init))
            // Without --tsa-trust the app's token is not judged: provenance is not checked.
            #expect(line.contains(#""parts": {"integrity": "pass","provenance": "not_checked","claims": "fail"}"#), "\(line)")
            // The court report: its own title and colour, the parts in the headline box.
            let html = dir.appendingPathComponent("claims.html")
            _ = CLI.rial(["report", package.path, "-o", html.path], cwd: dir)
            let page = try String(contentsOf: html, encoding: .utf8)
            #expect(page.contains("<section class=\"verdict claims\"><p class=\"big\">CLAIMS CONTRADICTED</p>"), "\(page.prefix(3000))")
            #expect(page.contains("<th>Integrity</th><td><span class=\"st pass\">PASS</span>"))
            #expect(!page.contains("not as it was sealed or packed"))
        }
    }

    @Test(
        "integrity: a byte changed after packing fails integrity; the headline says do not rely on it, the seal is valid over a manifest the files no longer match"
    )
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
            #expect(lines.contains { $0.hasPrefix("      Integrity   FAIL ") && $0.contains("data/media/capture.mov") }, "\(lines)")
            // A part that passes beside changed files says what it was judged on.
            #expect(
                lines.contains {
                    $0.hasPrefix("      Claims      PASS ") && $0.hasSuffix("judged on the files as they are now, which are not the files that were packed")
                }, "\(lines)")
            #expect(text.stdout.contains("(valid over a manifest the package's files no longer match)"), "the seal line must not reassure")
            let html = dir.appendingPathComponent("tampered.html")
            _ = CLI.rial(["report", tampered.path, "--trust", pki.path("root-ca.pem"), "-o", html.path], cwd: dir)
            let page = try String(contentsOf: html, encoding: .utf8)
            #expect(page.contains("<p class=\"big\">FAILED</p>"))
            #expect(page.contains("valid over a manifest the package's files no longer match") && !page.contains("Signature valid; signer trusted"))
            #expect(page.contains("This file is not the one that was packed"), "the media facts of a changed file must say so")
        }
    }

    @Test("provenance: a seal by a signer outside the anchors given is NOT TRUSTED; integrity holds and says so")
    func provenanceFails() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try Fixture.pack(try Fixture.sample(in: dir), in: dir, options: pki.signing("other-investigator", chain: nil))
            let text = CLI.rial(["verify", package.path, "--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(text.status == 1)
            let lines = headline(text.stdout)
            #expect(lines[0] == "FAIL  \(package.path)  (not trusted)", "\(lines)")
            #expect(lines[1].hasPrefix("      Intact as sealed: every file matches the manifest the seal signs; but the seal's signer"), "\(lines)")
            #expect(lines[1].contains("chains to none of the trust anchors you gave"))
            #expect(lines.contains { $0.hasPrefix("      Integrity   PASS ") })
            #expect(lines.contains { $0.hasPrefix("      Provenance  FAIL ") && $0.contains("seal.signer.untrusted") })
            let (_, report) = try Sealing.verify(package, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(report.basis?.title == "NOT TRUSTED")
            #expect(report.basis?.states["integrity"] == "pass" && report.basis?.states["provenance"] == "fail")
        }
    }

    @Test("an unsealed package reads INTERNALLY CONSISTENT in its own colour, never VERIFIED's green")
    func unsealedColour() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.pack(try Fixture.sample(in: dir), in: dir)
            let html = dir.appendingPathComponent("plain.html")
            let result = CLI.rial(["report", package.path, "-o", html.path], cwd: dir)
            #expect(result.status == 0, "\(result)")
            let page = try String(contentsOf: html, encoding: .utf8)
            #expect(page.contains("<section class=\"verdict consistent\"><p class=\"big\">INTERNALLY CONSISTENT</p>"))
            #expect(!page.contains("class=\"verdict verified\""))
            #expect(page.contains(".verdict.consistent{border-color:#546e7a"), "its own colour, not the green of .verdict.verified")
        }
    }
}
