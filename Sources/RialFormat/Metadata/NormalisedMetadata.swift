/// `rial/metadata.json`: rial's normalised, schema'd view of what the capture app recorded
/// (`schema/SPEC.md` §16.3, `schema/metadata.schema.json`), in one shape for videos, photos
/// and hash-only packages. Location, time and device appear cut to the package's privacy
/// levels, exactly as the app's privacy mode cuts them; every other claim is one the verifier
/// holds against the evidence.
package struct NormalisedMetadata: Sendable, Hashable {
    /// The recording's numbers (videos).
    package struct Recording: Sendable, Hashable {
        package var durationMs: Int64?
        package var frameCount: Int64?
        package var depthKeyframeCount: Int64?
        package var resolution: AppMetadata.Dimensions?
        package var codec: String?
        /// Lowercase hex.
        package var hashChainFinal: String?

        package init(
            durationMs: Int64? = nil, frameCount: Int64? = nil, depthKeyframeCount: Int64? = nil,
            resolution: AppMetadata.Dimensions? = nil, codec: String? = nil, hashChainFinal: String? = nil
        ) {
            self.durationMs = durationMs
            self.frameCount = frameCount
            self.depthKeyframeCount = depthKeyframeCount
            self.resolution = resolution
            self.codec = codec
            self.hashChainFinal = hashChainFinal
        }
    }

    package static let path = PackageLayout.metadata
    package static let version = "1.0"
    package static let modes: Set<String> = ["full", "hash_only"]
    package static let mediaTypes: Set<String> = ["video", "photo"]

    /// `full` (media in the package) or `hash_only` (only its SHA-256).
    package var captureMode: String
    /// `video` or `photo`.
    package var mediaType: String
    package var privacy: PrivacyLevels
    package var filtered: FilteredMetadata
    package var recording: Recording?
    package var depthResolution: AppMetadata.Dimensions?
    /// The media's SHA-256 (lowercase hex) when the package withholds the media.
    package var mediaSHA256: String?
    /// The client-side depth analysis (`null` when none).
    package var depthAnalysis: JSONValue
    package var attestationLevel: String?
    package var hasAssertion: Bool
    /// The files in the package this view was made from.
    package var sources: [String]

    /// The view of the app's `metadata` at `levels`; `strict` as in ``FilteredMetadata``.
    package init(
        app metadata: AppMetadata, levels: PrivacyLevels, captureMode: String, strict: Bool,
        mediaSHA256: String?, depthAnalysis: JSONValue, sources: [String]
    ) throws(FormatError) {
        self.captureMode = captureMode
        mediaType = metadata.type
        privacy = levels
        filtered = try FilteredMetadata(metadata, levels: levels, strict: strict)
        if metadata.type == "video" {
            recording = Recording(
                durationMs: metadata.durationMs, frameCount: metadata.frameCount, depthKeyframeCount: metadata.depthKeyframeCount,
                resolution: metadata.resolution, codec: metadata.codec, hashChainFinal: metadata.hashChainFinal)
        }
        depthResolution = metadata.depthResolution
        self.mediaSHA256 = mediaSHA256
        self.depthAnalysis = HashOnlyPayload.filterDepthAnalysis(depthAnalysis, levels: levels)
        attestationLevel = metadata.attestationLevel
        hasAssertion = AppAttestAssertion.made(metadata.assertion) != nil
        self.sources = sources
    }

    package func jsonValue() -> JSONValue {
        func optional<T>(_ value: T?, _ make: (T) -> JSONValue) -> JSONValue { value.map(make) ?? .null }
        let recordingValue: JSONValue = optional(recording) { recording in
            .object([
                "duration_ms": optional(recording.durationMs, JSONValue.integer),
                "frame_count": optional(recording.frameCount, JSONValue.integer),
                "depth_keyframe_count": optional(recording.depthKeyframeCount, JSONValue.integer),
                "resolution": optional(recording.resolution) { $0.jsonValue() },
                "codec": optional(recording.codec, JSONValue.string),
                "hash_chain_final": optional(recording.hashChainFinal, JSONValue.string),
            ])
        }
        return .object([
            "metadata_version": .string(Self.version),
            "capture_mode": .string(captureMode),
            "media_type": .string(mediaType),
            "privacy": privacy.jsonValue(),
            "location": filtered.location,
            "time": filtered.timestamp,
            "device": filtered.deviceModel,
            "recording": recordingValue,
            "depth_resolution": optional(depthResolution) { $0.jsonValue() },
            "media_sha256": optional(mediaSHA256, JSONValue.string),
            "depth_analysis": depthAnalysis,
            "attestation": .object(["level": optional(attestationLevel, JSONValue.string), "assertion": .bool(hasAssertion)]),
            "sources": .array(sources.map(JSONValue.string)),
        ])
    }

    /// Reads `rial/metadata.json` strictly: our format, so unknown keys are refused.
    /// - Throws: ``FormatError`` naming the field.
    package init(json: JSONValue) throws(FormatError) {
        let path = "metadata"
        let reader = try JSONFieldReader(
            json, path: path,
            allowedKeys: [
                "metadata_version", "capture_mode", "media_type", "privacy", "location", "time", "device", "recording",
                "depth_resolution", "media_sha256", "depth_analysis", "attestation", "sources",
            ])
        let version = try reader.string("metadata_version")
        guard version == Self.version else {
            throw FormatError(.unsupportedVersion, "\(path).metadata_version \(version) is not \(Self.version), the version this rial reads")
        }
        captureMode = try reader.string("capture_mode")
        guard Self.modes.contains(captureMode) else { throw FormatError(.invalidField, "\(path).capture_mode must be full or hash_only") }
        mediaType = try reader.string("media_type")
        guard Self.mediaTypes.contains(mediaType) else { throw FormatError(.invalidField, "\(path).media_type must be video or photo") }
        privacy = try PrivacyLevels(json: reader.value("privacy"), path: "\(path).privacy")
        func nullable(_ key: String) throws(FormatError) -> JSONValue? {
            let value = try reader.value(key)
            return value.isNull ? nil : value
        }
        let location = try nullable("location")
        if let location {
            let place = try JSONFieldReader(location, path: "\(path).location", allowedKeys: ["latitude", "longitude", "city", "country"])
            let coordinates = place.has("latitude") || place.has("longitude")
            let keys: [String] = coordinates ? ["latitude", "longitude"] : ["city", "country"]
            for key in keys {
                let value = try place.value(key)
                guard coordinates ? value.doubleValue != nil : value.stringValue != nil else {
                    throw FormatError(.invalidField, "\(path).location.\(key) must be a \(coordinates ? "number" : "string")")
                }
            }
            guard !(coordinates && (place.has("city") || place.has("country"))) else {
                throw FormatError(.invalidField, "\(path).location holds either latitude and longitude or city and country")
            }
        }
        let time = try nullable("time")
        guard time.map({ $0.stringValue != nil }) ?? true else { throw FormatError(.invalidField, "\(path).time must be a string or null") }
        let device = try nullable("device")
        guard device.map({ $0.stringValue != nil }) ?? true else { throw FormatError(.invalidField, "\(path).device must be a string or null") }
        filtered = FilteredMetadata(location: location ?? .null, timestamp: time ?? .null, deviceModel: device ?? .null)
        if let value = try nullable("recording") {
            let inner = try JSONFieldReader(
                value, path: "\(path).recording",
                allowedKeys: [
                    "duration_ms", "frame_count", "depth_keyframe_count", "resolution", "codec", "hash_chain_final",
                ])
            func field(_ key: String) throws(FormatError) -> JSONValue? {
                let value = try inner.value(key)
                return value.isNull ? nil : value
            }
            func count(_ key: String) throws(FormatError) -> Int64? {
                guard try field(key) != nil else { return nil }
                return try inner.integer(key)
            }
            recording = Recording(
                durationMs: try count("duration_ms"), frameCount: try count("frame_count"), depthKeyframeCount: try count("depth_keyframe_count"),
                resolution: try field("resolution").map { v throws(FormatError) in
                    try AppMetadata.Dimensions(json: v, path: "\(path).recording.resolution", strict: true)
                },
                codec: try field("codec") == nil ? nil : try inner.string("codec"),
                hashChainFinal: try field("hash_chain_final") == nil ? nil : try inner.digest("hash_chain_final", byteCount: 32))
        }
        depthResolution = try nullable("depth_resolution").map { v throws(FormatError) in
            try AppMetadata.Dimensions(json: v, path: "\(path).depth_resolution", strict: true)
        }
        mediaSHA256 = try nullable("media_sha256") == nil ? nil : try reader.digest("media_sha256", byteCount: 32)
        depthAnalysis = try reader.value("depth_analysis")
        guard depthAnalysis.isNull || depthAnalysis.objectValue != nil else {
            throw FormatError(.invalidField, "\(path).depth_analysis must be an object or null")
        }
        let attestation = try JSONFieldReader(reader.value("attestation"), path: "\(path).attestation", allowedKeys: ["level", "assertion"])
        attestationLevel = try attestation.value("level").isNull ? nil : try attestation.string("level")
        guard let assertion = try attestation.value("assertion").boolValue else {
            throw FormatError(.invalidField, "\(path).attestation.assertion must be true or false")
        }
        hasAssertion = assertion
        var paths: [String] = []
        for (index, element) in try reader.array("sources").enumerated() {
            guard let text = element.stringValue else { throw FormatError(.invalidField, "\(path).sources[\(index)] must be a string") }
            paths.append(text)
        }
        sources = paths
    }
}
