import Testing
import RialFormat
@testable import RialVerifier

/// `rial/metadata.json` against the files it was made from: the app's metadata and depth
/// analysis, the hash-only payload rial built, and the list of its sources.
@Suite("Normalised metadata check")
struct NormalisedMetadataCheckTests {
    private typealias Builder = InventoryBuilder
    private let path = NormalisedMetadata.path
    private let filtered = PrivacyLevels(location: .coarse, timestamp: .dayOnly, device: .modelOnly)

    private func run(_ builder: Builder) -> [Finding] {
        NormalisedMetadataCheck().run(builder.context()).findings
    }

    @Test func untouchedPackagesPass() throws {
        #expect(run(try Builder.package(disclosing: .full)) == [Finding(.metadataNormalised, .pass, path)])
        #expect(run(try Builder.package(disclosing: filtered, hashOnly: true)) == [Finding(.metadataNormalised, .pass, path)])
        #expect(run(try Builder.package(disclosing: .full, hashOnly: true)) == [Finding(.metadataNormalised, .pass, path)])
    }

    @Test func filteredPackageWithNoSourceIsNotChecked() throws {
        let builder = try Builder.package(disclosing: filtered)
        #expect(builder.files[AppMetadata.path] == nil)
        #expect(run(builder) == [Finding(.metadataNormalised, .notChecked, path)])
    }

    @Test func packageWithoutMetadata() throws {
        #expect(run(try Builder.package()) == [Finding(.metadata, .notPresent, path)])
        #expect(run(try Builder.plainBag()) == [Finding(.metadata, .notPresent, path)])
        #expect(NormalisedMetadataCheck().run(try Builder.plainBag().context(profile: .bag)).isEmpty)
    }

    @Test func malformedView() throws {
        var builder = try Builder.package(disclosing: .full)
        try builder.editJSON(path) { $0["capture_mode"] = .string("partial") }
        #expect(run(builder) == [Finding(.metadataNormalisedMalformed, .fail, path)])
        try builder.put(path, Array("{".utf8))
        #expect(run(builder) == [Finding(.metadataNormalisedMalformed, .fail, path)])
    }

    @Test func viewThatDisagreesWithTheAppsMetadata() throws {
        var builder = try Builder.package(disclosing: .full)
        try builder.editJSON(path, recomputing: [.rial]) { $0["device"] = .string("Pixel 8 / Android 14 / 1.2.0") }
        #expect(run(builder) == [Finding(.metadataNormalisedMismatch, .fail, path)])
    }

    @Test func viewThatDisagreesWithThePayload() throws {
        var builder = try Builder.package(disclosing: filtered, hashOnly: true)
        try builder.editJSON(path) { $0["media_sha256"] = .string(String(repeating: "0", count: 64)) }
        #expect(run(builder) == [Finding(.metadataNormalisedMismatch, .fail, path)])
    }

    @Test func depthAnalysisEditedAfterTheView() throws {
        var builder = try Builder.package(disclosing: .full)
        try builder.editJSON(PackageLayout.appDepthAnalysis) { $0["isLikelyRealScene"] = .bool(false) }
        #expect(run(builder) == [Finding(.metadataNormalisedMismatch, .fail, path)])
        try builder.put(PackageLayout.appDepthAnalysis, Array("[1, 2]".utf8))
        #expect(run(builder) == [Finding(.metadataDepthAnalysisMalformed, .fail, PackageLayout.appDepthAnalysis)])
    }

    @Test func sourcesMustNameTheFilesPresent() throws {
        var builder = try Builder.package(disclosing: .full)
        try builder.remove(PackageLayout.appDepthAnalysis)
        #expect(run(builder) == [Finding(.metadataNormalisedSources, .fail, path)])
        // A source the view does not name.
        var filteredBuilder = try Builder.package(disclosing: filtered)
        try filteredBuilder.put(AppMetadata.path, JSONWriter.bytes(Builder.appMetadata))
        #expect(run(filteredBuilder).contains(Finding(.metadataNormalisedSources, .fail, path)))
    }
}
