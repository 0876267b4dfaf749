import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// The payload manifests list the same files.
@Suite("Manifest agreement check")
struct ManifestAgreementCheckTests {
    private typealias Builder = InventoryBuilder

    private func run(_ builder: Builder) -> [Finding] {
        ManifestAgreementCheck().run(builder.context()).findings
    }

    @Test func untouchedPackagePasses() throws {
        #expect(run(try Builder.package()) == [Finding(.bagManifestsAgree, .pass, "payload manifests")])
    }

    @Test func manifestsThatDisagree() throws {
        var builder = try Builder.package()
        try builder.unlist(Builder.mediaPath, fromPayloadManifest: .sha512)
        #expect(run(builder) == [Finding(.bagManifestsDisagree, .fail, Builder.mediaPath)])
    }

    @Test func oneManifestIsNothingToCompare() throws {
        var builder = try Builder.package()
        try builder.remove("manifest-sha512.txt")
        #expect(run(builder) == [Finding(.bagManifestsAgree, .notChecked, "payload manifests")])
    }
}
