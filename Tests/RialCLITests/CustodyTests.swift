import Foundation
import RialTestSupport
import Testing

/// The chain of custody (`rial/custody/`, schema/SPEC.md §15): appending never breaks the seal
/// or the bag, and every way of tampering with the log is caught with its code and the
/// event's seq.
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

    private func sha256(_ file: URL) -> String {
        String(CLI.run(["sha256sum", file.path], cwd: file.deletingLastPathComponent()).stdout.prefix(64))
    }

    // MARK: - Appending

    @Test("three events appended (one unsigned, two signed by different identities): pass; the seal and the bag still verify with openssl and bagit-python")
    func appendedEventsVerify() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try logged(pki, in: dir)
            let (result, report) = try Sealing.verify(package, anchors(pki), cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            let custody = try #require(report.custody)
            #expect(custody.state == "intact")
            #expect(custody.eventCount == 9)
            #expect(custody.importedCount == 5)
            #expect(custody.signedCount == 3)
            #expect(
                custody.events.map(\.action) == [
                    "RECORDING_START", "RECORDING_COMPLETE", "HASH_GENERATION_COMPLETE",
                    "TIMESTAMP_VERIFICATION_COMPLETE", "MANIFEST_CREATED", "PACKAGED",
                    "TRANSFERRED", "RECEIVED", "NOTE",
                ])
            #expect(custody.events.map(\.signature) == Array(repeating: "missing", count: 5) + ["valid-trusted", "missing", "valid-trusted", "valid-trusted"])
            #expect(custody.events[6].actor?.name == "Jane Roe")
            #expect(custody.events[6].actor?.organisation == "Metro PD")
            #expect(custody.events[7].actor?.name == "Test Investigator (TEST ONLY)")
            #expect(custody.events[7].actor?.role == "lab technician")
            #expect(custody.events[8].signer?.contains("CN=Other Investigator (TEST ONLY)") == true)
            for seq in [6, 8, 9] {
                #expect(report.checks.contains { $0.code == "custody.trust" && $0.seq == seq && $0.status == "pass" }, "trust of \(seq)")
            }
            #expect(report.checks.contains { $0.code == "custody.signature" && $0.seq == 7 && $0.status == "not_present" })
            #expect(report.seal?.state == "valid-trusted")

            // Appending never touched the manifest or the seal: openssl still verifies it.
            #expect(try Sealing.opensslVerifiesSeal(package, anchor: pki.path("root-ca.pem"), in: dir))
            // The bag is consistent: bagit-python validates it, the tag manifests list the log.
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("bag"))
            let bagit = try Oracle.bagitValidate(bag)
            #expect(bagit.status == 0, "\(bagit)")
            let tagManifest = try Fixture.text(bag.appendingPathComponent("tagmanifest-sha256.txt"))
            for file in ["000007.json", "000008.json", "000008.p7s", "000009.json", "000009.p7s"] {
                #expect(tagManifest.contains("  rial/custody/\(file)\n"), "\(file)")
            }
            // Each event signature is a detached CMS signature openssl verifies over the event.
            for (seq, root) in [("000008", "root-ca.pem"), ("000009", "other-root-ca.pem")] {
                let check = CLI.run(
                    [
                        "openssl", "cms", "-verify", "-binary", "-inform", "DER", "-in", "rial/custody/\(seq).p7s",
                        "-content", "rial/custody/\(seq).json", "-CAfile", pki.path(root), "-purpose", "any", "-out", "/dev/null",
                    ], cwd: bag)
                #expect(check.status == 0, "\(seq): \(check)")
            }
            // Each event links to the one before by the SHA-256 of its exact bytes.
            let seven = try Fixture.text(bag.appendingPathComponent("rial/custody/000007.json"))
            #expect(seven.contains("\"previous\": \"\(sha256(bag.appendingPathComponent("rial/custody/000006.json")))\""))
            let first = try Fixture.text(bag.appendingPathComponent("rial/custody/000001.json"))
            #expect(first.contains("\"previous\": \"\(sha256(bag.appendingPathComponent("rial/manifest.json")))\""))
        }
    }

    @Test("appending copies every other entry byte for byte: the old archive is a prefix up to the tag manifests")
    func appendKeepsEverythingElse() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let before = dir.appendingPathComponent("before")
            let after = dir.appendingPathComponent("after")
            _ = try Fixture.untar(package, into: before)
            try append(package, ["--action", "ACCESSED", "--actor-name", "A. Clerk"], in: dir)
            _ = try Fixture.untar(package, into: after)
            let listing = CLI.run(["diff", "-r", "-q", before.path, after.path], cwd: dir).stdout
            let changed = listing.split(separator: "\n").map(String.init)
            #expect(changed.count == 3, "\(listing)")
            #expect(changed.filter { $0.contains("tagmanifest-sha256.txt") || $0.contains("tagmanifest-sha512.txt") }.count == 2, "\(listing)")
            #expect(changed.contains { $0.hasPrefix("Only in") && $0.contains("000007.json") }, "\(listing)")
        }
    }

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
            let (_, report) = try Sealing.verify(broken, [], cwd: dir)
            let event = try #require(report.custody?.events.last)
            #expect(event.seq == 7 && event.forced == true)
            #expect(report.warnings.contains { $0.contains("--force") && $0.contains("bag.manifest.sha256.mismatch") }, "\(report.warnings)")
            let bag = try Fixture.untar(broken, into: dir.appendingPathComponent("forced"))
            let text = try Fixture.text(bag.appendingPathComponent("rial/custody/000007.json"))
            #expect(text.contains("\"forced\"") && text.contains("\"verdict\": \"fail\"") && text.contains("bag.manifest.sha256.mismatch"), "\(text)")
        }
    }

    // MARK: - Tampering

    // The tampering cases themselves are unit tests over the in-memory package
    // (Tests/RialVerifierTests: CustodyLinkCheckTests, CustodyImportCheckTests,
    // CustodySignatureCheckTests, CustodySealRecordCheckTests, CustodyHeadCheckTests,
    // CustodyCheckTests, CustodySummaryTests). What stays here runs the binary end to end, one
    // case per family: exit status, the text report's FAIL lines, the JSON report's codes and
    // custody summary, and the options only the command line has (--trust, --custody-head).

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

    @Test("an event inserted: the event after it no longer links, its number no longer matches, and two events claim the same place")
    func eventInserted() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try logged(pki, in: dir)
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("bag"))
            // A well-formed event 8 that links to event 7, slipped in before the real 8 and 9.
            var inserted = try Fixture.text(bag.appendingPathComponent("rial/custody/000007.json"))
            inserted = inserted.replacingOccurrences(of: "\"seq\": 7", with: "\"seq\": 8")
            let previous7 = try #require(inserted.range(of: "\"previous\": \"")).upperBound
            inserted.replaceSubrange(previous7..<inserted.index(previous7, offsetBy: 64), with: sha256(bag.appendingPathComponent("rial/custody/000007.json")))
            inserted = inserted.replacingOccurrences(of: "To County Lab by courier", with: "Copied for the defence")
            let id = try #require(inserted.range(of: "\"id\": \"")).upperBound
            inserted.replaceSubrange(id..<inserted.index(id, offsetBy: 36), with: "00000000-0000-4000-8000-000000000001")
            let file = dir.appendingPathComponent("inserted.json")
            try Data(inserted.utf8).write(to: file)
            var source = package
            let steps: [[String]] = [
                ["rename", "rial/custody/000009.json", "rial/custody/000010.json"],
                ["rename", "rial/custody/000009.p7s", "rial/custody/000010.p7s"],
                ["rename", "rial/custody/000008.json", "rial/custody/000009.json"],
                ["rename", "rial/custody/000008.p7s", "rial/custody/000009.p7s"],
                ["add-file", "rial/custody/000008.json", file.path, "--cover"],
            ]
            for (number, step) in steps.enumerated() {
                let target = dir.appendingPathComponent("insert-\(number).rialpkg")
                try Oracle.tamper(source, step, output: target)
                source = target
            }
            let (result, report) = try Sealing.verify(source, anchors(pki), cwd: dir)
            #expect(result.status == 1)
            let found = failures(report)
            #expect(
                found.isSuperset(of: ["custody.seq.mismatch@9", "custody.link.broken@9", "custody.fork@9", "custody.seq.mismatch@10"]), "\(report.failures)")
            #expect(found.allSatisfy { $0.hasPrefix("custody.") && ($0.hasSuffix("@9") || $0.hasSuffix("@10")) }, "\(report.failures)")
        }
    }

    @Test("the last event removed with its tag-manifest lines: undetectable from the package alone (said so), caught with --custody-head (any case)")
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

            // The honest limit: the package alone cannot show it, and the report says so.
            let (alone, report) = try Sealing.verify(cut, anchors(pki), cwd: dir)
            #expect(alone.status == 0, "\(report.failures)")
            #expect(report.custody?.eventCount == 8)
            let limit = try #require(report.checks.first { $0.code == "custody.head" })
            #expect(limit.status == "not_checked")
            #expect(limit.message.contains("--custody-head"))

            // With the head recorded at hand-over, it is caught.
            let (caught, headReport) = try Sealing.verify(cut, anchors(pki) + ["--custody-head", head], cwd: dir)
            #expect(caught.status == 1)
            #expect(failures(headReport) == ["custody.truncated"], "\(headReport.failures)")
            // And the recorded head on the intact package passes, naming the event.
            let (intact, intactReport) = try Sealing.verify(package, anchors(pki) + ["--custody-head", head.uppercased()], cwd: dir)
            #expect(intact.status == 0)
            #expect(intactReport.checks.contains { $0.code == "custody.head" && $0.status == "pass" && $0.seq == 9 })
            // Not a SHA-256: a usage error.
            #expect(CLI.rial(["verify", package.path, "--quiet", "--custody-head", "abc"], cwd: dir).status == 64)
        }
    }

    @Test("an event signature made with openssl by another person: exit 1, custody.signer.mismatch naming the signer, FAIL in the text report")
    func signatureFromAnotherKey() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try logged(pki, in: dir)
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("bag"))
            // The other investigator signs event 8's exact bytes: a valid signature, by the wrong person.
            let raw = dir.appendingPathComponent("other.p7s"), lowS = dir.appendingPathComponent("other-low-s.p7s")
            let signed = CLI.run(
                [
                    "openssl", "cms", "-sign", "-binary", "-in", "rial/custody/000008.json", "-signer", pki.path("other-investigator.pem"),
                    "-inkey", pki.path("other-investigator.key"), "-md", "sha256", "-outform", "DER", "-out", raw.path,
                ], cwd: bag)
            try #require(signed.status == 0, "\(signed)")
            try Sealing.forge("low-s", raw, lowS)
            let replaced = dir.appendingPathComponent("replaced.rialpkg")
            try Oracle.tamper(package, ["replace-file", "rial/custody/000008.p7s", lowS.path, "--cover"], output: replaced)
            let (result, report) = try Sealing.verify(replaced, anchors(pki), cwd: dir)
            #expect(result.status == 1)
            #expect(failures(report) == ["custody.signer.mismatch@8"], "\(report.failures)")
            let message = try #require(report.checks.first { $0.code == "custody.signer.mismatch" }?.message)
            #expect(message.contains("Other Investigator"), "\(message)")
            let text = CLI.rial(["verify", replaced.path, "--quiet"] + anchors(pki), cwd: dir)
            #expect(text.status == 1)
            #expect(text.stdout.contains("FAIL         custody.signer.mismatch  rial/custody/000008.p7s (event 8)"), "\(text.stdout)")
        }
    }

    @Test("the whole log replaced by another package's log: the binding to rial/manifest.json and the package id are caught")
    func logFromAnotherPackage() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try logged(pki, in: dir)
            let other = try Fixture.pack(
                try Fixture.sample(in: dir, name: "other-capture", seed: 1), in: dir, name: "other.rialpkg",
                options: ["--package-id", "other-case"] + pki.signing())
            let otherBag = try Fixture.untar(other, into: dir.appendingPathComponent("other-bag"))
            // Same capture, so the imported events even agree; only the package differs.
            var source = package
            var steps: [[String]] = []
            for seq in 7...9 { steps.append(["remove", String(format: "rial/custody/%06d.json", seq)]) }
            for seq in [8, 9] { steps.append(["remove", String(format: "rial/custody/%06d.p7s", seq)]) }
            for name in ["000001.json", "000002.json", "000003.json", "000004.json", "000005.json", "000006.json", "000006.p7s"] {
                steps.append(["replace-file", "rial/custody/\(name)", otherBag.appendingPathComponent("rial/custody/\(name)").path])
            }
            steps[steps.count - 1].append("--cover")
            for (number, step) in steps.enumerated() {
                let target = dir.appendingPathComponent("swap-\(number).rialpkg")
                try Oracle.tamper(source, step, output: target)
                source = target
            }
            let (result, report) = try Sealing.verify(source, anchors(pki), cwd: dir)
            #expect(result.status == 1)
            let found = failures(report)
            #expect(found.contains("custody.binding.mismatch@1"), "\(report.failures)")
            for seq in 1...6 { #expect(found.contains("custody.package.mismatch@\(seq)"), "\(seq): \(report.failures)") }
        }
    }

    @Test("an imported event given a location it never had: exit 1, custody.import.mismatch in the JSON and the text report")
    func importedEventEmbellished() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let edited = dir.appendingPathComponent("edited.rialpkg")
            try Oracle.tamper(
                package,
                [
                    "replace-text", "rial/custody/000001.json", "\"details\": \"Recording started\",",
                    "\"details\": \"Recording started\",\n  \"location\": \"Evidence room 3\",", "--relink",
                ], output: edited)
            let (result, report) = try Fixture.verifyJSON(edited.path, cwd: dir)
            #expect(result.status == 1)
            #expect(failures(report) == ["custody.import.mismatch@1"], "\(report.failures)")
            let text = CLI.rial(["verify", edited.path, "--quiet"], cwd: dir)
            #expect(text.status == 1)
            #expect(text.stdout.contains("FAIL         custody.import.mismatch  rial/custody/000001.json (event 1)"), "\(text.stdout)")
        }
    }

    @Test("a certificate without a CN names no one: append refuses it, and an event signed with it anyway fails custody.signer.mismatch")
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
            let refused = CLI.rial(
                [
                    "custody", "append", package.path, "--action", "NOTE", "--actor-name", "Chief Inspector Jane Roe",
                    "--sign-key", key.path, "--cert", cert.path, "--quiet",
                ], cwd: dir)
            #expect(refused.status == 64, "\(refused)")
            #expect(refused.stderr.contains("no single CN"), "\(refused)")

            // Forged anyway: an unsigned event claiming the certificate, then signed with openssl.
            try append(package, ["--action", "NOTE", "--actor-name", "Chief Inspector Jane Roe", "--details", "x"], in: dir)
            let fingerprint =
                CLI.run(["openssl", "x509", "-in", cert.path, "-noout", "-fingerprint", "-sha256"], cwd: dir).stdout
                .split(separator: "=").last.map { $0.replacingOccurrences(of: ":", with: "").lowercased().trimmingCharacters(in: .whitespacesAndNewlines) }
                ?? ""
            let claimed = dir.appendingPathComponent("claimed.rialpkg")
            try Oracle.tamper(
                package,
                [
                    "json-set", "rial/custody/000007.json", "/actor",
                    "{\"name\": \"Chief Inspector Jane Roe\", \"organisation\": \"Metro PD\", \"certificate_sha256\": \"\(fingerprint)\"}", "--cover",
                ],
                output: claimed)
            let bag = try Fixture.untar(claimed, into: dir.appendingPathComponent("bag"))
            let raw = dir.appendingPathComponent("nocn-raw.p7s"), signature = dir.appendingPathComponent("nocn.p7s")
            let signed = CLI.run(
                [
                    "openssl", "cms", "-sign", "-binary", "-in", "rial/custody/000007.json", "-signer", cert.path, "-inkey", key.path,
                    "-md", "sha256", "-outform", "DER", "-out", raw.path,
                ], cwd: bag)
            try #require(signed.status == 0, "\(signed)")
            try Sealing.forge("low-s", raw, signature)
            let forged = dir.appendingPathComponent("forged.rialpkg")
            try Oracle.tamper(claimed, ["add-file", "rial/custody/000007.p7s", signature.path, "--cover"], output: forged)
            let (_, report) = try Sealing.verify(forged, ["--trust", cert.path], cwd: dir)
            #expect(failures(report) == ["custody.signer.mismatch@7"], "\(report.failures)")
            #expect(report.checks.first { $0.code == "custody.signer.mismatch" }?.message.contains("no single CN") == true)
        }
    }

    // MARK: - Packing and showing

    @Test(
        "rial pack names the packager: --actor-name and friends, or the sealing certificate; a capture log later than --created is packed with a warning and fails verification"
    )
    func packagedEvent() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let capture = try Fixture.sample(in: dir)
            let named = try Fixture.pack(
                capture, in: dir, name: "named.rialpkg",
                options: [
                    "--actor-name", "Jane Roe", "--role", "investigator", "--actor-id", "4411",
                    "--organization", "Metro PD", "--location", "Scene 1",
                ])
            let (_, report) = try Fixture.verifyJSON(named.path, cwd: dir)
            let packaged = try #require(report.custody?.events.last)
            #expect(packaged.action == "PACKAGED" && packaged.seq == 6)
            #expect(packaged.actor?.name == "Jane Roe" && packaged.actor?.identifier == "4411" && packaged.actor?.organisation == "Metro PD")
            #expect(packaged.timestamp == Fixture.created)
            #expect(packaged.signature == "missing")

            let sealed = try Fixture.pack(capture, in: dir, name: "sealed.rialpkg", options: pki.signing())
            let (_, sealedReport) = try Sealing.verify(sealed, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            let signedEvent = try #require(sealedReport.custody?.events.last)
            #expect(signedEvent.actor?.name == "Test Investigator (TEST ONLY)")
            #expect(signedEvent.actor?.certificateSha256 == sealedReport.seal?.signer?.sha256Fingerprint)
            #expect(signedEvent.signature == "valid-trusted")

            let mismatch = CLI.rial(
                ["pack", capture.path, "-o", "bad.rialpkg", "--created", Fixture.created, "--actor-name", "Mallory"] + pki.signing(), cwd: dir)
            #expect(mismatch.status == 64, "\(mismatch)")
            // Preserve first: the app's log is packed as written, with a warning, and the
            // verifier fails the PACKAGED event that precedes the app's last one.
            let early = CLI.rial(["pack", capture.path, "-o", "early.rialpkg", "--created", "2026-01-01T00:00:00Z"], cwd: dir)
            #expect(early.status == 0, "\(early)")
            #expect(
                early.stderr.contains("warning:") && early.stderr.contains("custody_log.json") && early.stderr.contains("after the package's creation time"),
                "\(early)")
            let (_, earlyReport) = try Fixture.verifyJSON("early.rialpkg", cwd: dir)
            #expect(earlyReport.verdict == "fail")
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
