import Testing
import RialFormat
@testable import RialVerifier

/// ``SealProvider``: the seal's signature verified once when asked, and its signer judged after
/// the timestamp that says when, with OpenSSL run only then.
@Suite("Seal provider")
struct SealProviderTests {
    private typealias Builder = InventoryBuilder

    @Test func signatureIsVerifiedOnceWhenAsked() throws {
        let crypto = CountingCrypto()
        let context = try Builder.package(sealedBy: TestIdentity()).context(crypto: crypto)
        #expect(crypto.calls == 0)
        #expect(context.sealSignature?.isValid == true)
        let calls = crypto.calls
        #expect(calls > 0)
        #expect(context.sealSignature?.isValid == true)
        #expect(crypto.calls == calls)
        #expect(context.computedFacts == [.sealSignature])
    }

    @Test func signerIsJudgedAfterTheTimestamp() throws {
        let sealer = try TestIdentity()
        let crypto = CountingCrypto()
        let context = try Builder.package(sealedBy: sealer).context(policy: VerificationPolicy(sealAnchors: [sealer.certificate]), crypto: crypto)
        #expect(context.seal?.state == .validTrusted)
        // The signature before the token, whose imprint covers it; the token before the trust,
        // judged at its genTime when trusted (here there is no token: the verification time).
        #expect(context.computedFacts.firstIndex(of: .sealSignature).map { $0 < (context.computedFacts.firstIndex(of: .timestamp) ?? -1) } == true)
        #expect(context.computedFacts.contains(.timestamp))
        #expect(context.seal?.trust?.judgedAt == Builder.verificationTime.seconds)
        let calls = crypto.calls
        _ = context.seal
        #expect(crypto.calls == calls)
    }

    @Test func plainBagLooksForNoSealUnlessRequired() throws {
        let crypto = CountingCrypto()
        let bag = try Builder.plainBag()
        let context = bag.context(profile: .bag, crypto: crypto)
        #expect(context.seal == nil)
        #expect(context.sealSignature == nil)
        #expect(crypto.calls == 0)
        let required = bag.context(policy: VerificationPolicy(requiresSeal: true), profile: .bag)
        #expect(required.seal?.state == .missing)
    }
}
