import Testing
import RialFormat
@testable import RialVerifier

/// ``CustodyProvider``: the custody log read once when asked, without OpenSSL, and each event's
/// signature established once, after the log, when asked.
@Suite("Custody provider")
struct CustodyProviderTests {
    private typealias Builder = InventoryBuilder

    @Test func logIsReadWithoutOpenSSL() throws {
        let crypto = CountingCrypto()
        let context = try Builder.package(sealedBy: TestIdentity()).context(crypto: crypto)
        let log = try #require(context.custodyLog)
        #expect(log.files.count == Int(Builder.packagedSeq))
        #expect(crypto.calls == 0)
        #expect(context.computedFacts == [.custodyLog])
    }

    @Test func signaturesAreEstablishedOnceAfterTheLog() throws {
        let crypto = CountingCrypto()
        let context = try Builder.package(sealedBy: TestIdentity()).context(crypto: crypto)
        #expect(context.custodySignatures[Builder.packagedSeq]?.state == .validUntrusted)
        #expect(context.custodySignatures[1]?.state == .missing)
        let calls = crypto.calls
        #expect(calls > 0)
        _ = context.custodySignatures
        #expect(crypto.calls == calls)
        #expect(context.computedFacts == [.custodySignatures, .custodyLog])
    }

    @Test func plainBagHasNoLog() throws {
        let context = try Builder.plainBag().context(profile: .bag)
        #expect(context.custodyLog == nil)
        #expect(context.custodySignatures.isEmpty)
    }
}
