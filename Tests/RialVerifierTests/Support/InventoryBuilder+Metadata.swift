import RialFormat
import RialCrypto
@testable import RialVerifier

/// The capture's metadata files (`schema/SPEC.md` §16), made as `rial pack` makes them, with
/// or without `--privacy` and `--hash-only`.
extension InventoryBuilder {
    /// The capture app's metadata of the minimal package's video: times, device and location
    /// (with city and country, so every privacy level can be stated), and no claim the minimal
    /// package has no evidence for (frame count, resolution, chain hash).
    static let appMetadata: JSONValue = .object([
        "type": .string("video"),
        "started_at": .string(appTime(1).rfc3339),
        "ended_at": .string(appTime(2).rfc3339),
        "duration_ms": .integer(60_000),
        "codec": .string("hevc"),
        "device_model": .string("iPhone 15 Pro"),
        "ios_version": .string("17.4"),
        "app_version": .string("1.2.0"),
        "location": .object(["lat": .number(52.3702), "lng": .number(4.8952), "city": .string("Amsterdam"), "country": .string("NL")]),
    ])

    /// The app's depth analysis, its nine keys only; `computedAt` at the exact capture time.
    static let depthAnalysis: JSONValue = .object([
        "depthVariance": .number(0.42), "depthLayers": .integer(5), "edgeCoherence": .number(0.8), "minDepth": .number(0.5),
        "maxDepth": .number(4.2), "isLikelyRealScene": .bool(true), "computedAt": .string(appTime(2).rfc3339),
        "algorithmVersion": .string("1.0"), "status": .string("completed"),
    ])

    /// The minimal package with its capture's metadata, as `rial pack` writes it at `levels`:
    /// at full levels the app's `metadata.json` and `depth_analysis.json` and a `rial/metadata.json`
    /// made from them; below, the app's files that record more than the levels allow withheld
    /// (its metadata, its custody log unless time and device are disclosed in full, a depth
    /// analysis timed finer than the levels). With `hashOnly` the media is withheld too and
    /// named by its SHA-256 in `rial/hash_only_payload.json` (``mediaSHA256``).
    static func package(disclosing levels: PrivacyLevels, hashOnly: Bool = false, sealedBy sealer: TestIdentity? = nil) throws -> InventoryBuilder {
        let filtering = hashOnly || !levels.isFull
        let app = try AppMetadata(json: appMetadata)
        var extra: [String: [UInt8]] = [AppMetadata.path: JSONWriter.bytes(appMetadata), PackageLayout.appDepthAnalysis: JSONWriter.bytes(depthAnalysis)]
        var withheld: Set<String> = []
        if filtering {
            extra[AppMetadata.path] = nil
            if levels.timestamp != .exact { extra[PackageLayout.appDepthAnalysis] = nil }
            if levels.timestamp != .exact || levels.device != .full { withheld.insert(AppCustodyLog.path) }
        }
        if hashOnly { withheld.insert(mediaPath) }
        var sources = [AppMetadata.path, PackageLayout.appDepthAnalysis].filter { extra[$0] != nil }
        let withheldMedia = hashOnly ? mediaSHA256 : nil
        if let withheldMedia {
            let filtered = try FilteredMetadata(app, levels: levels, strict: true)
            let payload = HashOnlyPayload.build(
                mediaSHA256: withheldMedia, mediaType: app.type,
                depthAnalysis: HashOnlyPayload.filterDepthAnalysis(depthAnalysis, levels: levels),
                metadata: filtered, levels: levels, capturedAt: filtered.timestamp, hashChain: nil,
                frameCount: app.frameCount, durationMs: app.durationMs)
            extra[HashOnlyPayload.rialPath] = JSONWriter.bytes(payload)
            sources.append(HashOnlyPayload.rialPath)
        }
        let view = try NormalisedMetadata(
            app: app, levels: levels, captureMode: hashOnly ? "hash_only" : "full", strict: filtering,
            mediaSHA256: withheldMedia, depthAnalysis: depthAnalysis, sources: sources.sorted())
        extra[NormalisedMetadata.path] = JSONWriter.bytes(view.jsonValue())
        return try package(adding: extra, withholding: withheld, sealedBy: sealer)
    }

    /// The SHA-256 of the minimal package's media, as a hash-only package names it.
    static var mediaSHA256: String { sha256(mediaBytes) }

    /// The JSON file at `path`, edited and written back canonically; the manifests are left
    /// as they were unless `recomputing` says otherwise.
    mutating func editJSON(_ path: String, recomputing manifests: Set<Manifest> = [], _ edit: (inout JSONObject) throws -> Void) throws {
        guard let bytes = files[path] else { throw BuilderError("no \(path)") }
        guard var object = try StrictJSONParser.parse(bytes).objectValue else { throw BuilderError("\(path) is not a JSON object") }
        try edit(&object)
        try put(path, JSONWriter.bytes(.object(object)), recomputing: manifests)
    }
}
