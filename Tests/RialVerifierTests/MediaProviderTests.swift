import Foundation
import Testing
import RialFormat
@testable import RialVerifier

/// ``MediaProvider``: the `--media` copy hashed and the media examined once, when asked, and
/// only where the media check applies.
@Suite("Media provider")
struct MediaProviderTests {
    private typealias Builder = InventoryBuilder

    private func withCopy(_ bytes: [UInt8], _ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rial-media-\(UUID().uuidString).mov").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    @Test func copyIsHashedOnceWhenAsked() throws {
        let builder = try Builder.package()
        try withCopy(Builder.mediaBytes) { path in
            var policy = VerificationPolicy()
            policy.externalMedia = path
            let context = builder.context(policy: policy)
            #expect(context.computedFacts.isEmpty)
            let digest = try #require(context.externalMedia?.sha256)
            #expect(try digest.get() == Builder.sha256(Builder.mediaBytes))
            #expect(context.externalMedia?.path == path)
            #expect(context.computedFacts.filter { $0 == .externalMedia }.count == 1)
        }
    }

    @Test func copyIsNotReadForAPlainBagOrWithoutOne() throws {
        let bag = try Builder.plainBag()
        try withCopy(Builder.mediaBytes) { path in
            var policy = VerificationPolicy()
            policy.externalMedia = path
            let context = bag.context(policy: policy, profile: .bag)
            #expect(context.externalMedia == nil)
        }
        #expect(try Builder.package().context().externalMedia == nil)
    }

    @Test func givenDigestIsNotComputed() throws {
        let given = ExternalMediaDigest(path: "/nonexistent/given.mov")
        let context = VerificationContext(
            inventory: try Builder.package().inventory(), profile: .package,
            verificationTime: Builder.verificationTime, externalMedia: given)
        #expect(context.externalMedia?.path == "/nonexistent/given.mov")
        #expect(!context.computedFacts.contains(.externalMedia))
    }

    @Test func mediaIsExaminedOnlyWhenThePolicySays() throws {
        let builder = try Builder.package()
        let context = builder.context()
        let examination = try #require(context.media)
        // Held in memory, the builder's media has no place to be probed at: nothing is.
        #expect(examination.outcomes.isEmpty)
        #expect(context.computedFacts.contains(.media))
        var policy = VerificationPolicy()
        policy.examinesMedia = false
        #expect(builder.context(policy: policy).media == nil)
        #expect(try Builder.plainBag().context(profile: .bag).media == nil)
    }
}
