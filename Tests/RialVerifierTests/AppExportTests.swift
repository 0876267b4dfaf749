import Foundation
import Testing
import RialFormat
import RialPackager
import RialReport
import RialTestSupport
@testable import RialVerifier

/// The capture app's export packed as it comes and verified, in-process
/// (`Tests/Fixtures/AppExport/make-app-exports.sh`: real H.264/HEVC media, Swift-style JSON with
/// numeric dates, RFC 3161 tokens from the test TSA), and its tampered twins: each packs as it
/// came and fails verification with its own code and subject, or is refused with a message that
/// says what to do. `rial pack --plan`'s mapping, what pack prints, and its exit statuses stay
/// end to end (RialCLITests' AppExportTests).
@Suite("the capture app's export, as it comes (library)")
struct AppExportTests {
    typealias Export = AppExportFixture

    @Test(
        "the flat export the forensic export design describes packs as it came: every file byte for byte, the app's digests and log read, nothing passed by omission"
    )
    func flatExport() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let (package, summary) = try Export.pack("flat", exports, in: dir)
            #expect(summary.appDigestsChecked && summary.appDigestsMatch, "\(summary)")
            let report = try Export.verify(package)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.has("app.media.sha256", subject: AppExportFiles.media, status: .pass))
            #expect(report.has("app.media.sha512", subject: AppExportFiles.media, status: .pass))
            #expect(report.has("app.file.not-interpreted", subject: "data/capture/README.txt", status: .notChecked))
            #expect(report.has("custody.import.time-converted", subject: AppExportFiles.custodyLog, status: .pass))
            #expect(report.custody?.importedCount == 5)
            // Byte for byte: each exported file is in the package under its own name (tar, the oracle, unpacks it).
            let root = try OutsideOracle.untar(package, into: dir.appendingPathComponent("x"))
            let flat = exports.appendingPathComponent("flat")
            for name in try FileManager.default.contentsOfDirectory(atPath: flat.path) {
                let inPackage = name.hasSuffix(".mp4") ? "data/media/\(name)" : "data/capture/\(name)"
                #expect(try Data(contentsOf: flat.appendingPathComponent(name)) == Data(contentsOf: root.appendingPathComponent(inPackage)), "\(name)")
            }
            // A numeric date is converted exactly and kept as written.
            let first = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("rial/custody/000001.json"))) as? [String: Any]
            let imported = first?["imported"] as? [String: Any]
            #expect(imported?["source"] as? String == AppExportFiles.custodyLog)
            #expect((imported?["app_timestamp"] as? String)?.isEmpty == false, "\(String(describing: imported))")
        }
    }

    @Test("ISO 8601 dates need no conversion, and none is reported")
    func isoDates() throws {
        let report = try Export.packAndVerify("flat-iso")
        #expect(report.verdict == .pass, "\(report.failures)")
        #expect(report.checks("custody.import.time-converted").isEmpty)
    }

    @Test("the rich export: the app's chain holds together on its own, and the metadata's claims are held against it")
    func richExport() throws {
        let report = try Export.packAndVerify("rich")
        #expect(report.verdict == .pass, "\(report.failures)")
        #expect(report.has("app.chain", subject: AppExportFiles.chain, status: .pass))
        #expect(report.has("metadata.frame-count", subject: AppExportFiles.metadata, status: .pass))
        #expect(report.has("metadata.chain-final", subject: AppExportFiles.metadata, status: .pass))
        #expect(report.has("metadata.depth-count", subject: AppExportFiles.metadata, status: .pass))
        #expect(report.has("metadata.attestation", subject: AppExportFiles.metadata, status: .notChecked))
        #expect(report.has("app.file.not-interpreted", subject: "data/depth/", status: .notChecked))
    }

    @Test("an HEVC QuickTime export is found by its content")
    func hevcExport() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let plan = try #require(try Export.plan(exports.appendingPathComponent("rich-hevc")).plan)
            let movie = plan.entries.first { $0.bagPath == "data/media/recording_1764000000.mov" }
            #expect(movie?.reading == "media (video/quicktime by content)", "\(plan.entries.map { "\($0.bagPath) (\($0.reading))" })")
            let (package, _) = try Export.pack("rich-hevc", exports, in: dir)
            #expect(try Export.verify(package).verdict == .pass)
        }
    }

    @Test(
        "digests the app recorded that do not match the media are refused at pack, or packed as received and failed",
        arguments: [
            ("digest-wrong", ["app.media.sha256.mismatch"]), ("digest512-wrong", ["app.media.sha512.mismatch"]),
            ("media-changed", ["app.media.sha256.mismatch", "app.media.sha512.mismatch"]),
        ])
    func wrongDigests(variant: String, codes: [String]) throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let refused = try #require(try Export.refusal(exports.appendingPathComponent(variant), in: dir))
            #expect(refused.code == .invalidCapture, "\(refused)")
            #expect(refused.conciseDescription.contains("--keep-as-received"), "\(refused.conciseDescription)")
            let (package, kept) = try Export.pack(variant, exports, in: dir) { $0.keepAsReceived = true }
            #expect(!kept.warnings.isEmpty && kept.appDigestsChecked && !kept.appDigestsMatch, "\(kept)")
            let report = try Export.verify(package)
            #expect(report.verdict == .fail)
            for code in codes { #expect(report.has(code, subject: AppExportFiles.media), "\(code): \(report.failures)") }
            // The app's token covers the media as it was hashed: changed media is not what it stamped.
            let imprint: Set<String> = variant == "media-changed" ? ["app.timestamp.imprint"] : []
            #expect(Set(report.failures.map(\.code.rawValue)) == Set(codes).union(imprint), "\(report.failures)")
        }
    }

    @Test(
        "an app chain inconsistent with itself fails with its own code and subject",
        arguments: [
            ("chain-final-wrong", "app.chain.final-mismatch", AppExportFiles.chain),
            ("chain-checkpoint-wrong", "app.chain.checkpoint-mismatch", AppExportFiles.chain + ": checkpoints[0]"),
        ])
    func inconsistentChain(variant: String, code: String, subject: String) throws {
        let report = try Export.packAndVerify(variant)
        #expect(report.verdict == .fail)
        #expect(report.has(code, subject: subject), "\(report.failures)")
    }

    @Test("one frame hash changed in the app's chain cannot be seen without the frames, and the report says so")
    func changedFrameHash() throws {
        let report = try Export.packAndVerify("chain-frame-changed")
        let result = try #require(report.checks("app.chain").first)
        #expect(result.status == .pass)
        #expect(result.message.contains("cannot be recomputed"), "\(result.message)")
    }

    @Test(
        "the metadata's claims held against the app's chain",
        arguments: [("claims-frame-count", "metadata.frame-count.mismatch"), ("claims-final", "metadata.chain-final.mismatch")])
    func claimsOff(variant: String, code: String) throws {
        let report = try Export.packAndVerify(variant)
        #expect(report.verdict == .fail)
        #expect(report.has(code, subject: AppExportFiles.metadata), "\(report.failures)")
    }

    @Test(
        "an action beyond the app's five and an empty user id are carried and reported NOT CHECKED, not refused",
        arguments: [("custody-unknown-action", "custody.import.app-action", 5), ("custody-empty-user", "custody.import.no-user", 3)])
    func preservedCustody(variant: String, code: String, seq: Int) throws {
        let report = try Export.packAndVerify(variant)
        #expect(report.verdict == .pass, "\(report.failures)")
        let found = report.checks(code)
        #expect(found.count == 1 && found.first?.status == .notChecked, "\(found)")
        #expect(found.first?.subject == String(format: "rial/custody/%06d.json", seq))
    }

    @Test("the unknown action is carried as NOTE with the app's text")
    func unknownActionInTheEvent() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let (package, _) = try Export.pack("custody-unknown-action", exports, in: dir)
            let root = try OutsideOracle.untar(package, into: dir.appendingPathComponent("x"))
            let event = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("rial/custody/000005.json"))) as? [String: Any]
            #expect(event?["action"] as? String == "NOTE")
            #expect((event?["imported"] as? [String: Any])?["app_action"] as? String == "TSA_TOKEN_RECEIVED")
        }
    }

    @Test("a garbage App Attest assertion fails instead of being present, not checked")
    func garbageAssertion() throws {
        let report = try Export.packAndVerify("assertion-garbage")
        #expect(report.has("app.assertion.malformed", subject: AppExportFiles.metadata), "\(report.failures)")
    }

    @Test(
        "an ambiguous export is refused, listing what was found and what to do",
        arguments: [
            ("two-media", ["recording_1764000000.mp4", "recording_1764000099.mp4", "own folder"]),
            ("two-custody-logs", ["copy.custody_log.json", "recording_1764000000.custody_log.json", "custody log"]),
        ])
    func ambiguous(variant: String, mentions: [String]) throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            for plan in [true, false] {
                let refused = try #require(try Export.refusal(exports.appendingPathComponent(variant), in: dir, plan: plan))
                #expect(refused.code != .invalidOption, "pack exits 2 for it, not 64: \(refused)")
                for mention in mentions { #expect(refused.conciseDescription.contains(mention), "\(mention): \(refused.conciseDescription)") }
            }
        }
    }

    @Test(
        "the app's capture-time tokens of the fixtures: rial's verdict, with its code, and openssl ts -verify's agree",
        arguments: [
            ("flat", "app.timestamp", CheckStatus.pass, true), ("flat-sha512-token", "app.timestamp", .pass, true),
            ("token-other-bytes", "app.timestamp.imprint", .fail, false), ("token-untrusted", "app.timestamp", .notChecked, false),
            ("token-before-end", "app.timestamp.before-end", .fail, true),
        ])
    func tokens(variant: String, code: String, status: CheckStatus, opensslVerifies: Bool) throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let (package, _) = try Export.pack(variant, exports, in: dir)
            let report = try Export.verify(package, tsaTrust: Export.tsaRoot(exports))
            #expect(
                report.has(code, subject: AppExportFiles.manifest, status: status), "\(report.checks.filter { $0.code.rawValue.hasPrefix("app.timestamp") })")
            // openssl judges signature, chain and imprint; genTime against the recording's end is rial's own rule.
            #expect(try Export.opensslAccepts(variant, exports, in: dir) == opensslVerifies)
            if status == .pass {
                #expect(report.checks(code).first?.message.contains("captured no later than") == true)
                let text = TextReportRenderer.render(report)
                #expect(text.contains("Captured no later than") && text.contains("attested by Rial Test TSA (TEST ONLY)"), "\(text)")
            }
        }
    }

    @Test("without --tsa-trust a token is NOT CHECKED, and without a token NOT PRESENT; never PASS")
    func tokensUnjudged() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            for (variant, status) in [("flat", CheckStatus.notChecked), ("flat-no-token", .notPresent)] {
                let (package, _) = try Export.pack(variant, exports, in: dir)
                let report = try Export.verify(package)
                #expect(report.has("app.timestamp", subject: AppExportFiles.manifest, status: status), "\(variant): \(report.checks("app.timestamp"))")
            }
        }
    }

    @Test("the media changed after the app hashed and stamped it: digests and imprint fail, openssl agrees")
    func mediaChangedAfterStamping() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let (package, _) = try Export.pack("media-changed", exports, in: dir) { $0.keepAsReceived = true }
            let report = try Export.verify(package, tsaTrust: Export.tsaRoot(exports))
            #expect(report.has("app.timestamp.imprint", subject: AppExportFiles.manifest), "\(report.failures)")
            #expect(report.has("app.media.sha256.mismatch", subject: AppExportFiles.media))
            #expect(try !Export.opensslAccepts("media-changed", exports, in: dir))
        }
    }
}
