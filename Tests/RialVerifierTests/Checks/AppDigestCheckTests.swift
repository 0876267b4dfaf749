import Testing
import RialFormat
@testable import RialVerifier

/// ``AppDigestCheck``: the SHA-256, SHA-512 and size the capture app's forensic manifest records
/// for the media are the media's.
@Suite("AppDigestCheck")
struct AppDigestCheckTests {
    private static let media = InventoryBuilder.mediaPath
    private static let manifest = InventoryBuilder.appManifestPath

    private func export(editing edit: (inout JSONObject) -> Void = { _ in }, withholdingMedia: Bool = false) throws -> InventoryBuilder {
        var builder = try InventoryBuilder.appExport(
            tokens: [], endedAt: InventoryBuilder.appTime(2), created: InventoryBuilder.created,
            withholdingMedia: withholdingMedia)
        try builder.editJSON(Self.manifest, recomputing: [.payload, .rial]) { edit(&$0) }
        return builder
    }

    private func run(_ builder: InventoryBuilder) -> [Finding] { AppDigestCheck().run(builder.context()).map(Finding.init) }

    @Test("digests and size as recorded: PASS for each digest")
    func agrees() throws {
        #expect(run(try export()) == [Finding(.appMediaSHA256, .pass, Self.media), Finding(.appMediaSHA512, .pass, Self.media)])
    }

    @Test("other digests and size recorded: a mismatch for each, at the media")
    func mismatch() throws {
        let other = try export { manifest in
            manifest["sha256Hash"] = .string(String(repeating: "a", count: 64))
            manifest["sha512Hash"] = .string(String(repeating: "b", count: 128))
            manifest["fileSize"] = .integer(1)
        }
        #expect(
            run(other) == [
                Finding(.appMediaSHA256Mismatch, .fail, Self.media), Finding(.appMediaSHA512Mismatch, .fail, Self.media),
                Finding(.appMediaSizeMismatch, .fail, Self.media),
            ])
    }

    @Test("the named media renamed: found by its digest, then PASS")
    func foundByContent() throws {
        let renamed = try export { $0["fileName"] = .string("IMG_0001.mov") }
        #expect(
            run(renamed) == [
                Finding(.appMediaFoundByContent, .pass, Self.media), Finding(.appMediaSHA256, .pass, Self.media),
                Finding(.appMediaSHA512, .pass, Self.media),
            ])
    }

    @Test("the media is not in the package: app.media.missing at the forensic manifest")
    func missing() throws {
        #expect(run(try export(withholdingMedia: true)) == [Finding(.appMediaMissing, .fail, Self.manifest)])
    }
}
