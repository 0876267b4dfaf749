import Foundation

/// The capture app's `VideoMetadata` (`data/capture/metadata.json`, seed 002), in its own
/// snake_case: what the app claims about a video capture. The verifier holds every claim
/// against the evidence (`schema/SPEC.md` §2.2).
///
/// The format is the app's: keys it may add are ignored, but each key it defines must have
/// its shape when present. Every key except `type` is optional here, so a missing claim is
/// reported as not present rather than refused.
public struct VideoMetadata: Sendable, Hashable {
    public struct Resolution: Sendable, Hashable {
        public let width: Int64
        public let height: Int64
    }

    public struct Location: Sendable, Hashable {
        public let latitude: Double
        public let longitude: Double
    }

    public static let fileName = "metadata.json"
    /// Where the file sits in a package.
    public static let path = PackageLayout.captureAppDirectory + fileName

    public let type: String
    public let startedAt: Timestamp?
    public let endedAt: Timestamp?
    public let durationMs: Int64?
    public let frameCount: Int64?
    public let depthKeyframeCount: Int64?
    public let resolution: Resolution?
    public let codec: String?
    public let deviceModel: String?
    public let iosVersion: String?
    public let location: Location?
    public let attestationLevel: String?
    /// The chain's final hash as lowercase hex, decoded from the app's base64.
    public let hashChainFinal: String?
    /// The App Attest assertion, base64, as the app wrote it.
    public let assertion: String?

    /// - Throws: ``FormatError`` naming the field that is not in shape.
    public init(json: JSONValue) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: "metadata", allowedKeys: nil)
        type = try reader.string("type")
        startedAt = reader.has("started_at") ? try reader.timestamp("started_at") : nil
        endedAt = reader.has("ended_at") ? try reader.timestamp("ended_at") : nil
        durationMs = reader.has("duration_ms") ? try reader.integer("duration_ms") : nil
        frameCount = reader.has("frame_count") ? try reader.integer("frame_count") : nil
        depthKeyframeCount = reader.has("depth_keyframe_count") ? try reader.integer("depth_keyframe_count") : nil
        if reader.has("resolution") {
            let inner = try JSONFieldReader(reader.value("resolution"), path: reader.path(of: "resolution"), allowedKeys: nil)
            resolution = Resolution(width: try inner.integer("width"), height: try inner.integer("height"))
        } else {
            resolution = nil
        }
        codec = try reader.optionalString("codec")
        deviceModel = try reader.optionalString("device_model")
        iosVersion = try reader.optionalString("ios_version")
        if reader.has("location"), !(try reader.value("location")).isNull {
            let inner = try JSONFieldReader(reader.value("location"), path: reader.path(of: "location"), allowedKeys: nil)
            guard let lat = try inner.value("lat").doubleValue, let lng = try inner.value("lng").doubleValue,
                  (-90...90).contains(lat), (-180...180).contains(lng) else {
                throw FormatError(.invalidField, "metadata.location must hold numbers lat (−90…90) and lng (−180…180)")
            }
            location = Location(latitude: lat, longitude: lng)
        } else {
            location = nil
        }
        attestationLevel = try reader.optionalString("attestation_level")
        if let text = try reader.optionalString("hash_chain_final") {
            guard let bytes = Data(base64Encoded: text), bytes.count == 32 else {
                throw FormatError(.invalidField, "metadata.hash_chain_final must be the base64 of 32 bytes")
            }
            hashChainFinal = Hex.encode(Array(bytes))
        } else {
            hashChainFinal = nil
        }
        assertion = try reader.optionalString("assertion")
    }
}
