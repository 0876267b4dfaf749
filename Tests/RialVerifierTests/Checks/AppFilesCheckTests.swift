import Testing
import RialFormat
@testable import RialVerifier

/// ``AppFilesCheck``: every file the capture app exported is read once or named NOT CHECKED,
/// and the forensic manifest's own shape is judged.
@Suite("AppFilesCheck")
struct AppFilesCheckTests {
    private static let manifest = InventoryBuilder.appManifestPath

    private func export(adding extra: [String: [UInt8]] = [:], editing edit: ((inout JSONObject) -> Void)? = nil) throws -> InventoryBuilder {
        var builder = try InventoryBuilder.appExport(tokens: [], endedAt: InventoryBuilder.appTime(2), created: InventoryBuilder.created)
        for (path, bytes) in extra { try builder.put(path, bytes) }
        if let edit { try builder.editJSON(Self.manifest) { edit(&$0) } }
        try builder.recomputeManifests([.payload, .rial])
        return builder
    }

    private func run(_ builder: InventoryBuilder) -> [Finding] { AppFilesCheck().run(builder.context()).map(Finding.init) }

    @Test("an export rial reads whole: silent")
    func whole() throws {
        #expect(run(try export()) == [])
    }

    @Test("two forensic manifests: app.files.ambiguous at each, and neither read")
    func ambiguous() throws {
        let second = PackageLayout.captureAppDirectory + "recording_1764000001.manifest.json"
        let builder = try export(adding: [second: try #require(try export().files[Self.manifest])])
        #expect(run(builder) == [Finding(.appFilesAmbiguous, .fail, Self.manifest), Finding(.appFilesAmbiguous, .fail, second)])
    }

    @Test("a file rial does not read: app.file.not-interpreted NOT CHECKED at it")
    func uninterpreted() throws {
        let notes = PackageLayout.captureAppDirectory + "notes.txt"
        #expect(run(try export(adding: [notes: Array("hello".utf8)])) == [Finding(.appFileNotInterpreted, .notChecked, notes)])
    }

    @Test("depth files without a chain: app.file.not-interpreted NOT CHECKED at the depth directory")
    func depthWithoutChain() throws {
        let builder = try export(adding: [PackageLayout.depthDirectory + "d1.bin": [0, 0, 0, 0]])
        #expect(run(builder) == [Finding(.appFileNotInterpreted, .notChecked, PackageLayout.depthDirectory)])
    }

    @Test("a key the reading does not define: app.manifest.unread-keys NOT CHECKED")
    func unreadKeys() throws {
        #expect(run(try export { $0["deviceNotes"] = .string("x") }) == [Finding(.appManifestUnreadKeys, .notChecked, Self.manifest)])
    }

    @Test("a forensic manifest that cannot be read: app.manifest.malformed")
    func malformed() throws {
        #expect(run(try export { $0["sha256Hash"] = .integer(1) }) == [Finding(.appManifestMalformed, .fail, Self.manifest)])
    }
}
