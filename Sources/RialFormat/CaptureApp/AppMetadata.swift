import Foundation

/// The capture app's metadata (`data/capture/metadata.json`), in its own snake_case: what the
/// app claims about the capture. For a video it is the video metadata design's `VideoMetadata`; for a photo the
/// photo's own record (`captured_at`, device, location, depth map dimensions), with the same
/// key names where the two overlap (`schema/SPEC.md` §2.2). The verifier holds every claim
/// against the evidence.
///
/// The format is the app's: keys it may add are ignored, but each key it defines must have
/// its shape when present. Every key except `type` is optional here, so a missing claim is
/// reported as not present rather than refused.
package struct AppMetadata: Sendable, Hashable {
    package struct Dimensions: Sendable, Hashable, CustomStringConvertible {
        package let width: Int64
        package let height: Int64

        package init(width: Int64, height: Int64) {
            self.width = width
            self.height = height
        }

        package var description: String { "\(width)×\(height)" }

        package func jsonValue() -> JSONValue { .object(["width": .integer(width), "height": .integer(height)]) }

        /// `{"width": W, "height": H}`, both at least 1.
        package init(json: JSONValue, path: String, strict: Bool) throws(FormatError) {
            let reader = try JSONFieldReader(json, path: path, allowedKeys: strict ? ["width", "height"] : nil)
            self.init(width: try reader.integer("width", in: 1...Int64(Int32.max)), height: try reader.integer("height", in: 1...Int64(Int32.max)))
        }
    }

    /// Where the capture was made: coordinates, and the city and country the app resolved
    /// them to (needed for the `coarse` privacy level).
    package struct Location: Sendable, Hashable {
        package let latitude: Double
        package let longitude: Double
        package let city: String?
        package let country: String?
    }

    package static let fileName = "metadata.json"
    /// Where the file sits in a package.
    package static let path = PackageLayout.captureAppDirectory + fileName

    /// `video` or `photo` (the verifier reports any other value).
    package let type: String
    package let startedAt: Timestamp?
    package let endedAt: Timestamp?
    package let durationMs: Int64?
    package let frameCount: Int64?
    package let depthKeyframeCount: Int64?
    package let resolution: Dimensions?
    package let codec: String?
    /// When a photo was taken.
    package let capturedAt: Timestamp?
    /// A photo's depth map dimensions.
    package let depthResolution: Dimensions?
    package let deviceModel: String?
    package let iosVersion: String?
    package let appVersion: String?
    package let location: Location?
    package let attestationLevel: String?
    /// The chain's final hash as lowercase hex, decoded from the app's base64.
    package let hashChainFinal: String?
    /// The App Attest assertion, base64, as the app wrote it.
    package let assertion: String?

    /// When the capture happened: a video's start, a photo's `captured_at`.
    package var captureTime: Timestamp? { type == "photo" ? capturedAt : startedAt }

    /// - Throws: ``FormatError`` naming the field that is not in shape.
    package init(json: JSONValue) throws(FormatError) {
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
        resolution = try optional("resolution") { key throws(FormatError) in try Dimensions(json: reader.value(key), path: reader.path(of: key), strict: false)
        }
        codec = try optional("codec", reader.string)
        capturedAt = try optional("captured_at", reader.timestamp)
        depthResolution = try optional("depth_resolution") { key throws(FormatError) in
            try Dimensions(json: reader.value(key), path: reader.path(of: key), strict: false)
        }
        deviceModel = try optional("device_model", reader.string)
        iosVersion = try optional("ios_version", reader.string)
        appVersion = try optional("app_version", reader.string)
        location = try optional("location") { key throws(FormatError) in
            let inner = try JSONFieldReader(reader.value(key), path: reader.path(of: key), allowedKeys: nil)
            guard let lat = try inner.value("lat").doubleValue, let lng = try inner.value("lng").doubleValue,
                (-90...90).contains(lat), (-180...180).contains(lng)
            else {
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
