import Foundation
import RialAmender
import RialFormat
import RialTestSupport
import RialVerifier
import Testing

/// Sealing a package in place with the test PKI's signers, as `rial seal` does, judged by the
/// verifier and by `openssl cms -verify`. The command's exit statuses and output are end-to-end
/// tests in RialCLITests' SealTests.
@Suite("PackageAmender seals with the test PKI", .requires(.openssl))
struct PackageAmenderSealTests {
    /// A packed sample to seal and the test PKI, in the sample's directory.
    private func sampleAndPKI() throws -> (AmendableSample, TestPKI) {
        let sample = try AmendableSample()
        do {
            return (sample, try TestPKI.make(in: URL(fileURLWithPath: sample.directory)))
        } catch {
            sample.remove()
            throw error
        }
    }

    @Test("sealing a passing package in place changes nothing the manifest covers, adds the seal and a SEALED event last, and refuses a second seal")
    func sealsInPlace() throws {
        let (sample, pki) = try sampleAndPKI()
        defer { sample.remove() }
        let dir = URL(fileURLWithPath: sample.directory), package = URL(fileURLWithPath: sample.package)
        let before = try OutsideOracle.tarList(package)
        let manifestBefore = dir.appendingPathComponent("before.json")
        try SealOracle.extract("rial/manifest.json", of: package, to: manifestBefore)
        let amender = PackageAmender(path: sample.package)
        _ = try amender.seal(with: pki.sealer(), at: .now())
        let after = try OutsideOracle.tarList(package)
        #expect(Array(after.prefix(before.count)) == before, "existing entries keep their order")
        // The seal, then a SEALED custody event signed by the same key.
        #expect(
            Array(after.suffix(3).map { String($0.split(separator: "/").last ?? "") }) == ["manifest.p7s", "000007.json", "000007.p7s"],
            "\(after.suffix(3))")
        let manifestAfter = dir.appendingPathComponent("after.json")
        try SealOracle.extract("rial/manifest.json", of: package, to: manifestAfter)
        #expect(try Data(contentsOf: manifestBefore) == Data(contentsOf: manifestAfter))
        let report = Verifier(policy: try pki.policy(requiresSeal: true)).report(for: sample.package)
        #expect(report.verdict == .pass, "\(report.failures)")
        let event = try #require(report.custody?.entries.last)
        #expect(
            event.event?.action == .sealed && event.signature == .validTrusted
                && event.event?.actor.certificateSHA256 == report.seal?.signerFingerprint)
        #expect(try SealOracle.opensslVerifiesSeal(package, anchor: pki.path("root-ca.pem"), in: dir))

        let sealed = try sample.bytes()
        let again = #expect(throws: AmenderError.self) { try amender.seal(with: pki.sealer(), at: .now()) }
        #expect(again?.code == .alreadySealed)
        #expect(again?.reason.contains("already sealed") == true, "\(String(describing: again))")
        #expect(try sample.bytes() == sealed)
    }

    @Test("a package that fails verification is refused and left untouched")
    func refusesAFailingPackage() throws {
        let (sample, pki) = try sampleAndPKI()
        defer { sample.remove() }
        let broken = URL(fileURLWithPath: sample.directory).appendingPathComponent("broken.rialpkg")
        try OutsideOracle.tamper(URL(fileURLWithPath: sample.package), ["flip-byte", "data/media/capture.mov", "100"], output: broken)
        let before = try Data(contentsOf: broken)
        let refusal = #expect(throws: AmenderError.self) { try PackageAmender(path: broken.path).seal(with: pki.sealer(), at: .now()) }
        #expect(refusal?.code == .verificationFailed)
        #expect(refusal?.report?.verdict == .fail)
        #expect(try Data(contentsOf: broken) == before)
    }

    @Test("a signer whose certificate has expired is refused by seal and by custody append (amend.invalid-signer), changing nothing")
    func expiredSignerIsRefused() throws {
        let (sample, pki) = try sampleAndPKI()
        defer { sample.remove() }
        let amender = PackageAmender(path: sample.package)
        let expired = try pki.sealer("expired-investigator")
        let unsealed = try sample.bytes()
        let sealing = #expect(throws: AmenderError.self) { try amender.seal(with: expired, at: .now()) }
        let appending = #expect(throws: AmenderError.self) {
            try amender.appendCustodyEvent(CustodyEventDraft(action: .note, actor: nil), signedBy: expired, at: .now())
        }
        for refusal in [sealing, appending] {
            #expect(refusal?.code == .invalidSigner)
            #expect(refusal?.reason.contains("expired") == true, "\(String(describing: refusal))")
        }
        #expect(try sample.bytes() == unsealed)
    }

    @Test("sealing keeps the package's permissions and leaves no temporary file")
    func keepsPermissions() throws {
        let (sample, pki) = try sampleAndPKI()
        defer { sample.remove() }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: sample.package)
        _ = try PackageAmender(path: sample.package).seal(with: pki.sealer(), at: .now())
        let mode = try FileManager.default.attributesOfItem(atPath: sample.package)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sample.directory).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }
}
