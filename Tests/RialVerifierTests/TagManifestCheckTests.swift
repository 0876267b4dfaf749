import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// `tagmanifest-sha256.txt` and `tagmanifest-sha512.txt` against the tag files. The edits here
/// freeze the tag manifests first (``InventoryBuilder/freezeTagManifests()``), so they are
/// stale as after an edit by someone who did not rewrite them.
@Suite("Tag manifest check")
struct TagManifestCheckTests {
    private typealias Builder = InventoryBuilder
    private let sha256 = CheckResult.Code.tagManifest(.sha256)
    private let sha512 = CheckResult.Code.tagManifest(.sha512)

    private func run(_ builder: Builder, profile: VerificationContext.Profile = .package) -> [Finding] {
        TagManifestCheck().run(builder.context(profile: profile)).findings
    }

    @Test func untouchedPackagePasses() throws {
        var builder = try Builder.package()
        let passed = [Finding(sha256.passed, .pass, "tagmanifest-sha256.txt"), Finding(sha512.passed, .pass, "tagmanifest-sha512.txt")]
        #expect(run(builder) == passed)
        builder.freezeTagManifests()
        #expect(run(builder) == passed)
    }

    @Test func addedTagFileMustBeListed() throws {
        var builder = try Builder.package()
        builder.freezeTagManifests()
        try builder.put("notes.txt", [0x41])
        #expect(run(builder) == [Finding(sha256.unlisted, .fail, "notes.txt"), Finding(sha512.unlisted, .fail, "notes.txt")])
    }

    @Test func sealStandsInsideTheTagManifests() throws {
        var builder = try Builder.package()
        builder.freezeTagManifests()
        try builder.put(PackageLayout.seal, [0x41])
        builder.unkept.insert(PackageLayout.seal)
        #expect(run(builder) == [Finding(sha256.unlisted, .fail, PackageLayout.seal), Finding(sha512.unlisted, .fail, PackageLayout.seal)])
    }

    @Test func changedTagFile() throws {
        var builder = try Builder.package()
        builder.freezeTagManifests()
        try builder.setBagInfo("Bag-Group-Identifier", ["case 17"])
        #expect(run(builder) == [Finding(sha256.mismatch, .fail, PackageLayout.bagInfo), Finding(sha512.mismatch, .fail, PackageLayout.bagInfo)])
    }

    @Test func plainBagMayHaveNoneAPackageMust() throws {
        #expect(run(try Builder.plainBag(), profile: .bag) == [Finding(.bagTagmanifest, .notPresent, "bag")])
        var builder = try Builder.package()
        builder.coversTagManifests = false
        #expect(run(builder) == [Finding(sha256.absent, .fail, "tagmanifest-sha256.txt"), Finding(sha512.absent, .fail, "tagmanifest-sha512.txt")])
    }
}
