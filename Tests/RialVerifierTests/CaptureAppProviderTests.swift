import Testing
import RialFormat
@testable import RialVerifier

/// ``CaptureAppProvider``: the app's forensic manifest and hash chain, read together once when
/// either is asked for, and the metadata files, read once when asked.
@Suite("Capture app provider")
struct CaptureAppProviderTests {
    private typealias Builder = InventoryBuilder

    @Test func forensicManifestIsReadOnceWhereItWasRecognised() throws {
        let context = try Builder.appExport(tokens: [], endedAt: Builder.appTime(2), created: Builder.created).context()
        #expect(context.computedFacts.isEmpty)
        #expect(context.appFiles[.forensicManifest] == Builder.appManifestPath)
        let manifest = try #require(context.parsedAppManifest)
        #expect(manifest.fileName == "clip.mov")
        #expect(context.appChain == nil)
        _ = context.appManifest
        #expect(context.computedFacts == [.appDocuments])
    }

    @Test func withoutTheAppsFilesBothAreNil() throws {
        let context = try Builder.package().context()
        #expect(context.appManifest == nil)
        #expect(context.appChain == nil)
    }

    @Test func metadataIsReadOnceWhenAsked() throws {
        let context = try Builder.package(disclosing: .full).context()
        #expect(context.metadataSources?.parsedApp != nil)
        #expect(context.metadataSources?.isHashOnly == false)
        #expect(context.computedFacts == [.metadata])
        let hashOnly = try Builder.package(disclosing: .full, hashOnly: true).context()
        #expect(hashOnly.metadataSources?.isHashOnly == true)
    }
}
