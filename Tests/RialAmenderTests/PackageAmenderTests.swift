import Foundation
import Testing
import RialFormat
import RialCrypto
import RialPackager
import RialVerifier
import RialAmender
import RialTestSupport

/// The amender verifies before it adds anything, refuses with the code that says why, and
/// leaves a refused package byte for byte as it was.
@Suite("PackageAmender")
struct PackageAmenderTests {
    @Test("sealing a passing package adds the seal and a signed SEALED event, and the result verifies with the signer as anchor")
    func sealsAPassingPackage() throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        let sealer = try TestSigner.make()
        let receipt = try PackageAmender(path: sample.package).seal(with: sealer, at: .now())
        #expect(receipt.report.verdict == .pass)
        #expect(receipt.addedPaths == [PackageLayout.seal, "rial/custody/000007.json", "rial/custody/000007.p7s"])
        #expect(receipt.event.action == .sealed && receipt.event.seq == 7)
        #expect(receipt.event.actor.name == "Test Sealer")
        #expect(receipt.signer == sealer.signer.certificate.subject)

        let policy = VerificationPolicy(sealAnchors: [sealer.signer.certificate], requiresSeal: true)
        let report = try Verifier(policy: policy).verify(path: sample.package)
        #expect(report.verdict == .pass, "\(report.failures)")
        #expect(report.manifestSHA256 == receipt.manifestSHA256)
        #expect(report.custody?.head?.event?.action == .sealed)
    }

    @Test("a package is sealed once: a second seal is refused and changes nothing")
    func refusesASealedPackage() throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        let amender = PackageAmender(path: sample.package)
        _ = try amender.seal(with: TestSigner.make(), at: .now())
        let before = try sample.bytes()
        #expect(amendmentCode { try amender.seal(with: TestSigner.make(commonName: "Someone Else"), at: .now()) } == .alreadySealed)
        #expect(try sample.bytes() == before)
    }

    @Test("a tampered package is refused by every amendment, with its failing report, and is byte-identical afterwards")
    func refusesATamperedPackage() throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        let tsa = try TestPKI.make(in: URL(fileURLWithPath: sample.directory))
        let amender = PackageAmender(path: sample.package)
        _ = try amender.seal(with: TestSigner.make(), at: .now())
        let token = TimestampToken(response: try tsa.reply(to: amender.makeTimestampRequest().request.der))
        try sample.flipByte()
        let before = try sample.bytes()

        do {
            _ = try amender.appendCustodyEvent(CustodyEventDraft(action: .note, actor: CustodyActor(name: "Jane")), at: .now())
            Issue.record("a custody event was appended to a failing package")
        } catch let error as AmenderError {
            #expect(error.code == .verificationFailed)
            #expect(error.report?.verdict == .fail)
            #expect(error.report?.failures.contains { $0.code == .payloadManifest(.sha256).mismatch } == true, "\(error.report?.failures ?? [])")
        }
        #expect(amendmentCode { try amender.makeTimestampRequest() } == .verificationFailed)
        #expect(amendmentCode { try amender.attachTimestamp(token, at: .now()) } == .verificationFailed)
        #expect(try sample.bytes() == before)

        let unsealed = try AmendableSample(name: "unsealed.rialpkg", in: sample.directory)
        try unsealed.flipByte()
        let unsealedBefore = try unsealed.bytes()
        #expect(amendmentCode { try PackageAmender(path: unsealed.package).seal(with: TestSigner.make(), at: .now()) } == .verificationFailed)
        #expect(try unsealed.bytes() == unsealedBefore)
    }

    @Test("with force, a custody event is appended to a failing package and records the verdict and the failing checks")
    func forcedCustodyEventRecordsTheFailure() throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        try sample.flipByte()
        let draft = CustodyEventDraft(action: .note, actor: CustodyActor(name: "Jane Roe"), details: "media found altered")
        let receipt = try PackageAmender(path: sample.package).appendCustodyEvent(draft, at: .now(), force: true)
        #expect(receipt.isForced)
        #expect(receipt.report.verdict == .fail)
        #expect(receipt.event.seq == 7)
        #expect(receipt.event.forced?.verdict == "fail")
        #expect(receipt.event.forced?.failedChecks.contains("bag.manifest.sha256.mismatch") == true)

        let report = Verifier().report(for: sample.package)
        #expect(report.custody?.head?.event?.forced == receipt.event.forced)
        #expect(report.custody?.head?.sha256 == receipt.headSHA256)
    }

    @Test("a custody event on a passing package links to the head and is not forced; a signed one names the certificate's CN")
    func appendsCustodyEvents() throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        let amender = PackageAmender(path: sample.package)
        let unsigned = try amender.appendCustodyEvent(
            CustodyEventDraft(
                action: .transferred, actor: CustodyActor(name: "Jane Roe"),
                details: "to the lab", location: "Metro PD"), at: .now())
        #expect(!unsigned.isForced && unsigned.signer == nil)
        #expect(unsigned.addedPaths == ["rial/custody/000007.json"])
        let signer = try TestSigner.make(commonName: "Lab Technician")
        let signed = try amender.appendCustodyEvent(CustodyEventDraft(action: .received, actor: nil), signedBy: signer, at: .now())
        #expect(signed.event.previous == unsigned.headSHA256)
        #expect(signed.event.actor.name == "Lab Technician")
        #expect(signed.addedPaths == ["rial/custody/000008.json", "rial/custody/000008.p7s"])
        let report = try Verifier(policy: VerificationPolicy(sealAnchors: [signer.signer.certificate])).verify(path: sample.package)
        #expect(report.verdict == .pass, "\(report.failures)")
        #expect(report.custody?.head?.sha256 == signed.headSHA256)
    }

    @Test("what the caller got wrong is refused before the package is read: an expired certificate, a future time, an action only the app writes")
    func refusesBadRequestsBeforeReading() throws {
        // No such file: had the amender read it, the code would be amend.unverifiable.
        let amender = PackageAmender(path: "/nonexistent/\(UUID().uuidString).rialpkg")
        let expired = try TestSigner.make(from: Timestamp(seconds: Timestamp.now().seconds - 10 * 86_400), days: 1)
        #expect(amendmentCode { try amender.seal(with: expired, at: .now()) } == .invalidSigner)
        #expect(amendmentCode { try amender.appendCustodyEvent(CustodyEventDraft(action: .note, actor: nil), signedBy: expired, at: .now()) } == .invalidSigner)
        let now = Timestamp.now()
        let future = CustodyEventDraft(action: .note, actor: CustodyActor(name: "Jane"), time: Timestamp(seconds: now.seconds + 3600))
        #expect(amendmentCode { try amender.appendCustodyEvent(future, at: now) } == .invalidEvent)
        #expect(
            amendmentCode { try amender.appendCustodyEvent(CustodyEventDraft(action: .packaged, actor: CustodyActor(name: "Jane")), at: now) } == .invalidEvent)
        #expect(amendmentCode { try amender.appendCustodyEvent(CustodyEventDraft(action: .note, actor: nil), at: now) } == .invalidEvent)
        #expect(amendmentCode { try amender.attachTimestamp(TimestampToken(response: Array("not DER".utf8)), at: now) } == .invalidToken)
        #expect(amendmentCode { try amender.makeTimestampRequest() } == .unverifiable)
    }

    @Test("what is not a package cannot be verified, and the error report comes with the refusal, even with force")
    func refusesWhatCannotBeVerified() throws {
        let sample = try AmendableSample()
        defer { sample.remove() }
        let garbage = sample.directory + "/garbage.rialpkg"
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: garbage))
        do {
            _ = try PackageAmender(path: garbage).appendCustodyEvent(CustodyEventDraft(action: .note, actor: CustodyActor(name: "J")), at: .now(), force: true)
            Issue.record("appended to what is not a package")
        } catch let error as AmenderError {
            #expect(error.code == .unverifiable)
            #expect(error.report?.verdict == .error)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: garbage)) == Data(repeating: 0x41, count: 4096))
    }
}

/// The code of the ``AmenderError`` `work` throws; `nil` when it throws nothing or another error.
func amendmentCode<T>(_ work: () throws -> T) -> AmenderError.Code? {
    do {
        _ = try work()
        return nil
    } catch let error as AmenderError {
        return error.code
    } catch {
        return nil
    }
}
