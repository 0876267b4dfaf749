import Foundation
import RialFormat
import RialCrypto

extension SampleCapture {
    static let photoName = "photo.jpg"
    static let photoDepthName = "depth.f32"

    /// Writes a photo capture: `media/photo.jpg` (a real 320×240 JPEG made by FFmpeg, with
    /// the EXIF Make and Model of the app's phone: `examples/media/`), `depth/depth.f32`, and in `app/` the photo's
    /// metadata, the app's depth analysis and custody log; with `withPayload`, also the
    /// hash-only payload the app uploads in privacy mode (the app's hash-only payload design), at location coarse,
    /// timestamp day_only, device model_only.
    func writePhoto(to directory: String, withPayload: Bool) throws {
        for sub in ["media", "depth", "app"] { try SampleFiles.makeDirectory(directory + "/" + sub) }
        var random = SplitMix64(seed: seed)
        guard let embedded = Data(base64Encoded: SampleMediaBytes.photo) else {
            throw PackagerError(.internalInconsistency, "the sample's embedded photo is not base64")
        }
        // A JPEG comment after SOI names the seed, so that samples of different seeds differ.
        let comment = Array("rial sample, seed \(seed)".utf8)
        var photo =
            Array(embedded.prefix(2)) + [0xFF, 0xFE, UInt8((comment.count + 2) >> 8), UInt8((comment.count + 2) & 0xFF)] + comment
            + Array(embedded.dropFirst(2))
        let photoSHA256 = Hex.encode(try StreamingDigest.digest(.sha256, of: photo))
        try SampleFiles.write(directory + "/media/" + Self.photoName) { sink in try sink(&photo) }
        var depth = depthMap(frame: 1)
        try SampleFiles.write(directory + "/depth/" + Self.photoDepthName) { sink in try sink(&depth.bytes) }

        let captured = Timestamp(seconds: 1_768_473_000 + Int64(seed % 86_400), nanoseconds: 125_000_000)
        let app = AppMetadataSample(captured: captured, depthWidth: depthWidth, depthHeight: depthHeight)
        var metadataBytes = JSONWriter.bytes(app.json)
        try SampleFiles.write(directory + "/app/" + AppMetadata.fileName) { sink in try sink(&metadataBytes) }
        let analysis = Self.depthAnalysis(depth.metres, computedAt: Timestamp(seconds: captured.seconds, nanoseconds: captured.nanoseconds + 200_000_000))
        var analysisBytes = JSONWriter.bytes(analysis)
        try SampleFiles.write(directory + "/app/depth_analysis.json") { sink in try sink(&analysisBytes) }
        if withPayload {
            let levels = PrivacyLevels(location: .coarse, timestamp: .dayOnly, device: .modelOnly)
            let filtered = try FilteredMetadata(AppMetadata(json: app.json), levels: levels, strict: true)
            guard
                case .object(var payload) = HashOnlyPayload.build(
                    mediaSHA256: photoSHA256, mediaType: "photo",
                    depthAnalysis: HashOnlyPayload.filterDepthAnalysis(analysis, levels: levels),
                    metadata: filtered, levels: levels, capturedAt: filtered.timestamp, hashChain: nil, frameCount: nil, durationMs: nil)
            else {
                throw PackagerError(.internalInconsistency, "the sample payload is not an object")
            }
            // A stand-in for the App Attest assertion: the structure of one (a CBOR map with
            // signature and authenticatorData, §16.8), random bytes where the device signs.
            payload["assertion"] = .string(
                Data(AppMetadataSample.assertionStructure(signature: random.bytes(70), authenticatorData: random.bytes(37))).base64EncodedString())
            var payloadBytes = JSONWriter.bytes(.object(payload))
            try SampleFiles.write(directory + "/app/" + HashOnlyPayload.fileName) { sink in try sink(&payloadBytes) }
        }
        try writeCustodyLog(
            to: directory, started: captured,
            actions: [
                ("HASH_GENERATION_COMPLETE", "SHA-256 and SHA-512 computed for \(Self.photoName)", 1),
                ("TIMESTAMP_VERIFICATION_COMPLETE", "Device clock within 12 ms of NTP", 2),
                ("MANIFEST_CREATED", "Forensic manifest written", 3),
            ])
    }

    /// The app's `DepthAnalysisResult` for a depth map: the standard deviation of valid
    /// depths (0.1–20 m) as `depthVariance`, their range, and the scene verdict by the app's
    /// thresholds (variance > 0.5, layers ≥ 3, coherence > 0.3). Layers and coherence are
    /// fixed stand-ins: the sample does not run the app's histogram and gradient analysis.
    static func depthAnalysis(_ metres: [Float], computedAt: Timestamp) -> JSONValue {
        let valid = metres.filter { $0.isFinite && $0 >= 0.1 && $0 <= 20 }
        let count = Double(max(valid.count, 1))
        let mean = valid.reduce(0.0) { $0 + Double($1) } / count
        let deviation = (valid.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / count).squareRoot()
        let layers: Int64 = 4
        let coherence = 0.42
        let rounded = { (value: Double) in (value * 1000).rounded() / 1000 }
        return .object([
            "depthVariance": .number(rounded(deviation)),
            "depthLayers": .integer(layers),
            "edgeCoherence": .number(coherence),
            "minDepth": .number(rounded(Double(valid.min() ?? 0))),
            "maxDepth": .number(rounded(Double(valid.max() ?? 0))),
            "isLikelyRealScene": .bool(deviation > 0.5 && layers >= 3 && coherence > 0.3),
            "computedAt": .string(iso8601Millis(computedAt)),
            "algorithmVersion": .string("1.0"),
            "status": .string("completed"),
        ])
    }
}

/// The photo's own metadata as the capture app records it (`schema/SPEC.md` §2.2).
private struct AppMetadataSample {
    let json: JSONValue

    init(captured: Timestamp, depthWidth: Int, depthHeight: Int) {
        json = .object([
            "type": .string("photo"),
            "captured_at": .string(SampleCapture.iso8601Millis(captured)),
            "device_model": .string(SampleCapture.deviceModel),
            "ios_version": .string(SampleCapture.iosVersion),
            "app_version": .string(SampleCapture.appVersion),
            "location": SampleCapture.location,
            "depth_resolution": .object(["width": .integer(Int64(depthWidth)), "height": .integer(Int64(depthHeight))]),
            "attestation_level": .string("secure_enclave"),
        ])
    }

    /// `{"signature": h'…', "authenticatorData": h'…'}` in CBOR (byte strings shorter than 256 bytes).
    static func assertionStructure(signature: [UInt8], authenticatorData: [UInt8]) -> [UInt8] {
        func text(_ value: String) -> [UInt8] { [0x60 | UInt8(value.utf8.count)] + Array(value.utf8) }
        func bytes(_ value: [UInt8]) -> [UInt8] { [0x58, UInt8(value.count)] + value }
        return [0xA2] + text("signature") + bytes(signature) + text("authenticatorData") + bytes(authenticatorData)
    }
}
