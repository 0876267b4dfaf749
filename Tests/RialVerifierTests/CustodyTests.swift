import Foundation
import RialAmender
import RialCrypto
import RialFormat
import RialPackager
import RialTestSupport
import Testing
@testable import RialVerifier

/// The chain of custody (`rial/custody/`, schema/SPEC.md §15) on whole packages, in-process:
/// appending never breaks the seal or the bag (openssl and bagit-python agree), and tampering
/// with the log is caught with its code and the event's seq. `rial custody` and `rial verify`'s
/// exit statuses and output are end-to-end tests in RialCLITests' CustodyTests.
@Suite("Chain of custody (library)", .requires(.openssl))
struct CustodyTests {
    /// A sealed package (PACKAGED, event 6, signed by the investigator), then three hand-overs,
    /// appended as `rial custody append` does: 7 unsigned (Jane Roe), 8 signed by the
    /// investigator, 9 signed by another identity.
    private func logged(_ pki: TestPKI, in dir: URL, name: String = "case.rialpkg", seed: UInt64 = 1) throws -> URL {
        let package = try LibraryFixture.sealed(pki, in: dir, name: name, seed: seed)
        let amender = PackageAmender(path: package.path)
        _ = try amender.appendCustodyEvent(
            CustodyEventDraft(
                action: .transferred, actor: CustodyActor(name: "Jane Roe", role: "investigator", organisation: "Metro PD"),
                details: "To County Lab by courier, bag A-1172", location: "Metro PD evidence room"), at: .now())
        _ = try amender.appendCustodyEvent(
            CustodyEventDraft(action: .received, actor: CustodyActor(name: "", role: "lab technician"), details: "Seal tape intact"),
            signedBy: pki.sealer(), at: .now())
        _ = try amender.appendCustodyEvent(
            CustodyEventDraft(action: .note, actor: nil, details: "Second opinion"), signedBy: pki.sealer("other-investigator", chain: nil), at: .now())
        return package
    }

    /// Both hierarchies' roots: the investigator's and the other investigator's.
    private func anchors(_ pki: TestPKI, custodyHead: String? = nil) throws -> VerificationPolicy {
        try pki.policy(trust: ["root-ca.pem", "other-root-ca.pem"], custodyHead: custodyHead)
    }

    /// Failing findings as "code@seq" ("code" when the finding has no seq).
    private func failures(_ report: VerificationReport) -> Set<String> {
        Set(report.failures.map { check in check.seq.map { "\(check.code.rawValue)@\($0)" } ?? check.code.rawValue })
    }

    /// sha256sum's digest of `file`; a failure is a text no digest equals.
    private func sha256(_ file: URL) -> String {
        (try? OutsideOracle.digest(file.path)) ?? "(sha256sum failed on \(file.path))"
    }

    private func text(_ file: URL) throws -> String { String(decoding: try Data(contentsOf: file), as: UTF8.self) }

    // MARK: - Appending

    @Test("three events appended (one unsigned, two signed by different identities): pass; the seal and the bag still verify with openssl and bagit-python")
    func appendedEventsVerify() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try logged(pki, in: dir)
            let report = LibraryFixture.verify(package, policy: try anchors(pki))
            #expect(report.verdict == .pass, "\(report.failures)")
            let custody = try #require(report.custody)
            #expect(custody.state == .intact)
            #expect(custody.entries.count == 9)
            #expect(custody.importedCount == 5)
            #expect(custody.signedCount == 3)
            #expect(
                custody.entries.map { $0.event?.action.rawValue } == [
                    "RECORDING_START", "RECORDING_COMPLETE", "HASH_GENERATION_COMPLETE",
                    "TIMESTAMP_VERIFICATION_COMPLETE", "MANIFEST_CREATED", "PACKAGED",
                    "TRANSFERRED", "RECEIVED", "NOTE",
                ])
            #expect(
                custody.entries.map(\.signature.rawValue) == Array(repeating: "missing", count: 5) + [
                    "valid-trusted", "missing", "valid-trusted", "valid-trusted",
                ])
            #expect(custody.entries[6].event?.actor.name == "Jane Roe")
            #expect(custody.entries[6].event?.actor.organisation == "Metro PD")
            #expect(custody.entries[7].event?.actor.name == "Test Investigator (TEST ONLY)")
            #expect(custody.entries[7].event?.actor.role == "lab technician")
            #expect(custody.entries[8].signerSubject?.contains("CN=Other Investigator (TEST ONLY)") == true)
            for seq: Int64 in [6, 8, 9] {
                #expect(report.checks.contains { $0.code.rawValue == "custody.trust" && $0.seq == seq && $0.status == .pass }, "trust of \(seq)")
            }
            #expect(report.checks.contains { $0.code.rawValue == "custody.signature" && $0.seq == 7 && $0.status == .notPresent })
            #expect(report.seal?.state == .validTrusted)

            // Appending never touched the manifest or the seal: openssl still verifies it.
            #expect(try SealOracle.opensslVerifiesSeal(package, anchor: pki.path("root-ca.pem"), in: dir))
            // The bag is consistent: bagit-python validates it, the tag manifests list the log.
            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("bag"))
            let bagit = try OutsideOracle.bagitValidate(bag)
            #expect(bagit.status == 0, "\(bagit)")
            let tagManifest = try text(bag.appendingPathComponent("tagmanifest-sha256.txt"))
            for file in ["000007.json", "000008.json", "000008.p7s", "000009.json", "000009.p7s"] {
                #expect(tagManifest.contains("  rial/custody/\(file)\n"), "\(file)")
            }
            // Each event signature is a detached CMS signature openssl verifies over the event.
            for (seq, root) in [("000008", "root-ca.pem"), ("000009", "other-root-ca.pem")] {
                let check = OutsideOracle.cmsVerify(
                    signature: "rial/custody/\(seq).p7s", content: "rial/custody/\(seq).json", anchor: pki.path(root), cwd: bag)
                #expect(check.status == 0, "\(seq): \(check)")
            }
            // Each event links to the one before by the SHA-256 of its exact bytes.
            let seven = try text(bag.appendingPathComponent("rial/custody/000007.json"))
            #expect(seven.contains("\"previous\": \"\(sha256(bag.appendingPathComponent("rial/custody/000006.json")))\""))
            let first = try text(bag.appendingPathComponent("rial/custody/000001.json"))
            #expect(first.contains("\"previous\": \"\(sha256(bag.appendingPathComponent("rial/manifest.json")))\""))
        }
    }

    @Test("an event forced onto a failing package records the verdict and the failing checks, and the report warns of it")
    func forcedEvent() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let broken = dir.appendingPathComponent("broken.rialpkg")
            try OutsideOracle.tamper(package, ["flip-byte", "data/media/capture.mov", "10"], output: broken)
            _ = try PackageAmender(path: broken.path).appendCustodyEvent(
                CustodyEventDraft(action: .note, actor: CustodyActor(name: "Jane"), details: "media found altered"), at: .now(), force: true)
            let report = LibraryFixture.verify(broken)
            let event = try #require(report.custody?.entries.last?.event)
            #expect(event.seq == 7 && event.forced != nil)
            #expect(report.warnings.contains { $0.contains("--force") && $0.contains("bag.manifest.sha256.mismatch") }, "\(report.warnings)")
            let bag = try OutsideOracle.untar(broken, into: dir.appendingPathComponent("forced"))
            let written = try text(bag.appendingPathComponent("rial/custody/000007.json"))
            #expect(
                written.contains("\"forced\"") && written.contains("\"verdict\": \"fail\"") && written.contains("bag.manifest.sha256.mismatch"), "\(written)")
        }
    }

    // MARK: - Tampering

    // The tampering cases themselves are unit tests over the in-memory package
    // (CustodyLinkCheckTests, CustodyImportCheckTests, CustodySignatureCheckTests,
    // CustodySealRecordCheckTests, CustodyHeadCheckTests, CustodyCheckTests, CustodySummaryTests).
    // Here, one whole package per family: the codes, the custody summary, the text report's
    // FAIL lines, and the verifier's custody head.

    @Test("an event's details edited: FAIL at the next event's link in the text report, BROKEN at that event in the summary")
    func detailsEdited() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try logged(pki, in: dir)
            let edited = dir.appendingPathComponent("edited.rialpkg")
            try OutsideOracle.tamper(package, ["replace-text", "rial/custody/000007.json", "bag A-1172", "bag B-9999", "--cover"], output: edited)
            let report = LibraryFixture.verify(edited, policy: try anchors(pki))
            #expect(report.verdict == .fail)
            #expect(failures(report) == ["custody.link.broken@8"], "\(report.failures)")
            #expect(report.custody?.state == .broken)
            #expect(report.custody?.firstBrokenSeq == 8)
            let lines = report.textLines
            #expect(lines.first?.hasPrefix("FAIL  ") == true, "\(lines.prefix(3))")
            #expect(lines.contains { $0.contains("Custody log        BROKEN at event 8") }, "\(lines)")
            #expect(lines.contains { $0.contains("FAIL         custody.link.broken  rial/custody/000008.json (event 8)") }, "\(lines)")
        }
    }

    @Test("an event inserted: the event after it no longer links, its number no longer matches, and two events claim the same place")
    func eventInserted() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try logged(pki, in: dir)
            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("bag"))
            // A well-formed event 8 that links to event 7, slipped in before the real 8 and 9.
            var inserted = try text(bag.appendingPathComponent("rial/custody/000007.json"))
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
                try OutsideOracle.tamper(source, step, output: target)
                source = target
            }
            let report = LibraryFixture.verify(source, policy: try anchors(pki))
            #expect(report.verdict == .fail)
            let found = failures(report)
            #expect(
                found.isSuperset(of: ["custody.seq.mismatch@9", "custody.link.broken@9", "custody.fork@9", "custody.seq.mismatch@10"]), "\(report.failures)")
            #expect(found.allSatisfy { $0.hasPrefix("custody.") && ($0.hasSuffix("@9") || $0.hasSuffix("@10")) }, "\(report.failures)")
        }
    }

    @Test("the last event removed with its tag-manifest lines: undetectable from the package alone (said so), caught with the custody head (any case)")
    func truncation() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try logged(pki, in: dir)
            let before = LibraryFixture.verify(package, policy: try anchors(pki))
            let head = try #require(before.custody?.head?.sha256)
            let cut = dir.appendingPathComponent("cut.rialpkg")
            let step = dir.appendingPathComponent("cut-1.rialpkg")
            try OutsideOracle.tamper(package, ["remove", "rial/custody/000009.p7s"], output: step)
            try OutsideOracle.tamper(step, ["remove", "rial/custody/000009.json", "--cover"], output: cut)

            // The honest limit: the package alone cannot show it, and the report says so.
            let report = LibraryFixture.verify(cut, policy: try anchors(pki))
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.custody?.entries.count == 8)
            let limit = try #require(report.checks("custody.head").first)
            #expect(limit.status == .notChecked)
            #expect(limit.message.contains("--custody-head"))

            // With the head recorded at hand-over, it is caught.
            let caught = LibraryFixture.verify(cut, policy: try anchors(pki, custodyHead: head))
            #expect(caught.verdict == .fail)
            #expect(failures(caught) == ["custody.truncated"], "\(caught.failures)")
            // And the recorded head on the intact package passes, naming the event.
            let intact = LibraryFixture.verify(package, policy: try anchors(pki, custodyHead: head.uppercased()))
            #expect(intact.verdict == .pass, "\(intact.failures)")
            #expect(intact.checks.contains { $0.code.rawValue == "custody.head" && $0.status == .pass && $0.seq == 9 })
        }
    }

    @Test("an event signature made with openssl by another person: custody.signer.mismatch naming the signer, FAIL in the text report")
    func signatureFromAnotherKey() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try logged(pki, in: dir)
            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("bag"))
            // The other investigator signs event 8's exact bytes: a valid signature, by the wrong person.
            let raw = dir.appendingPathComponent("other.p7s"), lowS = dir.appendingPathComponent("other-low-s.p7s")
            let signed = Subprocess.execute(
                [
                    "openssl", "cms", "-sign", "-binary", "-in", "rial/custody/000008.json", "-signer", pki.path("other-investigator.pem"),
                    "-inkey", pki.path("other-investigator.key"), "-md", "sha256", "-outform", "DER", "-out", raw.path,
                ], cwd: bag)
            try #require(signed.status == 0, "\(signed)")
            try SealOracle.forge("low-s", raw, lowS)
            let replaced = dir.appendingPathComponent("replaced.rialpkg")
            try OutsideOracle.tamper(package, ["replace-file", "rial/custody/000008.p7s", lowS.path, "--cover"], output: replaced)
            let report = LibraryFixture.verify(replaced, policy: try anchors(pki))
            #expect(report.verdict == .fail)
            #expect(failures(report) == ["custody.signer.mismatch@8"], "\(report.failures)")
            let message = try #require(report.checks("custody.signer.mismatch").first?.message)
            #expect(message.contains("Other Investigator"), "\(message)")
            #expect(
                report.textLines.contains { $0.contains("FAIL         custody.signer.mismatch  rial/custody/000008.p7s (event 8)") }, "\(report.textLines)")
        }
    }

    @Test("the whole log replaced by another package's log: the binding to rial/manifest.json and the package id are caught")
    func logFromAnotherPackage() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try logged(pki, in: dir)
            let other = try LibraryFixture.pack(LibraryFixture.sample(in: dir, name: "other-capture", seed: 1), in: dir, name: "other.rialpkg") {
                $0.packageID = try PackageID("other-case")
                $0.sealer = try pki.sealer()
            }
            let otherBag = try OutsideOracle.untar(other, into: dir.appendingPathComponent("other-bag"))
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
                try OutsideOracle.tamper(source, step, output: target)
                source = target
            }
            let report = LibraryFixture.verify(source, policy: try anchors(pki))
            #expect(report.verdict == .fail)
            let found = failures(report)
            #expect(found.contains("custody.binding.mismatch@1"), "\(report.failures)")
            for seq in 1...6 { #expect(found.contains("custody.package.mismatch@\(seq)"), "\(seq): \(report.failures)") }
        }
    }

    @Test("an imported event given a location it never had: custody.import.mismatch in the findings and the text report")
    func importedEventEmbellished() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let edited = dir.appendingPathComponent("edited.rialpkg")
            try OutsideOracle.tamper(
                package,
                [
                    "replace-text", "rial/custody/000001.json", "\"details\": \"Recording started\",",
                    "\"details\": \"Recording started\",\n  \"location\": \"Evidence room 3\",", "--relink",
                ], output: edited)
            let report = LibraryFixture.verify(edited)
            #expect(report.verdict == .fail)
            #expect(failures(report) == ["custody.import.mismatch@1"], "\(report.failures)")
            #expect(
                report.textLines.contains { $0.contains("FAIL         custody.import.mismatch  rial/custody/000001.json (event 1)") }, "\(report.textLines)")
        }
    }

    @Test("a certificate without a CN names no one: appending refuses it, and an event signed with it anyway fails custody.signer.mismatch")
    func certificateWithoutCommonName() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let key = dir.appendingPathComponent("nocn.key"), cert = dir.appendingPathComponent("nocn.pem")
            let made = Subprocess.execute(
                [
                    "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key.path,
                    "-out", cert.path, "-subj", "/O=Metro PD/serialNumber=77", "-days", "30",
                ], cwd: dir)
            try #require(made.status == 0, "\(made)")
            let amender = PackageAmender(path: package.path)
            let signer = try Sealer(keyPath: key.path, certificatePath: cert.path, chainPath: nil)
            let refusal = #expect(throws: AmenderError.self) {
                try amender.appendCustodyEvent(
                    CustodyEventDraft(action: .note, actor: CustodyActor(name: "Chief Inspector Jane Roe")), signedBy: signer, at: .now())
            }
            #expect(refusal?.code == .invalidSigner)
            #expect(refusal?.reason.contains("no single CN") == true, "\(String(describing: refusal))")

            // Forged anyway: an unsigned event claiming the certificate, then signed with openssl.
            _ = try amender.appendCustodyEvent(
                CustodyEventDraft(action: .note, actor: CustodyActor(name: "Chief Inspector Jane Roe"), details: "x"), at: .now())
            let fingerprint = signer.signer.certificate.fingerprintSHA256
            let claimed = dir.appendingPathComponent("claimed.rialpkg")
            try OutsideOracle.tamper(
                package,
                [
                    "json-set", "rial/custody/000007.json", "/actor",
                    "{\"name\": \"Chief Inspector Jane Roe\", \"organisation\": \"Metro PD\", \"certificate_sha256\": \"\(fingerprint)\"}", "--cover",
                ],
                output: claimed)
            let bag = try OutsideOracle.untar(claimed, into: dir.appendingPathComponent("bag"))
            let raw = dir.appendingPathComponent("nocn-raw.p7s"), signature = dir.appendingPathComponent("nocn.p7s")
            let signed = Subprocess.execute(
                [
                    "openssl", "cms", "-sign", "-binary", "-in", "rial/custody/000007.json", "-signer", cert.path, "-inkey", key.path,
                    "-md", "sha256", "-outform", "DER", "-out", raw.path,
                ], cwd: bag)
            try #require(signed.status == 0, "\(signed)")
            try SealOracle.forge("low-s", raw, signature)
            let forged = dir.appendingPathComponent("forged.rialpkg")
            try OutsideOracle.tamper(claimed, ["add-file", "rial/custody/000007.p7s", signature.path, "--cover"], output: forged)
            let anchor = try Certificate.load(pem: Array(Data(contentsOf: cert)), source: cert.path)
            let report = LibraryFixture.verify(forged, policy: VerificationPolicy(sealAnchors: anchor))
            #expect(failures(report) == ["custody.signer.mismatch@7"], "\(report.failures)")
            #expect(report.checks("custody.signer.mismatch").first?.message.contains("no single CN") == true)
        }
    }

    // MARK: - Packing

    @Test(
        "the packer names the packager: the actor given, or the sealing certificate; a capture log later than the creation time is packed with a warning and fails verification"
    )
    func packagedEvent() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let capture = try LibraryFixture.sample(in: dir)
            // rial pack --actor-name "Jane Roe" --role investigator --actor-id 4411 --organization "Metro PD" --location "Scene 1"
            let named = try LibraryFixture.pack(capture, in: dir, name: "named.rialpkg") {
                $0.bagInfoFields = [BagInfo.Field("Source-Organization", "Metro PD")]
                $0.custodyActor = CustodyActor(name: "Jane Roe", role: "investigator", organisation: "Metro PD", identifier: "4411")
                $0.custodyLocation = "Scene 1"
            }
            let packaged = try #require(LibraryFixture.verify(named).custody?.entries.last)
            #expect(packaged.event?.action == .packaged && packaged.seq == 6)
            #expect(
                packaged.event?.actor.name == "Jane Roe" && packaged.event?.actor.identifier == "4411" && packaged.event?.actor.organisation == "Metro PD")
            #expect(packaged.event?.timestamp.rfc3339 == LibraryFixture.created)
            #expect(packaged.signature == .missing)

            let sealed = try LibraryFixture.pack(capture, in: dir, name: "sealed.rialpkg") { $0.sealer = try pki.sealer() }
            let sealedReport = LibraryFixture.verify(sealed, policy: try pki.policy())
            let signedEvent = try #require(sealedReport.custody?.entries.last)
            #expect(signedEvent.event?.actor.name == "Test Investigator (TEST ONLY)")
            #expect(signedEvent.event?.actor.certificateSHA256 == sealedReport.seal?.signerFingerprint)
            #expect(signedEvent.signature == .validTrusted)

            // A name the certificate does not attest is refused (rial pack: exit 64).
            let mismatch = #expect(throws: PackagerError.self) {
                _ = try LibraryFixture.pack(capture, in: dir, name: "bad.rialpkg") {
                    $0.sealer = try pki.sealer()
                    $0.custodyActor = CustodyActor(name: "Mallory")
                }
            }
            #expect(mismatch?.code == .invalidOption)
            // Preserve first: the app's log is packed as written, with a warning, and the
            // verifier fails the PACKAGED event that precedes the app's last one.
            var options = PackageOptions(
                captureDirectory: capture.path, output: dir.appendingPathComponent("early.rialpkg").path,
                created: try Timestamp(rfc3339: "2026-01-01T00:00:00Z"))
            options.examinesMedia = true
            let summary = try Packager(options: options).write()
            #expect(
                summary.warnings.contains { $0.contains("custody_log.json") && $0.contains("after the package's creation time") }, "\(summary.warnings)")
            let early = LibraryFixture.verify(dir.appendingPathComponent("early.rialpkg"))
            #expect(early.verdict == .fail)
            #expect(early.has("custody.time.backwards", subject: "rial/custody/000006.json"), "\(early.failures)")
        }
    }
}
