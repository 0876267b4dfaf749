import Foundation
import RialTestSupport
import Testing

/// The chain of custody (`rial/custody/`, schema/SPEC.md §15) end to end: what `rial custody
/// append`, `rial custody show`, `rial pack` and `rial verify` exit with and print. What
/// appending adds and what the verifier finds for each kind of tampering are in-process
/// (RialVerifierTests' CustodyTests, RialAmenderTests' PackageAmender+CustodyTests).
@Suite("Chain of custody")
struct CustodyTests {
    /// A sealed package (PACKAGED, event 6, signed by the investigator), then three hand-overs:
    /// 7 unsigned (Jane Roe), 8 signed by the investigator, 9 signed by another identity.
    private func logged(_ pki: TestPKI, in dir: URL, name: String = "case.rialpkg", seed: Int = 1) throws -> URL {
        let capture = try Fixture.sample(in: dir, name: "capture-\(seed)", seed: seed)
        let package = try Fixture.pack(capture, in: dir, name: name, options: pki.signing())
        try append(
            package,
            [
                "--action", "TRANSFERRED", "--actor-name", "Jane Roe", "--role", "investigator", "--org", "Metro PD",
                "--details", "To County Lab by courier, bag A-1172", "--location", "Metro PD evidence room",
            ], in: dir)
        try append(package, ["--action", "RECEIVED", "--role", "lab technician", "--details", "Seal tape intact"] + pki.signing(), in: dir)
        try append(package, ["--action", "NOTE", "--details", "Second opinion"] + pki.signing("other-investigator", chain: nil), in: dir)
        return package
    }

    private func append(_ package: URL, _ arguments: [String], in dir: URL) throws {
        let result = CLI.rial(["custody", "append", package.path, "--quiet"] + arguments, cwd: dir)
        try #require(result.status == 0, "custody append failed: \(result)")
    }

    /// Both hierarchies' roots: the investigator's and the other investigator's.
    private func anchors(_ pki: TestPKI) -> [String] {
        ["--trust", pki.path("root-ca.pem"), "--trust", pki.path("other-root-ca.pem")]
    }

    /// Failing findings as "code@seq" ("code" when the finding has no seq).
    private func failures(_ report: Report) -> Set<String> {
        Set(report.failures.map { check in check.seq.map { "\(check.code)@\($0)" } ?? check.code })
    }

    // MARK: - Appending

    @Test(
        "append refuses what the verifier would reject: a failing package (unless --force, which the event records), a signer who is not the actor, a time in the future or before the last event, a capture-app action"
    )
    func appendRefusals() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try Fixture.pack(try Fixture.sample(in: dir), in: dir, options: pki.signing())
            let original = try Data(contentsOf: package)
            // Each refused with exit 64 and the reason it is refused for.
            let refusals: [([String], String)] = [
                (["--action", "NOTE", "--actor-name", "Mallory"] + pki.signing(), "not the certificate's CN"),
                (["--action", "NOTE", "--org", "Other Org"] + pki.signing(), "not the certificate's O"),
                (["--action", "NOTE", "--actor-name", "Jane", "--at", "2999-01-01T00:00:00Z"], "in the future"),
                (["--action", "NOTE", "--actor-name", "Jane", "--at", "2026-01-01T00:00:00Z"], "time order"),
                (["--action", "RECORDING_START", "--actor-name", "Jane"], "--action must be one of"),
                (["--action", "PACKAGED", "--actor-name", "Jane"], "--action must be one of"),
                (["--action", "NOTE"], "--actor-name"),
                (["--action", "NOTE", "--actor-name", "Jane", "--details", "two\nlines"], "control character"),
            ]
            for (arguments, reason) in refusals {
                let result = CLI.rial(["custody", "append", package.path, "--quiet"] + arguments, cwd: dir)
                #expect(result.status == 64, "\(arguments): \(result)")
                #expect(result.stderr.contains(reason), "\(arguments): \(result.stderr)")
            }
            #expect(try Data(contentsOf: package) == original, "a refused append changed the package")

            // A failing package: refused, unchanged; with --force, appended and recorded.
            let broken = dir.appendingPathComponent("broken.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "10"], output: broken)
            let brokenBytes = try Data(contentsOf: broken)
            let refused = CLI.rial(["custody", "append", broken.path, "--action", "NOTE", "--actor-name", "Jane", "--quiet"], cwd: dir)
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.stderr.contains("--force") || refused.stderr.contains("does not pass"), "\(refused)")
            #expect(try Data(contentsOf: broken) == brokenBytes)
            let forced = CLI.rial(
                [
                    "custody", "append", broken.path, "--action", "NOTE", "--actor-name", "Jane", "--details", "media found altered",
                    "--force", "--quiet",
                ], cwd: dir)
            #expect(forced.status == 0, "\(forced)")
            #expect(forced.stderr.contains("--force"), "\(forced)")
        }
    }

    // MARK: - Tampering

    // The tampering cases themselves are unit tests over the in-memory package
    // (Tests/RialVerifierTests: CustodyLinkCheckTests, CustodyImportCheckTests,
    // CustodySignatureCheckTests, CustodySealRecordCheckTests, CustodyHeadCheckTests,
    // CustodyCheckTests, CustodySummaryTests) and whole packages verified in-process
    // (RialVerifierTests' CustodyTests). What stays here runs the binary end to end: exit
    // status, the text report's FAIL lines, and the options only the command line has.

    @Test("an event's details edited: exit 1, FAIL at the next event's link in the text report, BROKEN at that event in the JSON summary")
    func detailsEdited() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try logged(pki, in: dir)
            let edited = dir.appendingPathComponent("edited.rialpkg")
            try Oracle.tamper(package, ["replace-text", "rial/custody/000007.json", "bag A-1172", "bag B-9999", "--cover"], output: edited)
            let (result, report) = try Sealing.verify(edited, anchors(pki), cwd: dir)
            #expect(result.status == 1)
            #expect(failures(report) == ["custody.link.broken@8"], "\(report.failures)")
            #expect(report.custody?.state == "broken")
            #expect(report.custody?.firstBrokenSeq == 8)

            let text = CLI.rial(["verify", edited.path, "--quiet"] + anchors(pki), cwd: dir)
            #expect(text.status == 1)
            #expect(text.stdout.hasPrefix("FAIL  "), "\(text.stdout)")
            #expect(text.stdout.contains("Custody log        BROKEN at event 8"), "\(text.stdout)")
            #expect(text.stdout.contains("FAIL         custody.link.broken  rial/custody/000008.json (event 8)"), "\(text.stdout)")
        }
    }

    /// What the verifier finds is in-process (RialVerifierTests' CustodyTests.truncation); here, the option.
    @Test(
        "the last event removed with its tag-manifest lines: exit 0 from the package alone, exit 1 with --custody-head; a head that is not a SHA-256 is a usage error"
    )
    func truncation() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try logged(pki, in: dir)
            let (_, before) = try Sealing.verify(package, anchors(pki), cwd: dir)
            let head = try #require(before.custody?.head?.sha256)
            let cut = dir.appendingPathComponent("cut.rialpkg")
            let step = dir.appendingPathComponent("cut-1.rialpkg")
            try Oracle.tamper(package, ["remove", "rial/custody/000009.p7s"], output: step)
            try Oracle.tamper(step, ["remove", "rial/custody/000009.json", "--cover"], output: cut)
            let (alone, report) = try Sealing.verify(cut, anchors(pki), cwd: dir)
            #expect(alone.status == 0, "\(report.failures)")
            let (caught, headReport) = try Sealing.verify(cut, anchors(pki) + ["--custody-head", head], cwd: dir)
            #expect(caught.status == 1)
            #expect(failures(headReport) == ["custody.truncated"], "\(headReport.failures)")
            let (intact, _) = try Sealing.verify(package, anchors(pki) + ["--custody-head", head.uppercased()], cwd: dir)
            #expect(intact.status == 0)
            #expect(CLI.rial(["verify", package.path, "--quiet", "--custody-head", "abc"], cwd: dir).status == 64)
        }
    }

    /// The forged event's finding is in-process (RialVerifierTests' CustodyTests.certificateWithoutCommonName).
    @Test("a certificate without a CN names no one: custody append refuses it as a usage error (exit 64)")
    func certificateWithoutCommonName() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let key = dir.appendingPathComponent("nocn.key"), cert = dir.appendingPathComponent("nocn.pem")
            let made = CLI.run(
                [
                    "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key.path,
                    "-out", cert.path, "-subj", "/O=Metro PD/serialNumber=77", "-days", "30",
                ], cwd: dir)
            try #require(made.status == 0, "\(made)")
            let before = try Fixture.read(package)
            let refused = CLI.rial(
                [
                    "custody", "append", package.path, "--action", "NOTE", "--actor-name", "Chief Inspector Jane Roe",
                    "--sign-key", key.path, "--cert", cert.path, "--quiet",
                ], cwd: dir)
            #expect(refused.status == 64, "\(refused)")
            #expect(refused.stderr.contains("no single CN"), "\(refused)")
            #expect(try Fixture.read(package) == before)
        }
    }

    // MARK: - Packing and showing

    /// The PACKAGED event's actor and the verifier's findings are in-process (RialVerifierTests'
    /// CustodyTests.packagedEvent); here, the exit status and what stderr says.
    @Test(
        "rial pack refuses an --actor-name the sealing certificate does not attest (exit 64); a capture log later than --created is packed (exit 0) with a warning"
    )
    func packagedEvent() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let capture = try Fixture.sample(in: dir)
            let mismatch = CLI.rial(
                ["pack", capture.path, "-o", "bad.rialpkg", "--created", Fixture.created, "--actor-name", "Mallory"] + pki.signing(), cwd: dir)
            #expect(mismatch.status == 64, "\(mismatch)")
            let early = CLI.rial(["pack", capture.path, "-o", "early.rialpkg", "--created", "2026-01-01T00:00:00Z"], cwd: dir)
            #expect(early.status == 0, "\(early)")
            #expect(
                early.stderr.contains("warning:") && early.stderr.contains("custody_log.json") && early.stderr.contains("after the package's creation time"),
                "\(early)")
            let (result, earlyReport) = try Fixture.verifyJSON("early.rialpkg", cwd: dir)
            #expect(result.status == 1)
            #expect(earlyReport.has("custody.time.backwards", subject: "rial/custody/000006.json"), "\(earlyReport.failures)")
        }
    }

    @Test("rial custody show: one line per event (who, when, what, signed or not), the head, and where the chain is broken")
    func show() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try logged(pki, in: dir)
            let text = CLI.rial(
                ["custody", "show", package.path, "--quiet", "--trust", pki.path("root-ca.pem"), "--trust", pki.path("other-root-ca.pem")], cwd: dir)
            #expect(text.status == 0, "\(text)")
            let lines = text.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasPrefix("State") && $0.contains("9 events") && $0.contains("intact") }, "\(text.stdout)")
            let (_, report) = try Sealing.verify(package, [], cwd: dir)
            let head = try #require(report.custody?.head?.sha256)
            #expect(lines.contains { $0.hasPrefix("Head") && $0.contains("event 9") && $0.contains(head) }, "\(text.stdout)")
            func line(_ seq: Int) -> String? { lines.first { $0.hasPrefix("\(seq) ") } }
            #expect(line(1)?.contains("RECORDING_START") == true && line(1)?.contains("imported from the capture device") == true, "\(text.stdout)")
            #expect(
                line(7)?.contains("TRANSFERRED") == true && line(7)?.contains("Jane Roe (investigator, Metro PD)") == true
                    && line(7)?.contains("unsigned") == true, "\(text.stdout)")
            #expect(
                line(8)?.contains("RECEIVED") == true && line(8)?.contains("signed by CN=Test Investigator (TEST ONLY)") == true
                    && line(8)?.contains("signer trusted") == true, "\(text.stdout)")
            #expect(line(9)?.contains("NOTE") == true && line(9)?.contains("Other Investigator") == true, "\(text.stdout)")
            #expect(text.stdout.contains("To County Lab by courier, bag A-1172 · at Metro PD evidence room"), "\(text.stdout)")

            // Without anchors the signers were not judged: not checked, as verify says, not "NOT trusted".
            let anchorless = CLI.rial(["custody", "show", package.path, "--quiet"], cwd: dir)
            #expect(
                anchorless.stdout.contains(
                    "signed by CN=Test Investigator (TEST ONLY),OU=Evidence Unit,O=Rial TEST ONLY, signer not checked (no trust anchors given)")
                    && !anchorless.stdout.contains("NOT trusted"), "\(anchorless.stdout)")
            let otherRootOnly = CLI.rial(["custody", "show", package.path, "--quiet", "--trust", pki.path("other-root-ca.pem")], cwd: dir)
            #expect(otherRootOnly.stdout.contains("signer NOT trusted"), "\(otherRootOnly.stdout)")

            let json = CLI.rial(["custody", "show", package.path, "--quiet", "--format", "json"], cwd: dir)
            #expect(json.status == 0)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let custody = try #require(object["custody"] as? [String: Any])
            #expect(custody["event_count"] as? Int == 9)
            #expect((custody["events"] as? [[String: Any]])?.map { $0["action"] as? String }.last == "NOTE")

            // Broken: the state says where, the event line says how, the exit status says 1.
            let edited = dir.appendingPathComponent("edited.rialpkg")
            try Oracle.tamper(package, ["replace-text", "rial/custody/000007.json", "bag A-1172", "bag B-9999", "--cover"], output: edited)
            let broken = CLI.rial(["custody", "show", edited.path, "--quiet"], cwd: dir)
            #expect(broken.status == 1)
            #expect(broken.stdout.contains("BROKEN at event 8"), "\(broken.stdout)")
            #expect(broken.stdout.contains("BROKEN: custody.link.broken"), "\(broken.stdout)")
            // Not a package: exit 2.
            let garbage = dir.appendingPathComponent("garbage.rialpkg")
            try Data("not a tar".utf8).write(to: garbage)
            #expect(CLI.rial(["custody", "show", garbage.path, "--quiet"], cwd: dir).status == 2)
        }
    }
}
