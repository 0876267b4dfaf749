#if canImport(Glibc)
import Glibc
#endif
import Foundation
import RialFormat
import RialArchive

/// Writes a deterministic synthetic capture in the layout `rial pack` takes (`schema/SPEC.md`
/// §2), so every flow can be tried without a phone. The same options give the same bytes.
///
/// The video is a real, playable H.264 QuickTime movie of `frameCount` frames at `fps`
/// (``SampleMovie``: a 160×120 picture made by FFmpeg, `examples/media/`), while the raw frames
/// the chain hashes are `width` × `height` seeded pseudo-random buffers: as on a phone, the
/// encoded video and the camera's buffers differ in size. Depth keyframes are LiDAR-sized Float32
/// little-endian buffers on every third frame (frames 1, 4, 7, …), as the capture app records
/// them. Raw BGRA frames go to `frames/` (unless ``includesFrames`` is off, as in a phone
/// export), the per-frame timestamps and layouts to `capture.json`, and the app-style
/// `HashChainData` of those frames to `app/hash_chain.json`.
package struct SampleCapture: Sendable {
    /// What the sample holds.
    package enum Kind: String, CaseIterable, Sendable {
        /// A video with frames, depth keyframes and the app's chain.
        case video
        /// A photo with one depth map and the app's depth analysis.
        case photo
        /// A photo taken in the app's privacy mode: the photo as the phone keeps it, plus the
        /// hash-only payload the app uploaded (the app's hash-only payload design).
        case hashOnly = "hash-only"
        /// The capture app's forensic export of a video, flat, as the app writes it, with a
        /// capture-time token from a throwaway local TSA whose root goes beside it.
        case appExport = "app-export"
    }

    package var kind: Kind = .video
    package var seed: UInt64 = 1
    package var seconds: Int = 2
    package var fps: Int = 30
    package var width: Int = 320
    package var height: Int = 240
    package var depthWidth: Int = 256
    package var depthHeight: Int = 192
    package var depthInterval: Int = 3
    package var checkpointInterval: Int = 150
    /// Write raw frame material to `frames/`; a real phone export omits it.
    package var includesFrames = true

    package init() {}

    /// Total frames.
    package var frameCount: Int { seconds * fps }

    /// Frame numbers (1-based) that carry a depth keyframe.
    package var depthFrames: [Int] { depthInterval > 0 ? stride(from: 1, through: frameCount, by: depthInterval).map { $0 } : [] }

    /// Frame `n`'s timestamp: an ARKit-style clock (seconds since boot) advancing at `fps`.
    package func timestamp(ofFrame frame: Int) -> Double {
        Double(1000 + seed % 100) + Double(frame - 1) / Double(fps)
    }

    /// Writes the capture under `directory`, which must not exist or be empty.
    /// - Throws: ``PackagerError`` `.invalidOption` for unusable options or a non-empty
    ///   directory, `.writeFailed` on I/O errors.
    package func write(to directory: String) throws {
        guard seconds > 0, seconds <= 3600, fps > 0, fps <= 240, width > 0, height > 0, width <= 8192, height <= 8192,
            depthInterval >= 0, checkpointInterval > 0
        else {
            throw PackagerError(
                .invalidOption, "sample needs 1–3600 seconds, 1–240 fps, a frame size of at most 8192×8192, a depth interval ≥ 0 and a checkpoint interval ≥ 1")
        }
        if kind == .appExport {
            let root = Self.tsaRootPath(forExport: directory)
            guard !FileManager.default.fileExists(atPath: root) else {
                throw PackagerError(
                    .invalidOption, "\(root) exists; the sample writes its TSA's root certificate there, beside the export: remove it, or give another -o")
            }
        }
        try SampleFiles.makeEmptyDirectory(directory)
        switch kind {
        case .video: break
        case .photo, .hashOnly:
            try writePhoto(to: directory, withPayload: kind == .hashOnly)
            return
        case .appExport:
            _ = try writeAppExport(to: directory, tsaRootPath: Self.tsaRootPath(forExport: directory))
            return
        }
        for sub in ["media", "depth", "app"] + (includesFrames ? ["frames"] : []) { try SampleFiles.makeDirectory(directory + "/" + sub) }

        for frame in depthFrames {
            var depth = depthMap(frame: frame).bytes
            try SampleFiles.write(directory + "/depth/" + SampleCapture.depthFileName(frame: frame)) { sink in try sink(&depth) }
        }

        let chainHashes = try writeFrameMaterial(to: directory)

        let started = videoStarted
        let movie = try SampleMovie(frameCount: frameCount, fps: fps, created: started)
        try SampleFiles.write(directory + "/media/" + Self.videoName) { sink in try movie.write(sink) }
        let durationMs = Int64(frameCount) * 1000 / Int64(fps)
        let ended = Timestamp(seconds: started.seconds + durationMs / 1000, nanoseconds: started.nanoseconds + Int32(durationMs % 1000) * 1_000_000)
        var metadataBytes = JSONWriter.bytes(videoMetadata(started: started, ended: ended, durationMs: durationMs, finalHash: chainHashes.last ?? []))
        try SampleFiles.write(directory + "/app/metadata.json") { sink in try sink(&metadataBytes) }

        try writeCustodyLog(
            to: directory, started: started,
            actions: [
                ("RECORDING_START", "Recording started", 0),
                ("RECORDING_COMPLETE", "Recording stopped after \(durationMs) ms", durationMs / 1000),
                ("HASH_GENERATION_COMPLETE", "SHA-256 and SHA-512 computed for \(Self.videoName)", durationMs / 1000 + 1),
                ("TIMESTAMP_VERIFICATION_COMPLETE", "Device clock within 12 ms of NTP", durationMs / 1000 + 2),
                ("MANIFEST_CREATED", "Forensic manifest written", durationMs / 1000 + 3),
            ])
    }

    /// When a video sample's recording started: a fixed day, a second that depends on the seed.
    var videoStarted: Timestamp { Timestamp(seconds: 1_768_473_000 + Int64(seed % 86_400), nanoseconds: 125_000_000) }

    /// The app's `VideoMetadata` for a video sample (`metadata.json`).
    func videoMetadata(started: Timestamp, ended: Timestamp, durationMs: Int64, finalHash: [UInt8]) -> JSONValue {
        .object([
            "type": .string("video"),
            "started_at": .string(Self.iso8601Millis(started)),
            "ended_at": .string(Self.iso8601Millis(ended)),
            "duration_ms": .integer(durationMs),
            "frame_count": .integer(Int64(frameCount)),
            "depth_keyframe_count": .integer(Int64(depthFrames.count)),
            // The encoded video's size, not the frame buffers' (width × height).
            "resolution": .object(["width": .integer(Int64(SampleMediaBytes.videoWidth)), "height": .integer(Int64(SampleMediaBytes.videoHeight))]),
            "codec": .string("h264"),
            "device_model": .string(Self.deviceModel),
            "ios_version": .string(Self.iosVersion),
            "app_version": .string(Self.appVersion),
            "location": Self.location,
            "attestation_level": .string("secure_enclave"),
            "hash_chain_final": .string(Data(finalHash).base64EncodedString()),
        ])
    }

    static let videoName = "capture.mov"
    static let iosVersion = "17.4"
    static let appVersion = "1.2.0"
    static let deviceModel = "iPhone 15 Pro"
    /// Where every sample was "captured", with the city and country the app resolved.
    static let location: JSONValue = .object([
        "lat": .number(37.7749), "lng": .number(-122.4194), "city": .string("San Francisco"), "country": .string("US"),
    ])

    /// The capture app's custody log: `actions` as (action, details, seconds after `started`).
    func writeCustodyLog(to directory: String, started: Timestamp, actions: [(String, String, Int64)]) throws {
        let events: [JSONValue] = actions.map { action, details, offset in
            .object([
                "timestamp": .string(Self.iso8601Millis(Timestamp(seconds: started.seconds + offset, nanoseconds: started.nanoseconds))),
                "action": .string(action),
                "details": .string(details),
                "userIdentifier": .string("device-7F3A9C"),
            ])
        }
        var custody = JSONWriter.bytes(.array(events))
        try SampleFiles.write(directory + "/app/custody_log.json") { sink in try sink(&custody) }
    }

    /// A LiDAR-style depth map for `frame`: metres as Float32 little-endian, and the values.
    func depthMap(frame: Int) -> (bytes: [UInt8], metres: [Float]) {
        var bytes = [UInt8]()
        var metres = [Float]()
        bytes.reserveCapacity(depthWidth * depthHeight * 4)
        metres.reserveCapacity(depthWidth * depthHeight)
        let base = 0.5 + Float(frame % 97) / 40
        for row in 0..<depthHeight {
            for column in 0..<depthWidth {
                let value = base + Float(row) / Float(depthHeight) * 3 + Float(column % 16) / 256
                let bits = value.bitPattern.littleEndian
                bytes += [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)]
                metres.append(value)
            }
        }
        return (bytes, metres)
    }

    /// Writes frames (when included), `capture.json` and `app/hash_chain.json`.
    /// - Returns: the chain's hashes.
    private func writeFrameMaterial(to directory: String) throws -> [[UInt8]] {
        let chain = try frameChain(depthDirectory: directory + "/depth/", framesDirectory: includesFrames ? directory + "/frames/" : nil)
        var descriptorBytes = JSONWriter.bytes(chain.descriptor.jsonValue())
        try SampleFiles.write(directory + "/capture.json") { sink in try sink(&descriptorBytes) }
        var appBytes = JSONWriter.bytes(chain.app.jsonValue())
        try SampleFiles.write(directory + "/app/" + AppHashChain.fileName) { sink in try sink(&appBytes) }
        return chain.hashes
    }

    /// The frame hash chain over the seeded frames and the depth keyframes already written in
    /// `depthDirectory`; each frame is also written to `framesDirectory`, when given.
    /// - Returns: the hashes, the capture descriptor and the app's `HashChainData` of them.
    func frameChain(depthDirectory: String, framesDirectory: String?) throws -> (hashes: [[UInt8]], descriptor: CaptureDescriptor, app: AppHashChain) {
        let frameFormat = FrameFormat(width: Int64(width), height: Int64(height))
        let depthSet = Set(depthFrames)
        let frameBytes = Int(frameFormat.frameBytes)
        let seed = self.seed
        let frameContent = { @Sendable (frame: Int) -> [UInt8] in
            var random = SplitMix64(seed: seed &* 1_000_003 &+ UInt64(frame))
            return random.bytes(frameBytes)
        }
        if let framesDirectory {
            for frame in 1...frameCount {
                var bytes = frameContent(frame)
                try SampleFiles.write(framesDirectory + CaptureDescriptor.frameFileName(Int64(frame))) { sink in try sink(&bytes) }
            }
        }
        let timestamps = (1...frameCount).map { timestamp(ofFrame: $0) }
        let hashes = try FrameChainComputer(timestamps: timestamps).compute { index, link in
            try frameContent(index + 1).withUnsafeBytes { try link.update($0) }
            if depthSet.contains(index + 1) {
                try FileChunkReader(path: depthDirectory + CaptureDescriptor.depthFileName(Int64(index + 1))).streamAndClose { try link.update($0) }
            }
        }
        let descriptor = CaptureDescriptor(
            fps: Double(fps), checkpointInterval: Int64(checkpointInterval), frameFormat: frameFormat,
            depthFormat: depthFrames.isEmpty ? nil : DepthFormat(width: Int64(depthWidth), height: Int64(depthHeight)),
            frames: (1...frameCount).map { .init(frameNumber: Int64($0), timestamp: timestamps[$0 - 1], hasDepth: depthSet.contains($0)) }
        )
        let frames = hashes.enumerated().map { index, hash in
            FrameChain.Frame(frameNumber: Int64(index + 1), timestamp: timestamps[index], hash: Hex.encode(hash), framePath: nil, depthPath: nil)
        }
        let app = AppHashChain(
            frameHashes: frames.map(\.hash),
            checkpoints: FrameChain.checkpoints(for: frames, interval: Int64(checkpointInterval)),
            finalHash: frames.last?.hash ?? "")
        return (hashes, descriptor, app)
    }

    /// `depth_000004.f32` for frame 4.
    package static func depthFileName(frame: Int) -> String {
        let digits = String(frame)
        return "depth_" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".f32"
    }

    /// ISO 8601 with milliseconds, as the capture app writes dates (`2026-01-15T10:30:00.125Z`).
    static func iso8601Millis(_ time: Timestamp) -> String {
        let whole = Timestamp(seconds: time.seconds).rfc3339.dropLast()
        let millis = String(Int(time.nanoseconds) / 1_000_000)
        return whole + "." + String(repeating: "0", count: 3 - millis.count) + millis + "Z"
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64), so samples are
/// identical on every machine.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var index = 0
        while index < count {
            var word = next()
            for _ in 0..<8 where index < count {
                out[index] = UInt8(truncatingIfNeeded: word)
                word >>= 8
                index += 1
            }
        }
        return out
    }
}
