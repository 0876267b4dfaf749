import Testing
import RialFormat
@testable import RialVerifier

/// A filtered package holds nothing finer than the levels `rial/metadata.json` states: the
/// app's files, the evidence of a hash-only package, each hash-only payload against its flags.
@Suite("Privacy check")
struct PrivacyCheckTests {
    private typealias Builder = InventoryBuilder
    private let view = NormalisedMetadata.path
    private let filtered = PrivacyLevels(location: .coarse, timestamp: .dayOnly, device: .modelOnly)

    private func run(_ builder: Builder) -> [Finding] {
        PrivacyCheck().run(builder.context()).findings
    }

    @Test func untouchedPackagesPassOnlyWhenEverythingWasRead() throws {
        // Media not examined (no probe here): privacy is not established, never passed by omission.
        let unexamined = PrivacyCheck().run(try Builder.package(disclosing: filtered).context())
        #expect(unexamined.findings == [Finding(.privacyMediaEmbedded, .notChecked, Builder.mediaPath), Finding(.privacy, .notChecked, view)])
        #expect(unexamined.last?.message.hasPrefix("privacy is not established: ") == true)
        #expect(unexamined.last?.message.contains("\(Builder.mediaPath) (privacy.media-embedded)") == true, "\(unexamined.last?.message ?? "")")
        #expect(
            run(try Builder.package(disclosing: filtered, hashOnly: true)) == [
                Finding(.privacyPayload, .pass, HashOnlyPayload.rialPath), Finding(.privacy, .pass, view),
            ])
        let nothingWithheld = PrivacyLevels(location: .none, timestamp: .none, device: .none)
        #expect(
            run(try Builder.package(disclosing: nothingWithheld, hashOnly: true)) == [
                Finding(.privacyPayload, .pass, HashOnlyPayload.rialPath), Finding(.privacy, .pass, view),
            ])
    }

    @Test func fullDisclosureWithholdsNothing() throws {
        #expect(run(try Builder.package(disclosing: .full)) == [Finding(.privacy, .notPresent, view)])
        #expect(run(try Builder.package()) == [Finding(.privacy, .notPresent, view)])
    }

    @Test func appMetadataLeaksEveryDimension() throws {
        var builder = try Builder.package(disclosing: filtered)
        try builder.put(AppMetadata.path, JSONWriter.bytes(Builder.appMetadata), recomputing: [.payload, .rial])
        #expect(
            run(builder) == [
                Finding(.privacyLocationLeak, .fail, AppMetadata.path), Finding(.privacyTimestampLeak, .fail, AppMetadata.path),
                Finding(.privacyDeviceLeak, .fail, AppMetadata.path), Finding(.privacyMediaEmbedded, .notChecked, Builder.mediaPath),
            ])
    }

    @Test func appCustodyLogAndDepthAnalysisLeakTheTime() throws {
        let full = try Builder.package(disclosing: .full)
        var builder = try Builder.package(disclosing: filtered, hashOnly: true)
        try builder.put(AppCustodyLog.path, try #require(full.files[AppCustodyLog.path]))
        try builder.put(PackageLayout.appDepthAnalysis, try #require(full.files[PackageLayout.appDepthAnalysis]))
        #expect(
            run(builder).failures == [
                Finding(.privacyTimestampLeak, .fail, AppCustodyLog.path), Finding(.privacyDeviceLeak, .fail, AppCustodyLog.path),
                Finding(.privacyTimestampLeak, .fail, PackageLayout.appDepthAnalysis),
            ])
    }

    @Test func hashOnlyPackageHoldsNoEvidence() throws {
        var builder = try Builder.package(disclosing: filtered, hashOnly: true)
        try builder.put(Builder.mediaPath, Builder.mediaBytes)
        try builder.put("data/depth/depth_000001.f32", [0, 0, 0, 0])
        try builder.put("data/frames/frame_000001.bin", [0])
        #expect(
            run(builder).failures == [
                Finding(.privacyMediaPresent, .fail, Builder.mediaPath), Finding(.privacyDepthPresent, .fail, "data/depth/depth_000001.f32"),
                Finding(.privacyFramesPresent, .fail, "data/frames/frame_000001.bin"),
            ])
    }

    @Test func viewFinerThanItsOwnLevels() throws {
        var builder = try Builder.package(disclosing: filtered)
        try builder.editJSON(view) { $0["location"] = .object(["latitude": .number(52.3702), "longitude": .number(4.8952)]) }
        #expect(run(builder).failures == [Finding(.privacyLocationLeak, .fail, view)])
    }

    @Test func payloadFlagsDisagreeingWithTheView() throws {
        var builder = try Builder.package(disclosing: filtered, hashOnly: true)
        try builder.editJSON(view) { $0["privacy"] = PrivacyLevels(location: .coarse, timestamp: .dayOnly, device: .full).jsonValue() }
        #expect(run(builder).failures == [Finding(.privacyFlagsMismatch, .fail, HashOnlyPayload.rialPath)])
    }

    @Test func unknownAppFileIsNotChecked() throws {
        var builder = try Builder.package(disclosing: filtered, hashOnly: true)
        try builder.put("data/capture/notes.json", Array("{}".utf8))
        #expect(
            run(builder) == [
                Finding(.privacyPayload, .pass, HashOnlyPayload.rialPath), Finding(.privacyAppFile, .notChecked, "data/capture/notes.json"),
                Finding(.privacy, .notChecked, view),
            ])
    }
}
