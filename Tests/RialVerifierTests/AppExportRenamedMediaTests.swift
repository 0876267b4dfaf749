import Foundation
import Testing
import RialPackager
import RialTestSupport
@testable import RialVerifier

/// A recording renamed after the app exported it (issue 29, item 5; `schema/SPEC.md` §2.2,
/// "Which media the manifest describes"), packed and verified in-process:
/// `recording_1764000001.mp4` beside the manifest and custody log of `recording_1764000000`, its
/// bytes intact. It is found by its content, noted with both names, and held against the app's
/// digests and capture-time token; sha256sum and openssl are the outside oracles.
@Suite("a renamed recording is found by content (library)")
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
            var bytes = try Data(contentsOf: new)
            bytes[bytes.count - 1] ^= 0x01
            try bytes.write(to: new)
        }
        return export
    }

    @Test(
        "intact bytes under another name: pack notes both names, verify finds the media by its digests and checks the token's imprint; sha256sum and openssl agree"
    )
    func renamed() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let export = try Self.renamedExport(exports)
            // Outside oracles: the renamed bytes are the ones the app hashed and the TSA stamped.
            let manifest = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: export.appendingPathComponent("recording_1764000000.manifest.json"))) as? [String: Any])
            let sum = try OutsideOracle.digest("recording_1764000001.mp4", cwd: export)
            #expect(sum == manifest["sha256Hash"] as? String)
            let (package, summary) = try AppExportFixture.pack(export, in: dir)
            #expect(
                summary.notes.contains { $0.contains("recording_1764000000.mp4") && $0.contains("recording_1764000001.mp4") }, "\(summary.notes)")
            #expect(summary.appDigestsChecked && summary.appDigestsMatch, "\(summary)")
            let report = try AppExportFixture.verify(package, tsaTrust: AppExportFixture.tsaRoot(exports))
            #expect(report.verdict == .pass, "\(report.failures)")
            let note = try #require(report.checks("app.media.found-by-content").first)
            #expect(note.status == .pass && note.subject == Self.renamed, "\(note)")
            #expect(note.message.contains("recording_1764000000.mp4") && note.message.contains("recording_1764000001.mp4"), "\(note.message)")
            #expect(report.has("app.media.sha256", subject: Self.renamed, status: .pass))
            #expect(report.has("app.media.sha512", subject: Self.renamed, status: .pass))
            #expect(
                report.has("app.timestamp", subject: AppExportFiles.manifest, status: .pass),
                "\(report.checks.filter { $0.code.rawValue.hasPrefix("app.timestamp") })")
            #expect(report.checks("app.timestamp.imprint").isEmpty, "\(report.checks("app.timestamp.imprint"))")
        }
    }

    @Test(
        "one-change twin: renamed and one byte changed is not the recording the app hashed: refused, or kept as received and failed as missing, never as a hash-only package"
    )
    func renamedAndChanged() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let export = try Self.renamedExport(exports, flip: true)
            let refused = try #require(try AppExportFixture.refusal(export, in: dir))
            #expect(refused.code != .invalidOption && refused.conciseDescription.contains("no media file has the SHA-256 or SHA-512"), "\(refused)")
            let (package, _) = try AppExportFixture.pack(export, in: dir) { $0.keepAsReceived = true }
            let report = try AppExportFixture.verify(package, tsaTrust: AppExportFixture.tsaRoot(exports))
            #expect(report.has("app.media.missing", subject: AppExportFiles.manifest), "\(report.failures)")
            #expect(report.checks("app.media.found-by-content").isEmpty)
            let imprint = try #require(report.checks("app.timestamp.imprint").first)
            #expect(imprint.status == .notChecked && !imprint.message.contains("hash-only"), "\(imprint)")
        }
    }
}
