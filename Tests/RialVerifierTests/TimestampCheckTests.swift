import Testing
import RialFormat
@testable import RialVerifier

/// The RFC 3161 token over the seal's signature value, where it can be judged without a TSA:
/// absent, required, without a seal, unreadable, or under another name. A valid token needs a
/// TSA, which RialCrypto does not provide in memory; ``SealTimeTests`` makes one with openssl.
@Suite("Timestamp check")
struct TimestampCheckTests {
    private typealias Builder = InventoryBuilder
    private let path = PackageLayout.sealTimestamp

    private func run(_ builder: Builder, policy: VerificationPolicy = VerificationPolicy()) -> [Finding] {
        TimestampCheck().run(builder.context(policy: policy)).findings
    }

    @Test func sealWithoutATokenIsNotPresentUnlessRequired() throws {
        let builder = try Builder.package(sealedBy: TestIdentity())
        #expect(run(builder) == [Finding(.timestamp, .notPresent, path)])
        #expect(run(builder, policy: VerificationPolicy(requiresTimestamp: true)) == [Finding(.timestampRequired, .fail, path)])
        #expect(builder.context().timestamp.map { TimestampVerdict($0).state } == .missing)
    }

    @Test func noSealNoTokenIsNotPresentUnlessRequired() throws {
        let builder = try Builder.package()
        #expect(run(builder) == [Finding(.timestamp, .notPresent, path)])
        #expect(run(builder, policy: VerificationPolicy(requiresSeal: true, requiresTimestamp: true)) == [Finding(.timestampRequired, .fail, path)])
    }

    @Test func tokenWithoutASeal() throws {
        var builder = try Builder.package()
        builder.files[path] = Array("a token".utf8)
        #expect(run(builder) == [Finding(.timestampWithoutSeal, .fail, path)])
        // A seal that does not parse is no seal to cover either.
        builder.files[PackageLayout.seal] = Array("garbage".utf8)
        #expect(run(builder) == [Finding(.timestampWithoutSeal, .fail, path)])
    }

    @Test func garbageAndEmptyTokens() throws {
        var builder = try Builder.package(sealedBy: TestIdentity())
        builder.files[path] = Array("not an RFC 3161 response".utf8)
        #expect(run(builder) == [Finding(.timestampMalformed, .fail, path)])
        builder.files[path] = []
        #expect(run(builder) == [Finding(.timestampMalformed, .fail, path)])
        #expect(builder.context().timestamp.map { TimestampVerdict($0).state } == .invalid)
    }

    @Test func tokenUnderAnotherName() throws {
        var builder = try Builder.package(sealedBy: TestIdentity())
        builder.files[PackageLayout.sealDirectory + "other.tsr"] = Array("a token".utf8)
        #expect(run(builder) == [Finding(.timestampUnexpectedFile, .fail, PackageLayout.sealDirectory + "other.tsr"), Finding(.timestamp, .notPresent, path)])
    }
}
