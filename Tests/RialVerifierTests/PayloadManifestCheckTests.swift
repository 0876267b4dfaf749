import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// `manifest-sha256.txt` and `manifest-sha512.txt` against the payload as it is: a file
/// removed, added or changed after the manifests were written.
@Suite("Payload manifest check")
struct PayloadManifestCheckTests {
    private typealias Builder = InventoryBuilder
    private let sha256 = CheckResult.Code.payloadManifest(.sha256)
    private let sha512 = CheckResult.Code.payloadManifest(.sha512)

    private func run(_ builder: Builder, profile: VerificationContext.Profile = .package) -> [Finding] {
        PayloadManifestCheck().run(builder.context(profile: profile)).findings
    }

    @Test func untouchedPackagePasses() throws {
        #expect(run(try Builder.package()) == [Finding(sha256.passed, .pass, "manifest-sha256.txt"), Finding(sha512.passed, .pass, "manifest-sha512.txt")])
    }

    @Test func removedPayloadFile() throws {
        var builder = try Builder.package()
        try builder.remove(Builder.mediaPath)
        #expect(run(builder) == [Finding(sha256.missing, .fail, Builder.mediaPath), Finding(sha512.missing, .fail, Builder.mediaPath)])
    }

    @Test func addedPayloadFile() throws {
        var builder = try Builder.package()
        try builder.put("data/media/extra.bin", [0x00])
        #expect(run(builder) == [Finding(sha256.unlisted, .fail, "data/media/extra.bin"), Finding(sha512.unlisted, .fail, "data/media/extra.bin")])
    }

    @Test func changedPayloadFile() throws {
        var builder = try Builder.package()
        try builder.put(Builder.mediaPath, Array("other bytes".utf8))
        #expect(run(builder) == [Finding(sha256.mismatch, .fail, Builder.mediaPath), Finding(sha512.mismatch, .fail, Builder.mediaPath)])
        // Rewritten to match, as an attacker would, the payload manifests have nothing to say.
        try builder.recomputeManifests([.payload])
        #expect(run(builder).failures == [])
    }

    @Test func packageNeedsBothManifestsAPlainBagOne() throws {
        var builder = try Builder.package()
        try builder.remove("manifest-sha512.txt")
        #expect(run(builder).failures == [Finding(sha512.absent, .fail, "manifest-sha512.txt")])
        var bag = try Builder.plainBag()
        try bag.remove("manifest-sha512.txt")
        #expect(run(bag, profile: .bag) == [Finding(sha256.passed, .pass, "manifest-sha256.txt")])
        try bag.remove("manifest-sha256.txt")
        #expect(run(bag, profile: .bag) == [Finding(.bagManifestNone, .fail, "bag")])
    }
}
