import Foundation
import RialFormat
import RialCrypto
@testable import RialVerifier

/// The capture app's export as `rial pack` packs it (`schema/SPEC.md` §2.2): the media under
/// `data/media/`, the app's metadata and its forensic manifest, with the RFC 3161 tokens the
/// app obtained, under `data/capture/`.
extension InventoryBuilder {
    /// Where the app's forensic manifest lands.
    static let appManifestPath = PackageLayout.captureAppDirectory + "recording_1764000000.manifest.json"

    /// The app's NTP statement, as its `verifiedTimestamp` holds it.
    struct AppClock {
        var server = "time.apple.com"
        var ntpTime: Timestamp
        /// Seconds, device clock minus NTP time.
        var difference: Double
    }

    /// The forensic manifest of the minimal package's media as the app's `JSONEncoder` writes
    /// it: its digests, `tokens` (each the DER the app stored, as base64) and, when given, the
    /// clock check, `createdAt` (left out when `nil`); dates as seconds since 2001-01-01, Swift's default.
    static func appForensicManifest(tokens: [[UInt8]], clock: AppClock? = nil, createdAt: Timestamp? = appTime(3)) -> JSONValue {
        let digests = digests(of: mediaBytes)
        func appDate(_ time: Timestamp) -> JSONValue { .integer(time.seconds - AppDate.referenceDateOffset) }
        var manifest: JSONObject = [
            "fileName": .string(String(mediaPath.split(separator: "/").last ?? "")),
            "fileSize": .integer(Int64(mediaBytes.count)),
            "sha256Hash": .string(digests[.sha256] ?? ""),
            "sha512Hash": .string(digests[.sha512] ?? ""),
        ]
        if let createdAt { manifest["createdAt"] = appDate(createdAt) }
        if let clock {
            manifest["verifiedTimestamp"] = .object([
                "ntpServer": .string(clock.server), "ntpTime": appDate(clock.ntpTime),
                "localTime": appDate(clock.ntpTime), "timeDifference": .number(clock.difference),
            ])
        }
        manifest["timestampTokens"] = .array(
            tokens.map { der in
                .object([
                    "authority": .string("https://timestamp.example/tsa"), "token": .string(Data(der).base64EncodedString()),
                    "requestedAt": appDate(appTime(3)),
                ])
            })
        return .object(manifest)
    }

    /// The minimal package packed from the app's export: its media (left out with
    /// `withholdingMedia`, as a hash-only package withholds it), the app's metadata with
    /// `ended_at` set to `endedAt` and `started_at` a minute before it (or `startedAt`; each left
    /// out when `nil`), and the app's
    /// forensic manifest with `tokens` and `createdAt` `manifestCreated` (by default two minutes
    /// after `endedAt`, as the app writes it after its tokens; `.some(nil)` leaves it out); then
    /// `rial/manifest.json` states `created`. The app's custody log (left out with
    /// `withholdingLog`) and rial's are the minimal package's, so only
    /// checks that do not judge it can be run on this package.
    static func appExport(
        tokens: [[UInt8]], endedAt: Timestamp?, created: Timestamp, clock: AppClock? = nil,
        withholdingMedia: Bool = false, manifestCreated: Timestamp?? = nil, startedAt: Timestamp?? = nil,
        withholdingLog: Bool = false
    ) throws -> InventoryBuilder {
        guard var metadata = appMetadata.objectValue else { throw BuilderError("the app metadata is not an object") }
        metadata["ended_at"] = endedAt.map { .string($0.rfc3339) }
        let started = startedAt ?? endedAt.map { Timestamp(seconds: $0.seconds - 60) }
        metadata["started_at"] = started.map { .string($0.rfc3339) }
        let createdAt = manifestCreated ?? endedAt.map { Timestamp(seconds: $0.seconds + 120) } ?? appTime(3)
        let extra = [
            AppMetadata.path: JSONWriter.bytes(.object(metadata)),
            appManifestPath: JSONWriter.bytes(appForensicManifest(tokens: tokens, clock: clock, createdAt: createdAt)),
        ]
        var builder = try package(adding: extra, withholding: Set(withholdingMedia ? [mediaPath] : []).union(withholdingLog ? [AppCustodyLog.path] : []))
        try builder.setCreated(created)
        return builder
    }

    /// Rewrites `rial/manifest.json` to state `created`, its files as they are.
    mutating func setCreated(_ created: Timestamp) throws {
        guard let bytes = files[PackageLayout.manifest] else { throw BuilderError("no \(PackageLayout.manifest)") }
        let manifest = try PackageManifest(json: StrictJSONParser.parse(bytes))
        files[PackageLayout.manifest] = PackageManifest(
            packageID: manifest.packageID, created: created, tool: manifest.tool,
            capture: manifest.capture, chain: manifest.chain, files: manifest.files
        ).bytes()
    }
}
