import Testing
import RialFormat
@testable import RialVerifier

/// ``TimestampProvider``: the seal's token after the seal's signature it covers, its renewal
/// after the token, and the capture app's tokens, each established once when asked.
@Suite("Timestamp provider")
struct TimestampProviderTests {
    private typealias Builder = InventoryBuilder

    @Test func tokenIsEstablishedAfterTheSignatureItCovers() throws {
        var builder = try Builder.package(sealedBy: TestIdentity())
        builder.files[PackageLayout.sealTimestamp] = Array("not a token".utf8)
        let context = builder.context()
        guard case .malformed? = context.timestamp?.reading else { Issue.record("a garbage token read"); return }
        #expect(context.timestamp?.hasSeal == true)
        #expect(context.computedFacts.first == .timestamp)
        #expect(context.computedFacts.contains(.sealSignature))
        #expect(!context.computedFacts.contains(.seal))
    }

    @Test func renewalAsksForTheToken() throws {
        let context = try Builder.package(sealedBy: TestIdentity()).context()
        guard case .absent? = context.renewal?.outcome else { Issue.record("a renewal without a token"); return }
        #expect(context.computedFacts.prefix(2) == [.renewal, .timestamp])
    }

    @Test func noTokenIsLookedForInAPlainBag() throws {
        let context = try Builder.plainBag().context(profile: .bag)
        #expect(context.timestamp == nil)
        #expect(context.renewal == nil)
        #expect(context.computedFacts.contains(.timestamp))
        #expect(!context.computedFacts.contains(.sealSignature))
    }

    @Test func appTokensAreReadOnceWhenAsked() throws {
        let crypto = CountingCrypto()
        let context = try Builder.appExport(tokens: [Array("not a token".utf8)], endedAt: Builder.appTime(2), created: Builder.created)
            .context(crypto: crypto)
        #expect(context.computedFacts.isEmpty)
        let tokens = context.appTokens
        #expect(tokens.count == 1)
        guard case .malformed? = tokens.first?.reading else { Issue.record("a garbage app token read"); return }
        #expect(crypto.calls == 0)
        _ = context.appTokens
        #expect(context.computedFacts.filter { $0 == .appTokens }.count == 1)
        #expect(Set(context.computedFacts).isSuperset(of: [.appDocuments, .metadata]))
    }
}
