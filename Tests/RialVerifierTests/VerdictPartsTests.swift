import Foundation
import RialReport
import RialTestSupport
import Testing
@testable import RialVerifier

/// The verdict in three parts (SPEC §9.2): integrity, provenance, claims, judged in process.
/// Each failing on its own gets a headline that names it and says what still holds, in the text
/// report, the JSON report, the JSON lines and the court report, each rendered in process; an
/// intact package whose capture app contradicts itself is never headlined as tampered.
/// `rial verify`'s and `rial report`'s exit statuses are end-to-end tests in RialCLITests'
/// VerdictPartsTests.
@Suite("Verdict in three parts (library)")
struct VerdictPartsTests {
    /// The text report's headline: its lines up to the first empty one.
    private func headline(_ report: VerificationReport) -> [String] {
        let text = TextReportRenderer.render(report)
        return Array(text.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map(String.init))
    }

    /// The court report (`rial report PKG -o FILE`) rendered in process with `policy`.
    private func courtReport(_ package: URL, policy: VerificationPolicy = VerificationPolicy()) -> String {
        let (report, overview) = Verifier(policy: policy).courtReport(for: package.path)
        return HTMLReportRenderer.render(report, overview: overview)
    }

    @Test("claims: an export whose recorded SHA-256 is wrong, packed as received, is intact since packing and its claims contradicted, never 'tampered'")
    func claimsFail() throws {
        try TemporaryDirectory.with { dir in
            let exports = try LibraryFixture.appExports(in: dir)
            let package = try LibraryFixture.packAppExport("digest-wrong", exports, in: dir) { $0.keepAsReceived = true }
            let anchored = try TestPKI(dir: exports.appendingPathComponent("pki")).policy(trust: [], tsaTrust: ["root-ca.pem"])
            let report = LibraryFixture.verify(package, policy: anchored)
            #expect(report.verdict == .fail, "a failure is a failure: exit 1")
            let text = TextReportRenderer.render(report)
            let lines = headline(report)
            #expect(lines[0] == "FAIL  \(package.path)  (claims contradicted)", "\(lines)")
            #expect(
                lines[1].hasPrefix("      Internally consistent: every file matches its manifests")
                    && lines[1].contains("the capture app's claims are contradicted: app.media.sha256.mismatch at data/media/recording_1764000000.mp4"),
                "\(lines)")
            #expect(!text.contains("not as it was sealed or packed"), "an intact package is not called tampered")
            #expect(lines.contains { $0.hasPrefix("      Integrity   PASS ") })
            #expect(lines.contains { $0.hasPrefix("      Claims      FAIL ") && $0.contains("app.media.sha256.mismatch") })
            let basis = try report.jsonBasis()
            #expect(basis.title == "CLAIMS CONTRADICTED")
            #expect(basis.states == ["integrity": "pass", "provenance": "pass", "claims": "fail"], "\(basis)")
            #expect(try report.jsonParts("app.media.sha256.mismatch").first == "claims")
            let manifestParts = try report.jsonParts("bag.manifest.sha256")
            #expect(!manifestParts.isEmpty && manifestParts.allSatisfy { $0 == "integrity" })
            // The batch lines carry the parts too.
            let bare = LibraryFixture.verify(package)
            let line = String(decoding: JSONLinesRenderer.line(bare, elapsed: nil), as: UTF8.self)
            // Without the TSA anchor the app's token is not judged: provenance is not checked.
            #expect(line.contains(#""parts": {"integrity": "pass","provenance": "not_checked","claims": "fail"}"#), "\(line)")
            // The court report: its own title and colour, the parts in the headline box.
            let page = courtReport(package)
            #expect(page.contains("<section class=\"verdict claims\"><p class=\"big\">CLAIMS CONTRADICTED</p>"), "\(page.prefix(3000))")
            #expect(page.contains("<th>Integrity</th><td><span class=\"st pass\">PASS</span>"))
            #expect(!page.contains("not as it was sealed or packed"))
        }
    }

    @Test(
        "integrity: a byte changed after packing fails integrity; the headline says do not rely on it, the seal is valid over a manifest the files no longer match",
        .requires(.openssl))
    func integrityFails() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try OutsideOracle.tamper(package, ["flip-byte", "data/media/capture.mov", "40"], output: tampered)
            let report = LibraryFixture.verify(tampered, policy: try pki.policy())
            #expect(report.verdict == .fail)
            let lines = headline(report)
            #expect(lines[0] == "FAIL  \(tampered.path)  (failed)", "\(lines)")
            #expect(lines[1] == "      The package is not as it was sealed or packed: do not rely on its content.")
            #expect(lines.contains { $0.hasPrefix("      Integrity   FAIL ") && $0.contains("data/media/capture.mov") }, "\(lines)")
            // A part that passes beside changed files says what it was judged on.
            #expect(
                lines.contains {
                    $0.hasPrefix("      Claims      PASS ") && $0.hasSuffix("judged on the files as they are now, which are not the files that were packed")
                }, "\(lines)")
            #expect(
                TextReportRenderer.render(report).contains("(valid over a manifest the package's files no longer match)"), "the seal line must not reassure")
            let page = courtReport(tampered, policy: try pki.policy())
            #expect(page.contains("<p class=\"big\">FAILED</p>"))
            #expect(page.contains("valid over a manifest the package's files no longer match") && !page.contains("Signature valid; signer trusted"))
            #expect(page.contains("This file is not the one that was packed"), "the media facts of a changed file must say so")
        }
    }

    @Test("provenance: a seal by a signer outside the anchors given is NOT TRUSTED; integrity holds and says so", .requires(.openssl))
    func provenanceFails() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir, signer: "other-investigator", chain: nil)
            let report = LibraryFixture.verify(package, policy: try pki.policy())
            #expect(report.verdict == .fail)
            let lines = headline(report)
            #expect(lines[0] == "FAIL  \(package.path)  (not trusted)", "\(lines)")
            #expect(lines[1].hasPrefix("      Intact as sealed: every file matches the manifest the seal signs; but the seal's signer"), "\(lines)")
            #expect(lines[1].contains("chains to none of the trust anchors you gave"))
            #expect(lines.contains { $0.hasPrefix("      Integrity   PASS ") })
            #expect(lines.contains { $0.hasPrefix("      Provenance  FAIL ") && $0.contains("seal.signer.untrusted") })
            let basis = try report.jsonBasis()
            #expect(basis.title == "NOT TRUSTED")
            #expect(basis.states["integrity"] == "pass" && basis.states["provenance"] == "fail")
        }
    }

    @Test("an unsealed package reads INTERNALLY CONSISTENT in its own colour, never VERIFIED's green")
    func unsealedColour() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(try LibraryFixture.sample(in: dir), in: dir)
            let (report, overview) = Verifier(policy: VerificationPolicy()).courtReport(for: package.path)
            #expect(report.verdict == .pass, "\(report.failures)")
            let page = HTMLReportRenderer.render(report, overview: overview)
            #expect(page.contains("<section class=\"verdict consistent\"><p class=\"big\">INTERNALLY CONSISTENT</p>"))
            #expect(!page.contains("class=\"verdict verified\""))
            #expect(page.contains(".verdict.consistent{border-color:#546e7a"), "its own colour, not the green of .verdict.verified")
        }
    }
}
