import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// Each file record of `rial/manifest.json` (``RialManifestCheck``): listed once, a path a
/// package may hold, a file that stands inside the manifest, the role its path calls for; and
/// a manifest too large to read.
@Suite("Rial manifest file records")
struct RialManifestFileRecordTests {
    private typealias Builder = InventoryBuilder
    private let path = PackageLayout.manifest

    private func run(_ builder: Builder) -> [Finding] { RialManifestCheck().run(builder.context()).findings }

    /// The minimal package whose `rial/manifest.json` lists `edit`'s records instead of its own.
    private func package(_ edit: ([PackageManifest.FileRecord]) -> [PackageManifest.FileRecord]) throws -> Builder {
        var builder = try Builder.package()
        let manifest = try PackageManifest(json: StrictJSONParser.parse(try #require(builder.files[path])))
        builder.files[path] = PackageManifest(
            formatVersion: manifest.formatVersion, packageID: manifest.packageID, created: manifest.created,
            tool: manifest.tool, capture: manifest.capture, chain: manifest.chain,
            files: edit(manifest.files)
        ).bytes()
        return builder
    }

    /// The media file's record, with another path or role.
    private func media(_ records: [PackageManifest.FileRecord], path: String? = nil, role: FileRole? = nil) -> PackageManifest.FileRecord? {
        records.first { $0.path == Builder.mediaPath }.map {
            PackageManifest.FileRecord(
                path: path ?? $0.path, role: role ?? $0.role, mediaType: $0.mediaType, size: $0.size, sha256: $0.sha256, sha512: $0.sha512)
        }
    }

    @Test("a file listed twice: rial.manifest.file.duplicate at it")
    func duplicate() throws {
        let builder = try package { $0 + [media($0)].compactMap { $0 } }
        #expect(run(builder).contains(Finding(.rialManifestFileDuplicate, .fail, Builder.mediaPath)))
    }

    @Test("a path no bag may hold: rial.manifest.file.invalid-path at it")
    func invalidPath() throws {
        let builder = try package { $0 + [media($0, path: "data/../clip.mov")].compactMap { $0 } }
        #expect(run(builder).contains(Finding(.rialManifestFileInvalidPath, .fail, "data/../clip.mov")))
    }

    @Test("a file that stands outside the manifest (a tag manifest): rial.manifest.file.not-allowed at it")
    func notAllowed() throws {
        let builder = try package { $0 + [media($0, path: "tagmanifest-sha256.txt")].compactMap { $0 } }
        #expect(run(builder).contains(Finding(.rialManifestFileNotAllowed, .fail, "tagmanifest-sha256.txt")))
    }

    @Test("the media recorded as a depth map: rial.manifest.file.role-mismatch at it")
    func roleMismatch() throws {
        let builder = try package { records in records.map { $0.path == Builder.mediaPath ? media(records, role: .depth) ?? $0 : $0 } }
        #expect(run(builder).failures.contains(Finding(.rialManifestFileRoleMismatch, .fail, Builder.mediaPath)))
    }

    @Test("a path no file of a package may have: rial.manifest.file.unexpected-path at it (and missing)")
    func unexpectedPath() throws {
        let builder = try package { $0 + [media($0, path: "data/elsewhere/clip.mov")].compactMap { $0 } }
        let failures = run(builder).failures
        #expect(failures.contains(Finding(.rialManifestFileUnexpectedPath, .fail, "data/elsewhere/clip.mov")))
        #expect(failures.contains(Finding(.rialManifestFileMissing, .fail, "data/elsewhere/clip.mov")))
    }

    @Test("a file whose digests the scanner did not compute: rial.manifest.file.sha256 and .sha512 NOT CHECKED at it")
    func digestsNotComputed() throws {
        var inventory = try Builder.package().inventory()
        let file = try #require(inventory.files[Builder.mediaPath])
        inventory.files[Builder.mediaPath] = Inventory.File(path: file.path, size: file.size, digests: [:])
        let context = VerificationContext(inventory: inventory, profile: .package, verificationTime: Builder.verificationTime)
        let findings = RialManifestCheck().run(context).findings
        #expect(findings.contains(Finding(.rialManifestFileSha256, .notChecked, Builder.mediaPath)))
        #expect(findings.contains(Finding(.rialManifestFileSha512, .notChecked, Builder.mediaPath)))
    }

    @Test("a manifest too large to read: rial.manifest.unreadable")
    func unreadable() throws {
        var builder = try Builder.package()
        builder.unkept.insert(path)
        #expect(run(builder) == [Finding(.rialManifestUnreadable, .fail, path)])
    }
}
