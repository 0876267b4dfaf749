import Foundation
import Testing
import RialPackager
import RialTestSupport
@testable import RialVerifier

/// The capture app's times in order (SPEC §8.5.1 steps 6 and 6a, §8.5.2) and several tokens
/// (§8.5.1), on the fixtures' `rich` and `flat` exports as the app writes them and one-change
/// twins made here from them: a manifest dated before the recording (20 h before its token), a
/// `started_at` the custody log contradicts, a log without RECORDING_COMPLETE, a second token
/// from a TSA the examiner has no root for. Packed and verified in-process; openssl is the
/// outside oracle on the tokens.
@Suite("the capture app's times in order, and several tokens (library)")
struct AppExportTimeOrderTests {
    private static let manifestName = "recording_1764000000.manifest.json"
    private static let metadataName = "recording_1764000000.metadata.json"
    private static let logName = "recording_1764000000.custody_log.json"

    private static func readObject(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    private static func write(_ object: Any, to url: URL) throws {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
    }

    /// Copies `variant` to `name` and hands its folder to `change`.
    private static func twin(_ variant: String, _ name: String, _ exports: URL, _ change: (URL) throws -> Void) throws {
        let copy = exports.appendingPathComponent(name)
        try FileManager.default.copyItem(at: exports.appendingPathComponent(variant), to: copy)
        try change(copy)
    }

    /// The time of the app's `action` in its custody log, as it wrote it (seconds since 2001).
    private static func logged(_ action: String, in export: URL) throws -> Double {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: export.appendingPathComponent(logName))) as? [[String: Any]])
        return try #require(log.first { $0["action"] as? String == action }?["timestamp"] as? Double)
    }

    /// Packs `name` as received and verifies it trusting the fixtures' test TSA root.
    private func verify(_ name: String, _ exports: URL, in dir: URL) throws -> VerificationReport {
        let (package, _) = try AppExportFixture.pack(name, exports, in: dir) { $0.keepAsReceived = true }
        return try AppExportFixture.verify(package, tsaTrust: AppExportFixture.tsaRoot(exports))
    }

    @Test("as the app writes it, the times are in order: RECORDING_START agrees with started_at, createdAt follows the end, the token sits between")
    func inOrder() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let report = try verify("rich", exports, in: dir)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.has("app.time.start", subject: AppExportFiles.metadata, status: .pass), "\(report.checks("app.time.start"))")
            #expect(report.has("app.time.manifest", subject: AppExportFiles.manifest, status: .pass), "\(report.checks("app.time.manifest"))")
            #expect(report.has("app.timestamp", subject: AppExportFiles.manifest, status: .pass))
            #expect(report.checks.filter { $0.code.rawValue == "app.timestamp.after-manifest" || $0.code.rawValue == "app.timestamp.before-end" }.isEmpty)
        }
    }

    @Test("a manifest dated 20 h before its token, and before the recording: both fail, with their codes")
    func manifestBeforeItsToken() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            var createdAt = 0.0
            try Self.twin("rich", "created-early", exports) { export in
                var manifest = try Self.readObject(export.appendingPathComponent(Self.manifestName))
                createdAt = try Self.logged("RECORDING_COMPLETE", in: export) - 72_000
                manifest["createdAt"] = createdAt
                try Self.write(manifest, to: export.appendingPathComponent(Self.manifestName))
            }
            let report = try verify("created-early", exports, in: dir)
            #expect(report.verdict == .fail)
            let late = try #require(report.checks("app.timestamp.after-manifest").first)
            #expect(late.status == .fail && late.subject == AppExportFiles.manifest)
            let written = Date(timeIntervalSinceReferenceDate: createdAt)
            #expect(late.expected == "no later than \(ISO8601DateFormatter().string(from: written))", "\(late)")
            #expect(report.has("app.time.manifest.before-recording", subject: AppExportFiles.manifest), "\(report.failures)")
            // The token itself is sound: openssl accepts it over the media.
            #expect(try AppExportFixture.opensslAccepts("rich", exports, in: dir))
        }
    }

    @Test("started_at 10 s after the custody log's RECORDING_START fails app.time.start.mismatch")
    func startContradicted() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            var expected = ""
            try Self.twin("rich", "start-moved", exports) { export in
                var metadata = try Self.readObject(export.appendingPathComponent(Self.metadataName))
                let start = try Self.logged("RECORDING_START", in: export)
                expected = ISO8601DateFormatter().string(from: Date(timeIntervalSinceReferenceDate: start))
                let formatter = ISO8601DateFormatter()
                formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                metadata["started_at"] = formatter.string(from: Date(timeIntervalSinceReferenceDate: start + 10))
                try Self.write(metadata, to: export.appendingPathComponent(Self.metadataName))
            }
            let report = try verify("start-moved", exports, in: dir)
            let mismatch = try #require(report.checks("app.time.start.mismatch").first, "\(report.failures)")
            #expect(mismatch.status == .fail && mismatch.subject == AppExportFiles.metadata)
            #expect(mismatch.expected == expected, "\(mismatch)")
        }
    }

    @Test("no end stated (no metadata, no RECORDING_COMPLETE): the start bounds the token, and the missing time is said")
    func withoutAnEnd() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            try Self.twin("flat", "no-end", exports) { export in
                let url = export.appendingPathComponent(Self.logName)
                let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
                try Self.write(log.filter { $0["action"] as? String != "RECORDING_COMPLETE" }, to: url)
            }
            let report = try verify("no-end", exports, in: dir)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.has("app.timestamp", subject: AppExportFiles.manifest, status: .pass))
            let manifest = try #require(report.checks("app.time.manifest").first)
            #expect(manifest.status == .pass && manifest.message.contains("the recording started"), "\(manifest)")
            let start = try #require(report.checks("app.time.start").first)
            #expect(start.status == .notChecked && start.message.contains("the export has no metadata file"), "\(start)")
        }
    }

    @Test("two tokens, the second from a TSA the examiner has no root for: the first passes, the second is NOT CHECKED naming its TSA, the package passes")
    func secondTokenFromAnUnknownTSA() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let other = try Self.readObject(exports.appendingPathComponent("token-untrusted").appendingPathComponent(Self.manifestName))
            let otherTokens = try #require(other["timestampTokens"] as? [Any])
            try Self.twin("rich", "two-tsas", exports) { export in
                var manifest = try Self.readObject(export.appendingPathComponent(Self.manifestName))
                let tokens = try #require(manifest["timestampTokens"] as? [Any])
                manifest["timestampTokens"] = tokens + otherTokens
                try Self.write(manifest, to: export.appendingPathComponent(Self.manifestName))
            }
            let report = try verify("two-tsas", exports, in: dir)
            #expect(report.verdict == .pass, "\(report.failures)")
            let found = report.checks("app.timestamp")
            #expect(found.map(\.status) == [.pass, .notChecked], "\(found)")
            #expect(found.last?.message.hasPrefix("timestampTokens[1]: token valid, TSA not trusted: Rial Other TSA (TEST ONLY)") == true)
            #expect(!report.checks.contains { $0.code.rawValue == "app.timestamp.untrusted" })
        }
    }
}
