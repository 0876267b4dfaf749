/// `rial/chain.json`: the frame hash chain (`schema/SPEC.md` §13).
///
/// `H1 = SHA256(F1 ‖ D1? ‖ T1)`, `Hn = SHA256(Fn ‖ Dn? ‖ Tn ‖ Hn-1)`: `Fn` the frame's raw
/// bytes, `Dn` its depth keyframe's raw bytes when it has one, `Tn` its timestamp as IEEE-754
/// binary64 little-endian, `Hn-1` the previous hash's 32 bytes. The key names are fixed:
/// outside tools read them.
package struct FrameChain: Sendable, Hashable {
    package struct Frame: Sendable, Hashable {
        package let frameNumber: Int64
        package let timestamp: Double
        /// Lowercase hex of `Hn`.
        package var hash: String
        /// Path of the frame's material in the bag, when the package carries it.
        package let framePath: String?
        /// Path of the frame's depth keyframe in the bag, when it has one.
        package let depthPath: String?

        package init(frameNumber: Int64, timestamp: Double, hash: String, framePath: String?, depthPath: String?) {
            self.frameNumber = frameNumber
            self.timestamp = timestamp
            self.hash = hash
            self.framePath = framePath
            self.depthPath = depthPath
        }
    }

    package struct Checkpoint: Sendable, Hashable {
        /// 0-based: checkpoint `i` is at frame `(i + 1) × checkpoint_interval`.
        package let index: Int64
        package let frameNumber: Int64
        package let hash: String
        package let timestamp: Double

        package init(index: Int64, frameNumber: Int64, hash: String, timestamp: Double) {
            self.index = index
            self.frameNumber = frameNumber
            self.hash = hash
            self.timestamp = timestamp
        }
    }

    package static let algorithm = "rial-frame-chain-v1"

    package let fps: Double
    package let checkpointInterval: Int64
    package let frameFormat: FrameFormat
    package var frames: [Frame]
    package var checkpoints: [Checkpoint]
    /// As stated in the file; ``frames``' last hash when the chain is consistent.
    package var finalHash: String
    /// `frame_count` as stated in the file.
    package let statedFrameCount: Int64

    package init(fps: Double, checkpointInterval: Int64, frameFormat: FrameFormat, frames: [Frame]) {
        self.fps = fps
        self.checkpointInterval = checkpointInterval
        self.frameFormat = frameFormat
        self.frames = frames
        self.statedFrameCount = Int64(frames.count)
        self.checkpoints = Self.checkpoints(for: frames, interval: checkpointInterval)
        self.finalHash = frames.last?.hash ?? ""
    }

    /// The checkpoints a chain of `frames` has: one at every multiple of `interval`, with no
    /// upper bound (longer recordings keep checkpointing); an interrupted recording has those
    /// up to its last frame.
    package static func checkpoints(for frames: [Frame], interval: Int64) -> [Checkpoint] {
        guard interval > 0 else { return [] }
        return frames.filter { $0.frameNumber % interval == 0 }.map {
            Checkpoint(index: $0.frameNumber / interval - 1, frameNumber: $0.frameNumber, hash: $0.hash, timestamp: $0.timestamp)
        }
    }

    /// Recomputes checkpoints and the final hash from the frames (after hashes were filled in).
    package mutating func refreshDerivedFields() {
        checkpoints = Self.checkpoints(for: frames, interval: checkpointInterval)
        finalHash = frames.last?.hash ?? ""
    }

    package func jsonValue() -> JSONValue {
        .object([
            "algorithm": .string(Self.algorithm),
            "frame_count": .integer(Int64(frames.count)),
            "fps": .number(fps),
            "checkpoint_interval": .integer(checkpointInterval),
            "frame_format": frameFormat.jsonValue(),
            "frames": .array(
                frames.map { frame in
                    .object([
                        "frame_number": .integer(frame.frameNumber),
                        "timestamp": .number(frame.timestamp),
                        "hash": .string(frame.hash),
                        "frame": frame.framePath.map(JSONValue.string) ?? .null,
                        "depth": frame.depthPath.map(JSONValue.string) ?? .null,
                    ])
                }),
            "checkpoints": .array(
                checkpoints.map { point in
                    .object([
                        "index": .integer(point.index), "frame_number": .integer(point.frameNumber),
                        "hash": .string(point.hash), "timestamp": .number(point.timestamp),
                    ])
                }),
            "final_hash": .string(finalHash),
        ])
    }

    /// The exact bytes of `rial/chain.json`.
    package func bytes() -> [UInt8] { JSONWriter.bytes(jsonValue()) }

    /// The most frames a chain may hold: over nine hours at 30 fps. A verifier holds every
    /// frame's hash in memory, so a larger claim is refused before anything is allocated for it.
    package static let maxFrames = 1_000_000

    /// Reads a chain as stated, without judging its consistency (the verifier's checks do).
    /// - Throws: ``FormatError`` for a field of the wrong type or shape.
    package init(json: JSONValue) throws(FormatError) {
        let root = try JSONFieldReader(
            json, path: "chain", allowedKeys: ["algorithm", "frame_count", "fps", "checkpoint_interval", "frame_format", "frames", "checkpoints", "final_hash"])
        guard try root.string("algorithm") == Self.algorithm else {
            throw FormatError(.unsupportedVersion, "chain.algorithm is not \"\(Self.algorithm)\"")
        }
        statedFrameCount = try root.integer("frame_count", in: 0...Int64.max)
        guard statedFrameCount <= Self.maxFrames else {
            throw FormatError(.tooManyFrames, "chain.frame_count is \(statedFrameCount); a chain holds at most \(Self.maxFrames) frames")
        }
        guard let fps = try root.value("fps").doubleValue, fps > 0 else { throw FormatError(.invalidField, "chain.fps must be a positive number") }
        self.fps = fps
        checkpointInterval = try root.integer("checkpoint_interval", in: 1...1_000_000)
        frameFormat = try FrameFormat(json: root.value("frame_format"), path: "chain.frame_format")
        let elements = try root.array("frames")
        guard elements.count <= Self.maxFrames else {
            throw FormatError(.tooManyFrames, "chain.frames has \(elements.count) frames; a chain holds at most \(Self.maxFrames)")
        }
        var frames: [Frame] = []
        frames.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let path = "chain.frames[\(index)]"
            let reader = try JSONFieldReader(element, path: path, allowedKeys: ["frame_number", "timestamp", "hash", "frame", "depth"])
            frames.append(
                Frame(
                    frameNumber: try reader.integer("frame_number", in: 1...Int64(Int32.max)),
                    timestamp: try Self.finite(reader.value("timestamp"), "\(path).timestamp"),
                    hash: try reader.digest("hash", byteCount: 32),
                    framePath: try Self.optionalPath(reader.value("frame"), "\(path).frame"),
                    depthPath: try Self.optionalPath(reader.value("depth"), "\(path).depth")
                ))
        }
        self.frames = frames
        var checkpoints: [Checkpoint] = []
        for (index, element) in try root.array("checkpoints").enumerated() {
            let path = "chain.checkpoints[\(index)]"
            let reader = try JSONFieldReader(element, path: path, allowedKeys: ["index", "frame_number", "hash", "timestamp"])
            checkpoints.append(
                Checkpoint(
                    index: try reader.integer("index", in: 0...Int64(Int32.max)),
                    frameNumber: try reader.integer("frame_number", in: 1...Int64(Int32.max)),
                    hash: try reader.digest("hash", byteCount: 32),
                    timestamp: try Self.finite(reader.value("timestamp"), "\(path).timestamp")
                ))
        }
        self.checkpoints = checkpoints
        finalHash = try root.digest("final_hash", byteCount: 32)
    }

    private static func finite(_ value: JSONValue, _ path: String) throws(FormatError) -> Double {
        guard let number = value.doubleValue, number.isFinite else { throw FormatError(.invalidField, "\(path) must be a finite number") }
        return number
    }

    private static func optionalPath(_ value: JSONValue, _ path: String) throws(FormatError) -> String? {
        if value.isNull { return nil }
        guard let text = value.stringValue else { throw FormatError(.invalidField, "\(path) must be a path or null") }
        return text
    }
}
