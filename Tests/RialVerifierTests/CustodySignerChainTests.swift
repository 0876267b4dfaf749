import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// What OpenSSL answers about a custody signer's chain under the anchors given, worded with the
/// custody codes (the answer injected: ``AnsweringCrypto``; the seal's wording of the same
/// answers is SealTimeTests').
@Suite("Custody signer chain")
struct CustodySignerChainTests {
    private typealias Builder = InventoryBuilder

    private func failures(_ chain: TrustStore.Outcome) throws -> [Finding] {
        let sealer = try TestIdentity(), technician = try TestIdentity(name: "Lab Tech")
        var builder = try Builder.package(sealedBy: sealer)
        try builder.appendEvent(.received, at: Timestamp(seconds: Builder.created.seconds + 86_400), by: technician)
        let policy = VerificationPolicy(sealAnchors: [sealer.certificate, technician.certificate])
        return CustodySignatureCheck().run(builder.context(policy: policy, crypto: AnsweringCrypto(chain: chain))).failures
    }

    @Test("a chain OpenSSL rejects: custody.certificate.invalid at each signature")
    func invalid() throws {
        #expect(
            try failures(.invalid(reason: "certificate signature failure")).contains(
                Finding(.custodyCertificateInvalid, .fail, Builder.signaturePath(7), seq: 7)))
    }

    @Test("a certificate on the chain not yet valid: custody.certificate.not-yet-valid at each signature")
    func notYetValid() throws {
        #expect(
            try failures(.notYetValid(reason: "certificate is not yet valid")).contains(
                Finding(.custodyCertificateNotYetValid, .fail, Builder.signaturePath(7), seq: 7)))
    }
}
