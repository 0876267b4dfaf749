import Testing
import RialFormat
@testable import RialVerifier

/// ``RialDocumentProvider``: rial's manifest, chain and depth index, each read once when asked,
/// from the tree the base step parsed within the budget.
@Suite("Rial document provider")
struct RialDocumentProviderTests {
    private typealias Builder = InventoryBuilder

    @Test func manifestIsReadOnceWhenAsked() throws {
        let context = try Builder.package().context()
        #expect(context.computedFacts.isEmpty)
        #expect(context.parsedManifest?.packageID.rawValue == Builder.packageID)
        #expect(context.parsedManifest?.created == Builder.created)
        #expect(context.computedFacts == [.rialManifest])
        // Whether the rial parts are judged is known without parsing it.
        let fresh = try Builder.package().context()
        #expect(fresh.judgesRialParts)
        #expect(fresh.computedFacts.isEmpty)
    }

    @Test func absentDocumentsAreNilAndAMalformedManifestSaysWhy() throws {
        var builder = try Builder.package()
        var context = builder.context()
        #expect(context.chain == nil)
        #expect(context.depthIndex == nil)
        #expect(context.computedFacts == [.frameChain, .depthIndex])
        builder.files[PackageLayout.manifest] = Array("{\"not\": \"a manifest\"}".utf8)
        context = builder.context()
        guard case .failure? = context.manifest else { Issue.record("a malformed manifest parsed"); return }
        builder.files[PackageLayout.manifest] = nil
        #expect(builder.context().manifest == nil)
        #expect(!builder.context(profile: .bag).judgesRialParts)
        #expect(builder.context(profile: .package).judgesRialParts)
    }

    @Test func chainAndDepthIndexAreRead() throws {
        let chain = try TestChain.make()
        let context = TestChain.context(chain)
        #expect(context.parsedChain == chain)
        #expect(context.computedFacts == [.frameChain])
    }
}
