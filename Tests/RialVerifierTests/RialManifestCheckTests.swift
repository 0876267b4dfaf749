import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// `rial/manifest.json` against the files as they are, by its own digests: files removed or
/// added after packing, the package's name, its parse and its canonical spelling.
@Suite("Rial manifest check")
struct RialManifestCheckTests {
    private typealias Builder = InventoryBuilder
    private let path = PackageLayout.manifest

    private func run(_ builder: Builder, profile: VerificationContext.Profile = .package) -> [Finding] {
        RialManifestCheck().run(builder.context(profile: profile)).findings
    }

    /// The manifest's text with `edit` applied, bytes otherwise unchanged.
    private func editManifestText(_ builder: inout Builder, _ edit: (String) -> String) throws {
        let bytes = try #require(builder.files[path])
        let edited = edit(String(decoding: bytes, as: UTF8.self))
        #expect(Array(edited.utf8) != bytes, "the edit changed nothing")
        builder.files[path] = Array(edited.utf8)
    }

    @Test func untouchedPackagePasses() throws {
        #expect(run(try Builder.package()) == [Finding(.rialManifest, .pass, path)])
        // Sealed, with custody appended: those files stand outside the manifest.
        let sealer = try TestIdentity()
        var sealed = try Builder.package(sealedBy: sealer)
        try sealed.appendEvent(at: Timestamp(seconds: Builder.created.seconds + 86_400), by: sealer)
        #expect(run(sealed) == [Finding(.rialManifest, .pass, path)])
    }

    @Test func removedPayloadFile() throws {
        var builder = try Builder.package()
        try builder.remove(Builder.mediaPath)
        let failures = run(builder).failures
        #expect(failures.contains(Finding(.rialManifestFileMissing, .fail, Builder.mediaPath)))
        #expect(failures.contains(Finding(.rialManifestCaptureMismatch, .fail, "\(path): capture.media_files")))
    }

    @Test func addedPayloadFile() throws {
        var builder = try Builder.package()
        try builder.put("data/media/extra.bin", [0x00])
        #expect(run(builder).failures.contains(Finding(.rialManifestFileUnlisted, .fail, "data/media/extra.bin")))
    }

    @Test func addedTagFileMustBeListed() throws {
        var builder = try Builder.package()
        try builder.put("notes.txt", [0x41])
        #expect(run(builder).failures.contains(Finding(.rialManifestFileUnlisted, .fail, "notes.txt")))
    }

    @Test func sealAndCustodyFilesStandOutsideTheManifest() throws {
        var builder = try Builder.package()
        // The inventory holds no bytes for the seal, as when one is too large to read.
        try builder.put(PackageLayout.seal, [0x41])
        builder.unkept.insert(PackageLayout.seal)
        #expect(run(builder) == [Finding(.rialManifest, .pass, path)])
    }

    @Test func packageIDMustMatchTheDirectory() throws {
        var builder = try Builder.package()
        builder.rootName = "other-pkg"
        #expect(run(builder) == [Finding(.rialManifestPackageIdMismatch, .fail, "\(path): package_id")])
    }

    @Test func creationDayMustMatchBaggingDate() throws {
        var builder = try Builder.package()
        try builder.setBagInfo("Bagging-Date", ["2026-01-16"])
        // bag-info.txt is listed in the manifest: state it again, so only the day differs.
        try builder.recomputeManifests([.rial])
        #expect(run(builder) == [Finding(.rialManifestCreatedMismatch, .fail, "\(path): created")])
    }

    @Test func malformedManifestJSONIsAFailureWithItsOwnCode() throws {
        var builder = try Builder.package()
        try editManifestText(&builder) { $0.replacingOccurrences(of: "\"format\": \"rialpkg\",", with: "\"format\": \"rialpkg\", \"format\": \"rialpkg\",") }
        #expect(run(builder) == [Finding(.rialManifestMalformed, .fail, path)])
    }

    @Test func reformattedManifestIsNotCanonical() throws {
        var builder = try Builder.package()
        // Same JSON value, another spelling: four-space indentation.
        try editManifestText(&builder) { $0.replacingOccurrences(of: "\n  ", with: "\n    ") }
        #expect(run(builder) == [Finding(.rialManifestNotCanonical, .fail, path)])
    }

    @Test func missingManifestFailsAPackageNotAPlainBag() throws {
        var builder = try Builder.package()
        try builder.remove(path)
        #expect(run(builder) == [Finding(.rialManifestMissing, .fail, path)])
        #expect(run(try Builder.plainBag(), profile: .bag) == [Finding(.rialManifest, .notPresent, path)])
    }
}
