import Foundation
import Testing
import RialFormat
import RialPackager
import RialTestSupport
@testable import RialVerifier

/// The capture app's privacy-mode export (issue 29, item 7): the `rich` export plus the app's
/// hash-only payload, written by Swift's own `JSONEncoder` as the app writes it (sorted keys,
/// pretty-printed, `capturedAt` a number of seconds since 2001-01-01, optionals left out), and
/// one-change twins of it, packed and verified in-process.
@Suite("the capture app's privacy-mode export, as the app writes it (library)")
struct AppExportPrivacyTests {
    static let payload = "data/capture/recording_1764000000.hash_only_payload.json"

    /// Seed 001's `HashOnlyCapturePayload`, as the app declares it.
    struct Payload: Encodable {
        struct Analysis: Encodable {
            var depthVariance = 0.42, depthLayers = 4, edgeCoherence = 0.8, minDepth = 0.5, maxDepth = 3.2
            var isLikelyRealScene = true
            var computedAt: String?
            var algorithmVersion = "1.0", status = "completed"
        }
        struct Location: Encodable { var city: String?, country: String? }
        struct Filtered: Encodable { var location: Location?, timestamp: String?, deviceModel: String? }
        struct Flags: Encodable {
            var locationIncluded: Bool, locationLevel: String
            var timestampIncluded: Bool, timestampLevel: String
            var deviceInfoIncluded: Bool, deviceInfoLevel: String
        }
        var captureMode = "hash_only"
        var mediaHash: String
        var mediaType = "video"
        var depthAnalysis = Analysis()
        var metadata: Filtered
        var metadataFlags: Flags
        var capturedAt: Date
        var assertion: String?
    }

    /// The `rich` export with the app's payload at `timestampLevel` (location coarse, device
    /// model only), `capturedAt` the recording's start as a `Date`.
    static func export(_ exports: URL, timestampLevel: String, edit: (inout Payload) -> Void = { _ in }) throws -> URL {
        let rich = exports.appendingPathComponent("rich")
        let export = exports.appendingPathComponent("privacy-\(timestampLevel)")
        try FileManager.default.copyItem(at: rich, to: export)
        // sha256sum, not rial, says what the media's SHA-256 is.
        let mediaHash = try OutsideOracle.digest("recording_1764000000.mp4", cwd: export)
        let metadata = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: export.appendingPathComponent("recording_1764000000.metadata.json"))) as? [String: Any])
        let startedText = try #require(metadata["started_at"] as? String)
        let started = try #require(ISO8601DateFormatter.withFractions.date(from: startedText))
        let day = String(startedText.prefix(10))
        let timestamp: String? =
            switch timestampLevel {
            case "exact": metadata["started_at"] as? String;
            case "day_only": day;
            default: nil
            }
        var payload = Payload(
            mediaHash: mediaHash,
            metadata: .init(location: .init(city: "Paris", country: "France"), timestamp: timestamp, deviceModel: "iPhone 15 Pro"),
            metadataFlags: .init(
                locationIncluded: true, locationLevel: "coarse", timestampIncluded: timestampLevel != "none",
                timestampLevel: timestampLevel, deviceInfoIncluded: true, deviceInfoLevel: "model_only"),
            capturedAt: started, assertion: metadata["assertion"] as? String)
        edit(&payload)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(payload).write(to: export.appendingPathComponent("recording_1764000000.hash_only_payload.json"))
        return export
    }

    /// Packs `export` (with `privacy`, as `rial pack --privacy LEVELS`) and verifies it.
    static func packAndVerify(_ export: URL, in dir: URL, privacy: String? = nil) throws -> VerificationReport {
        let (package, _) = try AppExportFixture.pack(export, in: dir, name: export.lastPathComponent + "\(privacy == nil ? 0 : 2).rialpkg") { options in
            options.privacy = try privacy.map { try PrivacyLevels(parsing: $0) }
        }
        return try AppExportFixture.verify(package)
    }

    @Test("the payload's capturedAt is JSONEncoder's number, as the app writes it: the export packs and verifies PASS at timestampLevel exact")
    func exactLevel() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let export = try Self.export(exports, timestampLevel: "exact")
            // The bytes are the app's: a number, not a string.
            let text = String(decoding: try Data(contentsOf: export.appendingPathComponent("recording_1764000000.hash_only_payload.json")), as: UTF8.self)
            #expect(text.contains("\"capturedAt\" : 8"), "\(text)")
            let report = try Self.packAndVerify(export, in: dir)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.has("privacy.payload", subject: Self.payload, status: .pass), "\(report.checks)")
            #expect(report.checks("metadata.payload.app-disclosure").isEmpty)
        }
    }

    @Test("at day_only and none the app's exact capturedAt is the app's own disclosure, a claim naming the field, never a privacy leak of the package")
    func appDisclosure() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            for level in ["day_only", "none"] {
                let export = try Self.export(exports, timestampLevel: level)
                let report = try Self.packAndVerify(export, in: dir)
                let found = report.checks("metadata.payload.app-disclosure")
                #expect(found.count == 1 && found.first?.status == .fail && found.first?.subject == Self.payload, "\(level): \(report.checks)")
                #expect(found.first?.message.contains("capturedAt") == true && found.first?.message.contains("seconds since 2001-01-01") == true, "\(found)")
                // Only the app's claim: the package (full levels) leaks nothing, and nothing reads as changed bytes.
                #expect(report.failures.map(\.code.rawValue) == ["metadata.payload.app-disclosure"], "\(level): \(report.failures)")
            }
        }
    }

    @Test("--privacy at the app's own levels withholds the app's payload: the filtered package never carries the disclosure")
    func privacyWithholdsTheDisclosure() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let export = try Self.export(exports, timestampLevel: "day_only")
            let report = try Self.packAndVerify(export, in: dir, privacy: "location=coarse,timestamp=day_only,device=model_only")
            #expect(report.checks("metadata.payload.app-disclosure").isEmpty, "\(report.checks)")
            #expect(report.verdict == .pass, "\(report.failures)")
        }
    }

    @Test("one-change twin: a capturedAt that is no date at all is refused, naming the field")
    func notADate() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let export = try Self.export(exports, timestampLevel: "exact")
            let url = export.appendingPathComponent("recording_1764000000.hash_only_payload.json")
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let broken = text.replacingOccurrences(of: #""capturedAt" : [0-9.]+"#, with: #""capturedAt" : true"#, options: .regularExpression)
            #expect(broken != text)
            try Data(broken.utf8).write(to: url)
            let refused = try #require(try AppExportFixture.refusal(export, in: dir))
            #expect(refused.code != .invalidOption && refused.conciseDescription.contains("payload.capturedAt"), "\(refused)")
        }
    }
}

extension ISO8601DateFormatter {
    /// `2026-11-25T23:38:33.000Z`, the app's metadata dates.
    static var withFractions: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
