import Testing
import RialFormat
@testable import RialVerifier

/// The seal over the exact bytes of `rial/manifest.json`, made in the test with a key and
/// certificate of its own (``TestIdentity``), then removed, emptied, garbled or moved.
@Suite("Seal check")
struct SealCheckTests {
    private typealias Builder = InventoryBuilder
    private let path = PackageLayout.seal

    private func run(
        _ builder: Builder, policy: VerificationPolicy = VerificationPolicy(), at time: Timestamp = Builder.verificationTime,
        crypto: any VerifierCrypto = OpenSSLCrypto()
    ) -> [Finding] {
        SealCheck().run(builder.context(policy: policy, at: time, crypto: crypto)).findings
    }

    @Test func validSealWithoutAnAnchorIsNotTrusted() throws {
        let sealer = try TestIdentity()
        let builder = try Builder.package(sealedBy: sealer)
        #expect(run(builder) == [Finding(.sealSignature, .pass, path), Finding(.sealTrust, .notChecked, path)])
        #expect(builder.context().seal?.state == .validUntrusted)
        // The reason says so, and names the certificate a reader could decide to trust.
        let trust = try #require(SealCheck().run(builder.context()).first { $0.code == .sealTrust })
        #expect(trust.message.contains("signature valid, signer not trusted"), "\(trust.message)")
        #expect(trust.message.contains(sealer.certificate.fingerprintSHA256), "\(trust.message)")
    }

    @Test func anchoredSealIsTrustedAndAnotherAnchorIsNot() throws {
        let sealer = try TestIdentity()
        let builder = try Builder.package(sealedBy: sealer)
        // A trusted signer's revocation is judged apart: NOT CHECKED without --crl or --ocsp,
        // and here the signer is itself the anchor, which no CRL can revoke.
        #expect(
            run(builder, policy: VerificationPolicy(sealAnchors: [sealer.certificate]))
                == [Finding(.sealSignature, .pass, path), Finding(.sealTrust, .pass, path), Finding(.sealRevocation, .notChecked, path)])
        let another = VerificationPolicy(sealAnchors: [try TestIdentity(name: "Someone Else").certificate])
        #expect(run(builder, policy: another) == [Finding(.sealSignature, .pass, path), Finding(.sealSignerUntrusted, .fail, path)])
        #expect(builder.context(policy: another).seal?.state == .validUntrusted)
    }

    @Test func absentSealIsNotPresentUnlessRequired() throws {
        let builder = try Builder.package()
        #expect(run(builder) == [Finding(.seal, .notPresent, path)])
        let anchor = try TestIdentity().certificate
        #expect(run(builder, policy: VerificationPolicy(sealAnchors: [anchor], requiresSeal: true)) == [Finding(.sealRequired, .fail, path)])
        #expect(builder.context().seal?.state == .missing)
    }

    @Test func requiredButAbsentWithoutAnAnchor() throws {
        let builder = try Builder.package()
        #expect(run(builder, policy: VerificationPolicy(requiresSeal: true, requiresTimestamp: true)) == [Finding(.sealRequired, .fail, path)])
    }

    @Test func unknownFileBesideAnAbsentSeal() throws {
        // Reported by LaterPartsCheck; the seal is still absent.
        var builder = try Builder.package()
        builder.files[PackageLayout.sealDirectory + "extra.bin"] = [0x00]
        #expect(run(builder) == [Finding(.seal, .notPresent, path)])
    }

    @Test func requiredSealWithoutAnAnchor() throws {
        let builder = try Builder.package(sealedBy: TestIdentity())
        #expect(run(builder, policy: VerificationPolicy(requiresSeal: true)) == [Finding(.sealSignature, .pass, path), Finding(.sealRequired, .fail, path)])
        // The signature is valid and its signer untrusted, as SPEC §14.4 states: not "invalid".
        #expect(builder.context(policy: VerificationPolicy(requiresSeal: true)).seal?.state == .validUntrusted)
    }

    @Test func emptySealFile() throws {
        var builder = try Builder.package(sealedBy: TestIdentity())
        builder.files[path] = []
        #expect(run(builder) == [Finding(.sealEmpty, .fail, path)])
        #expect(builder.context().seal?.state == .invalid)
    }

    @Test func garbageSeal() throws {
        var builder = try Builder.package(sealedBy: TestIdentity())
        builder.files[path] = Array("PLACEHOLDER-SIGNATURE".utf8)
        #expect(run(builder) == [Finding(.sealMalformed, .fail, path)])
    }

    @Test func sealTooLargeToKeep() throws {
        var builder = try Builder.package(sealedBy: TestIdentity())
        builder.unkept.insert(path)
        #expect(run(builder) == [Finding(.sealMalformed, .fail, path)])
    }

    @Test func signatureOverOtherBytes() throws {
        let sealer = try TestIdentity()
        var builder = try Builder.package(sealedBy: sealer)
        builder.files[path] = try sealer.sign(Array("another package's manifest".utf8))
        #expect(run(builder) == [Finding(.sealContentMismatch, .fail, path)])
    }

    @Test func manifestEditedAfterSealing() throws {
        var builder = try Builder.package(sealedBy: TestIdentity())
        builder.files[PackageLayout.manifest]?.append(0x0A)
        #expect(run(builder) == [Finding(.sealContentMismatch, .fail, path)])
        #expect(builder.context().seal?.state == .invalid)
    }

    @Test func certificateExpiredBeforeTheVerificationWithoutATimestamp() throws {
        // Valid for 60 days around the signing (the signature claims the clock's time, and a
        // claimed time after expiry is a failure of its own); judged 90 days on, it has expired.
        let now = Timestamp.now()
        let sealer = try TestIdentity(validFrom: Timestamp(seconds: now.seconds - 30 * 86_400), days: 60)
        let builder = try Builder.package(sealedBy: sealer)
        #expect(run(builder, at: now) == [Finding(.sealSignature, .pass, path), Finding(.sealTrust, .notChecked, path)])
        #expect(
            run(builder, at: Timestamp(seconds: now.seconds + 90 * 86_400)) == [
                Finding(.sealSignature, .pass, path), Finding(.sealCertificateExpired, .fail, path),
            ])
    }

    @Test("a signer's certificate valid only from after the time judged: seal.certificate.not-yet-valid")
    func certificateNotYetValid() throws {
        let sealer = try TestIdentity(validFrom: Timestamp(seconds: Builder.verificationTime.seconds + 86_400), days: 60)
        let builder = try Builder.package(sealedBy: sealer)
        #expect(run(builder) == [Finding(.sealSignature, .pass, path), Finding(.sealCertificateNotYetValid, .fail, path)])
    }

    @Test func openSSLFailingOnTheMachineIsNotCheckedNeverAVerdict() throws {
        let sealer = try TestIdentity()
        let builder = try Builder.package(sealedBy: sealer)
        #expect(run(builder, crypto: FailingCrypto([.signature])) == [Finding(.sealSignature, .notChecked, path)])
        #expect(builder.context(crypto: FailingCrypto([.signature])).seal?.state == .invalid)
        let anchored = VerificationPolicy(sealAnchors: [sealer.certificate])
        #expect(
            run(builder, policy: anchored, crypto: FailingCrypto([.chain])) == [Finding(.sealSignature, .pass, path), Finding(.sealTrust, .notChecked, path)])
        #expect(builder.context(policy: anchored, crypto: FailingCrypto([.chain])).seal?.state == .validUntrusted)
    }
}
