import Foundation
import RialTestSupport
import Testing

/// The headline says what the verdict rests on (SPEC §9.2, §9.3): sealed and trusted, sealed
/// with the signer unjudged, or unsealed and only internally consistent; untrusted is not
/// broken; a batch is a line per input and a totals line. That failures come first and a
/// not-checked sentence is said once are in-process tests (RialVerifierTests' VerdictWordingTests).
@Suite("Verdict wording")
struct VerdictWordingTests {
    private func headline(_ stdout: String) -> [String] {
        Array(stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map(String.init))
    }

    @Test("PASS says what it rests on: unsealed is internally consistent only; sealed, trusted or not; the custody head given or not")
    func passRestsOnSomething() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let capture = try Fixture.sample(in: dir)
            let plain = try Fixture.pack(capture, in: dir, name: "plain.rialpkg")
            let sealed = try Fixture.pack(capture, in: dir, name: "sealed.rialpkg", options: pki.signing())

            let unsealed = headline(CLI.rial(["verify", plain.path], cwd: dir).stdout)
            #expect(unsealed.first == "PASS  \(plain.path)  (internally consistent)")
            // The three parts, each with its state: an unsealed package has no provenance at all.
            #expect(unsealed.contains { $0.hasPrefix("      Integrity   PASS ") && $0.contains("internally consistent") }, "\(unsealed)")
            #expect(
                unsealed.contains { $0.hasPrefix("      Provenance  NOT PRESENT ") && $0.contains("nothing in the package says who made it") }, "\(unsealed)")
            #expect(unsealed.contains { $0.hasPrefix("      Claims      PASS ") }, "\(unsealed)")
            #expect(unsealed[1].contains("Internally consistent") && unsealed[1].contains("anyone could have rebuilt it"), "\(unsealed)")
            #expect(!unsealed.joined().contains("nothing was added, removed or changed"), "an unsealed package cannot promise that")
            #expect(unsealed.contains { $0.contains("without --custody-head, events removed from its end would not be seen") })

            let trusted = headline(CLI.rial(["verify", sealed.path, "--trust", pki.path("root-ca.pem")], cwd: dir).stdout)
            #expect(trusted[1].hasPrefix("      Verified: every file matches the manifest sealed by CN=Test Investigator (TEST ONLY)"), "\(trusted)")
            #expect(trusted[1].contains("whom your trust anchors vouch for"))
            #expect(trusted.first == "PASS  \(sealed.path)  (verified)")
            #expect(trusted.contains { $0.hasPrefix("      Provenance  PASS ") && $0.contains("sealed by CN=Test Investigator") }, "\(trusted)")

            let unjudged = headline(CLI.rial(["verify", sealed.path], cwd: dir).stdout)
            #expect(unjudged[1].contains("Intact as sealed") && unjudged[1].contains("was not checked against a trust anchor (give --trust)"), "\(unjudged)")
            #expect(unjudged.first == "PASS  \(sealed.path)  (intact as sealed)")
            #expect(unjudged.contains { $0.hasPrefix("      Provenance  NOT CHECKED ") && $0.contains("not established: the seal's signer") }, "\(unjudged)")

            let head = try #require(try Fixture.verifyJSON(sealed.path, cwd: dir).report.custody?.head?.sha256)
            let withHead = headline(CLI.rial(["verify", sealed.path, "--trust", pki.path("root-ca.pem"), "--custody-head", head], cwd: dir).stdout)
            #expect(withHead.contains { $0.contains("Custody log: checked up to the head recorded at the last hand-over") }, "\(withHead)")
            // The same basis in the JSON report, for scripts.
            let plainBasis = try #require(try Fixture.verifyJSON(plain.path, cwd: dir).report.basis)
            #expect(plainBasis == .init(assurance: "unsealed", failure: "none", custodyHead: "not-given"))
            #expect(plainBasis.title == "INTERNALLY CONSISTENT")
            #expect(plainBasis.states == ["integrity": "pass", "provenance": "not_present", "claims": "pass"])
            let (_, trustedReport) = try Sealing.verify(sealed, ["--trust", pki.path("root-ca.pem"), "--custody-head", head], cwd: dir)
            #expect(trustedReport.basis == .init(assurance: "sealed-trusted", failure: "none", custodyHead: "checked"))
            #expect(trustedReport.basis?.title == "VERIFIED")
            #expect(trustedReport.basis?.states == ["integrity": "pass", "provenance": "pass", "claims": "pass"])
            #expect(try Fixture.verifyJSON(sealed.path, cwd: dir).report.basis?.assurance == "sealed-signer-not-checked")
            // The custody head has its own sentence, so it is not repeated as a not-checked line.
            #expect(!unsealed.contains { $0.contains("Not checked") && $0.contains("--custody-head") })
        }
    }

    @Test("an event signed outside the anchors: provenance NOT CHECKED and named, not a failure; the content is not called unreliable")
    func untrustedIsNotBroken() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try Fixture.pack(try Fixture.sample(in: dir), in: dir, options: pki.signing())
            let append = CLI.rial(
                [
                    "custody", "append", package.path, "--action", "TRANSFERRED", "--sign-key", pki.path("other-investigator.key"),
                    "--cert", pki.path("other-investigator.pem"), "--quiet",
                ], cwd: dir)
            try #require(append.status == 0, "\(append)")
            let text = CLI.rial(["verify", package.path, "--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(text.status == 0, "a signer outside the anchors given is not a failure: \(text)")
            let lines = headline(text.stdout)
            #expect(lines.contains { $0.hasPrefix("      Provenance  PASS ") && $0.contains("not established: custody event 7's signer") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("      Integrity   PASS ") }, "\(lines)")
            #expect(!text.stdout.contains("do not rely"), "untrusted is not broken")
            #expect(text.stdout.contains("Custody log        links intact, but NOT TRUSTED from event 7"))
            #expect(!text.stdout.contains("BROKEN"))
            let (_, report) = try Sealing.verify(package, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(report.custody?.state == "untrusted")
            #expect(report.basis == .init(assurance: "sealed-trusted", failure: "none", custodyHead: "not-given"))
            let untrusted = report.checks("custody.signer.untrusted")
            #expect(
                untrusted.count == 1 && untrusted.first?.status == "not_checked" && untrusted.first?.seq == 7 && untrusted.first?.part == "provenance",
                "\(untrusted)")
            let show = CLI.rial(["custody", "show", package.path, "--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(show.stdout.contains("NOT TRUSTED: the signer chains to none of the anchors given") && !show.stdout.contains("BROKEN"), "\(show.stdout)")
        }
    }

    @Test("a batch prints a line per input and a totals line, not every report")
    func batchLines() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/frames/frame_000005.raw", "3"], output: tampered)
            let result = CLI.rial(["verify", package.path, tampered.path, "nosuch.rialpkg", "--jobs", "1"], cwd: dir)
            #expect(result.status == 1, "a failure outranks an input that could not be verified (SPEC §9.4)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 4, "\(result.stdout)")
            #expect(lines[0].hasPrefix("PASS   \(package.path)  (unsealed: internally consistent only"))
            #expect(lines[1].hasPrefix("FAIL   \(tampered.path)  (") && lines[1].contains("failed: "))
            #expect(lines[2].hasPrefix("ERROR  nosuch.rialpkg  (could not verify: input.unreadable"))
            #expect(lines[3] == "3 inputs: 1 passed, 1 failed, 1 could not be verified")
        }
    }
}
