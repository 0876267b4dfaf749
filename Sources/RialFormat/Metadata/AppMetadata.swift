import Foundation

/// The capture app's metadata (`data/capture/metadata.json`), in its own snake_case: what the
/// app claims about the capture. For a video it is seed 002's `VideoMetadata`; for a photo the
/// photo's own record (`captured_at`, device, location, depth map dimensions), with the same
/// key names where the two overlap (`schema/SPEC.md` §2.2). The verifier holds every claim
/// against the evidence.
///
/// The format is the app's: keys it may add are ignored, but each key it defines must have
/// its shape when present. Every key except `type` is optional here, so a missing claim is
/// reported as not present rather than refused.
public struct AppMetadata: Sendable, Hashable {
    public struct Dimensions: Sendable, Hashable, CustomStringConvertible {
        public let width: Int64
        public let height: Int64

        public init(width: Int64, height: Int64) {
            self.width = width
            self.height = height
        }

        public var description: String { "\(width)×\(height)" }

        public func jsonValue() -> JSONValue { .object(["width": .integer(width), "height": .integer(height)]) }

        /// `{"width": W, "height": H}`, both at least 1.
        public init(json: JSONValue, path: String, strict: Bool) throws(FormatError) {
            let reader = try JSONFieldReader(json, path: path, allowedKeys: strict ? ["width", "height"] : nil)
            self.init(width: try reader.integer("width", in: 1...Int64(Int32.max)), height: try reader.integer("height", in: 1...Int64(Int32.max)))
        }
    }

    /// Where the capture was made: coordinates, and the city and country the app resolved
    /// them to (needed for the `coarse` privacy level).
    public struct Location: Sendable, Hashable {
        public let latitude: Double
        public let longitude: Double
        public let city: String?
        public let country: String?
    }

    public static let fileName = "metadata.json"
    /// Where the file sits in a package.
    public static let path = PackageLayout.captureAppDirectory + fileName

    /// `video` or `photo` (the verifier reports any other value).
    public let type: String
    public let startedAt: Timestamp?
    public let endedAt: Timestamp?
    public let durationMs: Int64?
    public let frameCount: Int64?
    public let depthKeyframeCount: Int64?
    public let resolution: Dimensions?
    public let codec: String?
    /// When a photo was taken.
    public let capturedAt: Timestamp?
    /// A photo's depth map dimensions.
    public let depthResolution: Dimensions?
    public let deviceModel: String?
    public let iosVersion: String?
    public let appVersion: String?
    public let location: Location?
    public let attestationLevel: String?
    /// The chain's final hash as lowercase hex, decoded from the app's base64.
    public let hashChainFinal: String?
    /// The App Attest assertion, base64, as the app wrote it.
    public let assertion: String?

    /// When the capture happened: a video's start, a photo's `captured_at`.
    public var captureTime: Timestamp? { type == "photo" ? capturedAt : startedAt }

    /// - Throws: ``FormatError`` naming the field that is not in shape.
    public init(json: JSONValue) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: "metadata", allowedKeys: nil)
        func optional<T>(_ key: String, _ read: (String) throws(FormatError) -> T) throws(FormatError) -> T? {
            guard reader.has(key), !(try reader.value(key)).isNull else { return nil }
            return try read(key)
        }
        type = try reader.string("type")
        startedAt = try optional("started_at", reader.timestamp)
        endedAt = try optional("ended_at", reader.timestamp)
        durationMs = try optional("duration_ms") { key throws(FormatError) in try reader.integer(key) }
        frameCount = try optional("frame_count") { key throws(FormatError) in try reader.integer(key) }
        depthKeyframeCount = try optional("depth_keyframe_count") { key throws(FormatError) in try reader.integer(key) }
        resolution = try optional("resolution") { key throws(FormatError) in try Dimensions(json: reader.value(key), path: reader.path(of: key), strict: false) }
        codec = try optional("codec", reader.string)
        capturedAt = try optional("captured_at", reader.timestamp)
        depthResolution = try optional("depth_resolution") { key throws(FormatError) in try Dimensions(json: reader.value(key), path: reader.path(of: key), strict: false) }
        deviceModel = try optional("device_model", reader.string)
        iosVersion = try optional("ios_version", reader.string)
        appVersion = try optional("app_version", reader.string)
        location = try optional("location") { key throws(FormatError) in
            let inner = try JSONFieldReader(reader.value(key), path: reader.path(of: key), allowedKeys: nil)
            guard let lat = try inner.value("lat").doubleValue, let lng = try inner.value("lng").doubleValue,
                  (-90...90).contains(lat), (-180...180).contains(lng) else {
                throw FormatError(.invalidField, "metadata.location must hold numbers lat (−90…90) and lng (−180…180)")
            }
            return Location(latitude: lat, longitude: lng, city: try inner.optionalString("city"), country: try inner.optionalString("country"))
        }
        attestationLevel = try optional("attestation_level", reader.string)
        hashChainFinal = try optional("hash_chain_final") { key throws(FormatError) in
            guard let bytes = Data(base64Encoded: try reader.string(key)), bytes.count == 32 else {
                throw FormatError(.invalidField, "metadata.hash_chain_final must be the base64 of 32 bytes")
            }
            return Hex.encode(Array(bytes))
        }
        assertion = try optional("assertion", reader.string)
    }
}
