import Testing
import RialFormat
@testable import RialVerifier

/// Each event's signature: over the event's exact bytes, by the event's actor, with a
/// certificate valid and (when anchors are given) trusted; an unsigned appended event is NOT
/// PRESENT. Keys and certificates are made in the test (``TestIdentity``).
@Suite("Custody signature check")
struct CustodySignatureCheckTests {
    private typealias Builder = InventoryBuilder
    private let day: Int64 = 86_400

    private func run(_ builder: Builder, policy: VerificationPolicy = VerificationPolicy(), crypto: any VerifierCrypto = OpenSSLCrypto()) -> [CheckResult] {
        CustodySignatureCheck().run(builder.context(policy: policy, crypto: crypto))
    }

    /// The package sealed by `sealer` (PACKAGED signed), with event 7 signed by `signer`.
    private func signed(_ sealer: TestIdentity, _ signer: TestIdentity) throws -> Builder {
        var builder = try Builder.package(sealedBy: sealer)
        try builder.appendEvent(.received, at: Timestamp(seconds: Builder.created.seconds + day), by: signer)
        return builder
    }

    @Test func validSignaturesPassAndTrustIsNotCheckedWithoutAnchors() throws {
        let builder = try signed(TestIdentity(), TestIdentity(name: "Lab Tech"))
        let found = run(builder).findings
        #expect(
            found == [
                Finding(.custodySignature, .pass, Builder.signaturePath(6), seq: 6), Finding(.custodyTrust, .notChecked, Builder.signaturePath(6), seq: 6),
                Finding(.custodySignature, .pass, Builder.signaturePath(7), seq: 7), Finding(.custodyTrust, .notChecked, Builder.signaturePath(7), seq: 7),
            ])
        #expect(builder.context().custodySignatures[7]?.state == .validUntrusted)
    }

    @Test func anchoredSignerIsTrustedAndAnotherIsNot() throws {
        let sealer = try TestIdentity(), technician = try TestIdentity(name: "Lab Tech")
        let builder = try signed(sealer, technician)
        let trusted = run(builder, policy: VerificationPolicy(sealAnchors: [sealer.certificate, technician.certificate]))
        #expect(trusted.failures == [])
        #expect(trusted.contains { $0.code == .custodyTrust && $0.status == .pass && $0.seq == 7 })
        // Outside the anchors given: not established, and not a failure (untrusted is not broken).
        let partly = run(builder, policy: VerificationPolicy(sealAnchors: [sealer.certificate]))
        #expect(partly.failures == [])
        #expect(partly.findings.contains(Finding(.custodySignerUntrusted, .notChecked, Builder.signaturePath(7), seq: 7)))
    }

    @Test func unsignedEventsAreNotPresentAndImportedOnesSayNothing() throws {
        var builder = try Builder.package()
        try builder.appendEvent(.transferred, at: Timestamp(seconds: Builder.created.seconds + day))
        #expect(
            run(builder).findings == [
                Finding(.custodySignature, .notPresent, Builder.eventPath(6), seq: 6),
                Finding(.custodySignature, .notPresent, Builder.eventPath(7), seq: 7),
            ])
    }

    @Test func signatureRemovedWhileTheActorNamesACertificate() throws {
        var builder = try signed(TestIdentity(), TestIdentity(name: "Lab Tech"))
        builder.files[Builder.signaturePath(7)] = nil
        #expect(run(builder).failures == [Finding(.custodySignatureMissing, .fail, Builder.signaturePath(7), seq: 7)])
        #expect(builder.context().custodySignatures[7]?.state == .invalid)
    }

    @Test func bytesEditedAfterSigning() throws {
        var builder = try signed(TestIdentity(), TestIdentity(name: "Lab Tech"))
        try builder.editEvent(7) { $0.details = "received, seal broken" }
        #expect(run(builder).failures == [Finding(.custodyContentMismatch, .fail, Builder.signaturePath(7), seq: 7)])
    }

    @Test func anotherEventsSignature() throws {
        var builder = try signed(TestIdentity(), TestIdentity(name: "Lab Tech"))
        builder.files[Builder.signaturePath(7)] = builder.files[Builder.signaturePath(6)]
        #expect(run(builder).failures == [Finding(.custodyContentMismatch, .fail, Builder.signaturePath(7), seq: 7)])
    }

    @Test func validSignatureByAnotherPerson() throws {
        var builder = try signed(TestIdentity(), TestIdentity(name: "Lab Tech"))
        let other = try TestIdentity(name: "Other Investigator")
        builder.files[Builder.signaturePath(7)] = try other.sign(#require(builder.files[Builder.eventPath(7)]))
        let results = run(builder)
        #expect(results.failures == [Finding(.custodySignerMismatch, .fail, Builder.signaturePath(7), seq: 7)])
        // The message names who did sign.
        let message = try #require(results.first { $0.code == .custodySignerMismatch }?.message)
        #expect(message.contains("Other Investigator"), "\(message)")
    }

    @Test func emptyAndGarbageSignatureFiles() throws {
        var builder = try Builder.package()
        try builder.appendEvent(.transferred, at: Timestamp(seconds: Builder.created.seconds + day))
        builder.files[Builder.signaturePath(7)] = []
        #expect(run(builder).failures == [Finding(.custodySignatureFileEmpty, .fail, Builder.signaturePath(7), seq: 7)])
        builder.files[Builder.signaturePath(7)] = Array("not a signature".utf8)
        #expect(run(builder).failures == [Finding(.custodySignatureFileMalformed, .fail, Builder.signaturePath(7), seq: 7)])
    }

    @Test func eventStatedAfterItsCertificateExpired() throws {
        // Valid for the 60 days from a month before packaging; the event states a time after
        // that, and the verification is later still.
        let retired = try TestIdentity(name: "Lab Tech", validFrom: Timestamp(seconds: Builder.created.seconds - 30 * day), days: 60)
        var builder = try Builder.package()
        try builder.appendEvent(.received, at: Timestamp(seconds: Builder.created.seconds + 40 * day), by: retired)
        #expect(run(builder).failures == [Finding(.custodyCertificateExpired, .fail, Builder.signaturePath(7), seq: 7)])
    }

    @Test func openSSLFailingOnTheMachineIsNotCheckedNeverAVerdict() throws {
        let sealer = try TestIdentity(), technician = try TestIdentity(name: "Lab Tech")
        let builder = try signed(sealer, technician)
        #expect(
            run(builder, crypto: FailingCrypto([.signature])).findings
                == [
                    Finding(.custodySignature, .notChecked, Builder.signaturePath(6), seq: 6),
                    Finding(.custodySignature, .notChecked, Builder.signaturePath(7), seq: 7),
                ])
        let anchored = VerificationPolicy(sealAnchors: [sealer.certificate, technician.certificate])
        #expect(
            run(builder, policy: anchored, crypto: FailingCrypto([.chain])).findings
                == [
                    Finding(.custodySignature, .pass, Builder.signaturePath(6), seq: 6), Finding(.custodyTrust, .notChecked, Builder.signaturePath(6), seq: 6),
                    Finding(.custodySignature, .pass, Builder.signaturePath(7), seq: 7), Finding(.custodyTrust, .notChecked, Builder.signaturePath(7), seq: 7),
                ])
        #expect(builder.context(policy: anchored, crypto: FailingCrypto([.chain])).custodySignatures[7]?.state == .validUntrusted)
    }
}
