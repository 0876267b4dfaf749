import Foundation
import Testing

/// A recording renamed after the app exported it (issue 29, item 5; `schema/SPEC.md` §2.2,
/// "Which media the manifest describes"): `recording_1764000001.mp4` beside the manifest and
/// custody log of `recording_1764000000`, its bytes intact. It is found by its content, noted
/// with both names, and held against the app's digests and capture-time token.
@Suite("a renamed recording is found by content")
struct AppExportRenamedMediaTests {
    static let renamed = "data/media/recording_1764000001.mp4"

    /// The `flat` export with its media renamed; `flip` also changes the media's last byte.
    static func renamedExport(_ exports: URL, flip: Bool = false) throws -> URL {
        let export = exports.appendingPathComponent(flip ? "renamed-changed" : "renamed")
        try FileManager.default.copyItem(at: exports.appendingPathComponent("flat"), to: export)
        let old = export.appendingPathComponent("recording_1764000000.mp4")
        let new = export.appendingPathComponent("recording_1764000001.mp4")
        try FileManager.default.moveItem(at: old, to: new)
        if flip {
            var bytes = try Fixture.read(new)
            bytes[bytes.count - 1] ^= 0x01
            try bytes.write(to: new)
        }
        return export
    }

    @Test(
        "intact bytes under another name: pack notes both names, verify finds the media by its digests and checks the token's imprint; sha256sum and openssl agree"
    )
    func renamed() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportTests.exports(in: dir)
            let export = try Self.renamedExport(exports)
            // Outside oracles: the renamed bytes are the ones the app hashed and the TSA stamped.
            let manifest = try #require(
                try JSONSerialization.jsonObject(with: Fixture.read(export.appendingPathComponent("recording_1764000000.manifest.json"))) as? [String: Any])
            let sum = CLI.run(["sha256sum", "recording_1764000001.mp4"], cwd: export).stdout.prefix(64)
            #expect(String(sum) == manifest["sha256Hash"] as? String)
            let package = dir.appendingPathComponent("renamed.rialpkg")
            let packed = CLI.rial(["pack", export.path, "-o", package.path], cwd: dir)
            try #require(packed.status == 0, "\(packed)")
            #expect(
                packed.stdout.contains("Note:") && packed.stdout.contains("recording_1764000000.mp4") && packed.stdout.contains("recording_1764000001.mp4"),
                "\(packed.stdout)")
            #expect(packed.stdout.contains("App digests:      the SHA-256 and SHA-512 the capture app recorded match the media"), "\(packed.stdout)")
            let root = exports.appendingPathComponent("pki/root-ca.pem").path
            let report = try AppExportTests.verify(package, in: dir, options: ["--tsa-trust", root])
            #expect(report.verdict == "pass", "\(report.failures)")
            let note = try #require(report.checks("app.media.found-by-content").first)
            #expect(note.status == "pass" && note.subject == Self.renamed, "\(note)")
            #expect(note.message.contains("recording_1764000000.mp4") && note.message.contains("recording_1764000001.mp4"), "\(note.message)")
            #expect(report.has("app.media.sha256", subject: Self.renamed, status: "pass"))
            #expect(report.has("app.media.sha512", subject: Self.renamed, status: "pass"))
            #expect(
                report.has("app.timestamp", subject: AppExportTests.manifest, status: "pass"), "\(report.checks.filter { $0.code.hasPrefix("app.timestamp") })")
            #expect(report.checks("app.timestamp.imprint").isEmpty, "\(report.checks("app.timestamp.imprint"))")
        }
    }

    @Test(
        "one-change twin: renamed and one byte changed is not the recording the app hashed: refused, or kept as received and failed as missing, never as a hash-only package"
    )
    func renamedAndChanged() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportTests.exports(in: dir)
            let export = try Self.renamedExport(exports, flip: true)
            let package = dir.appendingPathComponent("changed.rialpkg")
            let refused = CLI.rial(["pack", export.path, "-o", package.path], cwd: dir)
            #expect(refused.status == 2 && refused.stderr.contains("no media file has the SHA-256 or SHA-512"), "\(refused)")
            let kept = CLI.rial(["pack", export.path, "-o", package.path, "--keep-as-received"], cwd: dir)
            try #require(kept.status == 0, "\(kept)")
            let report = try AppExportTests.verify(package, in: dir, options: ["--tsa-trust", exports.appendingPathComponent("pki/root-ca.pem").path])
            #expect(report.has("app.media.missing", subject: AppExportTests.manifest), "\(report.failures)")
            #expect(report.checks("app.media.found-by-content").isEmpty)
            let imprint = try #require(report.checks("app.timestamp.imprint").first)
            #expect(imprint.status == "not_checked" && !imprint.message.contains("hash-only"), "\(imprint)")
        }
    }
}
