import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// What a payload or tag manifest says about itself, before any digest is compared: too large
/// to read, not a manifest, a path listed twice, a path of the other kind of manifest, a file
/// listed that is not there (``ManifestComparison``, through ``PayloadManifestCheck`` and
/// ``TagManifestCheck``).
@Suite("Manifest form")
struct ManifestFormCheckTests {
    private typealias Builder = InventoryBuilder
    private static let tagFile = "tagmanifest-sha256.txt"
    private static let payloadFile = "manifest-sha256.txt"
    private static let digest = String(repeating: "ab", count: 32)

    private func tags(_ builder: Builder) -> [Finding] { TagManifestCheck().run(builder.context()).findings }
    private func payload(_ builder: Builder) -> [Finding] { PayloadManifestCheck().run(builder.context()).findings }

    /// The minimal package with its tag manifests frozen, and `edit` applied to `tagmanifest-sha256.txt`'s text.
    private func editedTagManifest(_ edit: (String) -> String) throws -> Builder {
        var builder = try Builder.package()
        builder.freezeTagManifests()
        let text = String(decoding: try #require(builder.files[Self.tagFile]), as: UTF8.self)
        builder.files[Self.tagFile] = Array(edit(text).utf8)
        return builder
    }

    @Test("a tag manifest too large to read: bag.tagmanifest.sha256.unreadable")
    func tagUnreadable() throws {
        var builder = try Builder.package()
        builder.freezeTagManifests()
        builder.unkept.insert(Self.tagFile)
        #expect(tags(builder).contains(Finding(CheckResult.Code.tagManifest(.sha256).unreadable, .fail, Self.tagFile)))
    }

    @Test("a tag manifest line without a path: bag.tagmanifest.sha256.malformed")
    func tagMalformed() throws {
        let builder = try editedTagManifest { $0 + Self.digest + "\n" }
        #expect(tags(builder).contains(Finding(CheckResult.Code.tagManifest(.sha256).malformed, .fail, Self.tagFile)))
    }

    @Test("a tag file listed twice: bag.tagmanifest.sha256.duplicate at it")
    func tagDuplicate() throws {
        let builder = try editedTagManifest { text in text + (text.split(separator: "\n").first { $0.hasSuffix(" bagit.txt") }.map { $0 + "\n" } ?? "") }
        #expect(tags(builder).contains(Finding(CheckResult.Code.tagManifest(.sha256).duplicate, .fail, PackageLayout.bagDeclaration)))
    }

    @Test("a payload file in the tag manifest: bag.tagmanifest.sha256.not-allowed at it")
    func tagNotAllowed() throws {
        let builder = try editedTagManifest { $0 + "\(Self.digest)  \(Builder.mediaPath)\n" }
        #expect(tags(builder).contains(Finding(CheckResult.Code.tagManifest(.sha256).notAllowed, .fail, Builder.mediaPath)))
    }

    @Test("a tag file listed that the package does not hold: bag.tagmanifest.sha256.missing at it")
    func tagMissing() throws {
        let builder = try editedTagManifest { $0 + "\(Self.digest)  rial/notes.txt\n" }
        #expect(tags(builder).contains(Finding(CheckResult.Code.tagManifest(.sha256).missing, .fail, "rial/notes.txt")))
    }

    @Test("a payload manifest too large to read: bag.manifest.sha256.unreadable")
    func payloadUnreadable() throws {
        var builder = try Builder.package()
        builder.unkept.insert(Self.payloadFile)
        #expect(payload(builder).contains(Finding(CheckResult.Code.payloadManifest(.sha256).unreadable, .fail, Self.payloadFile)))
    }

    @Test("a tag file in the payload manifest: bag.manifest.sha256.not-allowed at it")
    func payloadNotAllowed() throws {
        var builder = try Builder.package()
        let text = String(decoding: try #require(builder.files[Self.payloadFile]), as: UTF8.self)
        builder.files[Self.payloadFile] = Array((text + "\(Self.digest)  \(PackageLayout.bagInfo)\n").utf8)
        #expect(payload(builder).contains(Finding(CheckResult.Code.payloadManifest(.sha256).notAllowed, .fail, PackageLayout.bagInfo)))
    }
}
