import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// The in-memory package the unit tests edit is itself a valid package: every check that
/// applies to it passes, so a failure in another test is the edit's doing.
@Suite("Inventory builder")
struct InventoryBuilderTests {
    /// The checks a package without chain, depth or metadata files can satisfy; the metadata
    /// checks are added for ``InventoryBuilder/package(disclosing:hashOnly:sealedBy:)``, and the
    /// chain and depth checks need frame material the builder does not make (``PackedSample``).
    private let checks: [any VerificationCheck] = [
        LayoutCheck(), BagDeclarationCheck(), BagInfoCheck(), PayloadOxumCheck(), PayloadManifestCheck(), ManifestAgreementCheck(),
        TagManifestCheck(), RialManifestCheck(), SealCheck(), TimestampCheck(), CustodyCheck(), LaterPartsCheck(),
    ]

    private func failures(_ builder: InventoryBuilder, policy: VerificationPolicy = VerificationPolicy()) -> [Finding] {
        let context = builder.context(policy: policy)
        return checks.flatMap { $0.run(context) }.failures
    }

    @Test func minimalPackagePassesEveryCheckThatApplies() throws {
        let builder = try InventoryBuilder.package()
        #expect(failures(builder) == [])
        let context = builder.context()
        #expect(context.custodyLog?.files.map(\.seq) == [1, 2, 3, 4, 5, 6])
        #expect(CustodyCheck().run(context).contains { $0.code == .custodyChain && $0.status == .pass })
    }

    @Test(arguments: [
        (PrivacyLevels.full, false), (PrivacyLevels(location: .coarse, timestamp: .dayOnly, device: .modelOnly), false),
        (PrivacyLevels(location: .coarse, timestamp: .dayOnly, device: .modelOnly), true), (PrivacyLevels.full, true),
    ])
    func packageWithMetadataPassesEveryCheckThatApplies(_ levels: PrivacyLevels, hashOnly: Bool) throws {
        let builder = try InventoryBuilder.package(disclosing: levels, hashOnly: hashOnly)
        let metadataChecks: [any VerificationCheck] = [NormalisedMetadataCheck(), PrivacyCheck(), MetadataAgreementCheck(), ExternalMediaCheck()]
        #expect(failures(builder) + metadataChecks.flatMap { $0.run(builder.context()) }.failures == [])
        #expect((builder.files[InventoryBuilder.mediaPath] == nil) == hashOnly)
    }

    @Test func sealedPackageWithSignedAppendedEventsPasses() throws {
        let sealer = try TestIdentity()
        var builder = try InventoryBuilder.package(sealedBy: sealer)
        try builder.appendEvent(.transferred, at: Timestamp(seconds: InventoryBuilder.created.seconds + 86_400))
        let technician = try TestIdentity(name: "Lab Tech")
        try builder.appendEvent(.received, at: Timestamp(seconds: InventoryBuilder.created.seconds + 2 * 86_400), by: technician)
        #expect(failures(builder, policy: VerificationPolicy(sealAnchors: [sealer.certificate, technician.certificate])) == [])
        let context = builder.context()
        #expect(context.seal?.state == .validUntrusted)
        #expect(context.custodySignatures[6]?.state == .validUntrusted)
        #expect(context.custodySignatures[8]?.state == .validUntrusted)
    }

    @Test func digestsAndKeptBytesAreTheScannersOwn() throws {
        let builder = try InventoryBuilder.package()
        let inventory = builder.inventory()
        let manifest = try #require(builder.files[PackageLayout.manifest])
        #expect(inventory.files[PackageLayout.manifest]?.digests[.sha256] == Hex.encode(try StreamingDigest.digest(.sha256, of: manifest)))
        #expect(inventory.files[PackageLayout.manifest]?.digests[.sha512] == Hex.encode(try StreamingDigest.digest(.sha512, of: manifest)))
        #expect(inventory.tagFileBytes[PackageLayout.manifest] == manifest)
        #expect(inventory.tagFileBytes[AppCustodyLog.path] != nil)
        #expect(inventory.tagFileBytes[InventoryBuilder.mediaPath] == nil)
        #expect(inventory.directories.isSuperset(of: ["data", "data/media", "rial", "rial/custody"]))
    }

    @Test func anEditIsCaught() throws {
        var builder = try InventoryBuilder.package()
        builder.files[InventoryBuilder.mediaPath] = Array("other bytes".utf8)
        #expect(failures(builder).contains(Finding(.rialManifestFileSha256Mismatch, .fail, InventoryBuilder.mediaPath)))
    }
}
