import Foundation
import Testing
import RialFormat
@testable import RialVerifier

/// A copy of the media given with `--media`, against the media the package holds.
/// ``ExternalMediaDigest`` has only `init(path:)`, which reads and hashes a file, so each test
/// writes its copy to a temporary file of its own: the one use of the disk here.
@Suite("External media check")
struct ExternalMediaCheckTests {
    private typealias Builder = InventoryBuilder

    /// Runs the check with `media` written to a temporary file and given as `--media`.
    private func run(_ builder: Builder, media bytes: [UInt8]) throws -> (findings: [Finding], subject: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rial-media-\(UUID().uuidString).mov").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return (run(builder, media: ExternalMediaDigest(path: path)), "--media \(path)")
    }

    private func run(_ builder: Builder, media: ExternalMediaDigest?) -> [Finding] {
        ExternalMediaCheck().run(
            VerificationContext(
                inventory: builder.inventory(), profile: .package, verificationTime: Builder.verificationTime,
                externalMedia: media)
        ).findings
    }

    @Test func packageWithMediaAndNoCopyHasNoFinding() throws {
        #expect(run(try Builder.package(), media: nil) == [])
    }

    @Test func matchingMediaPasses() throws {
        let builder = try Builder.package()
        let (findings, subject) = try run(builder, media: try #require(builder.files[Builder.mediaPath]))
        #expect(findings == [Finding(.mediaExternal, .pass, subject)])
    }

    @Test func anotherFileIsAMismatch() throws {
        let (findings, subject) = try run(try Builder.package(), media: Array("some other recording".utf8))
        #expect(findings == [Finding(.mediaExternalMismatch, .fail, subject)])
    }

    @Test func unreadableFileIsNotChecked() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rial-media-\(UUID().uuidString)-absent.mov").path
        #expect(run(try Builder.package(), media: ExternalMediaDigest(path: path)) == [Finding(.mediaExternal, .notChecked, "--media \(path)")])
    }

    @Test func plainBagIsNotAsked() throws {
        let context = VerificationContext(
            inventory: try Builder.plainBag().inventory(), profile: .bag, verificationTime: Builder.verificationTime,
            externalMedia: ExternalMediaDigest(path: "/nonexistent/rial-media.mov"))
        #expect(ExternalMediaCheck().run(context).findings == [])
    }

    // A hash-only package withholds its media and states its SHA-256.

    @Test func hashOnlyPackageWithoutACopyIsNotChecked() throws {
        let builder = try Builder.package(disclosing: PrivacyLevels(location: .coarse, timestamp: .dayOnly, device: .modelOnly), hashOnly: true)
        #expect(run(builder, media: nil) == [Finding(.mediaExternal, .notChecked, HashOnlyPayload.rialPath)])
    }

    @Test func hashOnlyPackageAgainstACopy() throws {
        let builder = try Builder.package(disclosing: .full, hashOnly: true)
        let matching = try run(builder, media: Builder.mediaBytes)
        #expect(matching.findings == [Finding(.mediaExternal, .pass, matching.subject)])
        let other = try run(builder, media: Array("some other recording".utf8))
        #expect(other.findings == [Finding(.mediaExternalMismatch, .fail, other.subject)])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rial-media-\(UUID().uuidString)-absent.mov").path
        #expect(run(builder, media: ExternalMediaDigest(path: path)) == [Finding(.mediaExternal, .notChecked, "--media \(path)")])
    }

    @Test func hashOnlyStatementsThatNameOtherMedia() throws {
        var builder = try Builder.package(disclosing: .full, hashOnly: true)
        try builder.editJSON(NormalisedMetadata.path) { $0["media_sha256"] = .string(String(repeating: "0", count: 64)) }
        #expect(run(builder, media: nil) == [Finding(.metadataMediaHashMismatch, .fail, HashOnlyPayload.rialPath)])
    }
}
