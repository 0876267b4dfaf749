/// `capture.json`: what a capture pipeline says about the frames it recorded (`schema/SPEC.md`
/// §2.3): frame rate, checkpoint interval, frame and depth layouts, and every frame's
/// timestamp and whether it has a depth keyframe. `rial pack` builds `rial/chain.json` and
/// `rial/depth.json` from it; the file itself is kept verbatim at `data/capture.json`.
package struct CaptureDescriptor: Sendable, Hashable {
    package struct Frame: Sendable, Hashable {
        package let frameNumber: Int64
        /// Seconds, as the capture clock gave them; hashed as IEEE-754 binary64 little-endian.
        package let timestamp: Double
        package let hasDepth: Bool

        package init(frameNumber: Int64, timestamp: Double, hasDepth: Bool) {
            self.frameNumber = frameNumber
            self.timestamp = timestamp
            self.hasDepth = hasDepth
        }
    }

    package static let formatName = "rial-capture-v1"
    /// The capture app's default: a checkpoint every 150 frames (5 s at 30 fps).
    package static let defaultCheckpointInterval: Int64 = 150

    package let fps: Double
    package let checkpointInterval: Int64
    package let frameFormat: FrameFormat
    package let depthFormat: DepthFormat?
    package let frames: [Frame]

    package init(fps: Double, checkpointInterval: Int64 = defaultCheckpointInterval, frameFormat: FrameFormat, depthFormat: DepthFormat?, frames: [Frame]) {
        self.fps = fps
        self.checkpointInterval = checkpointInterval
        self.frameFormat = frameFormat
        self.depthFormat = depthFormat
        self.frames = frames
    }

    /// The file name of frame `n`'s material under `frames/` (and `data/frames/`).
    package static func frameFileName(_ frameNumber: Int64) -> String { "frame_" + sixDigits(frameNumber) + ".raw" }

    /// The file name of frame `n`'s depth keyframe under `depth/` (and `data/depth/`).
    package static func depthFileName(_ frameNumber: Int64) -> String { "depth_" + sixDigits(frameNumber) + ".f32" }

    package func jsonValue() -> JSONValue {
        var object: JSONObject = [
            "format": .string(Self.formatName),
            "fps": .number(fps),
            "checkpoint_interval": .integer(checkpointInterval),
            "frame_format": frameFormat.jsonValue(),
        ]
        object["depth_format"] = depthFormat.map { .object($0.jsonObject()) } ?? .null
        object["frames"] = .array(
            frames.map {
                .object(["frame_number": .integer($0.frameNumber), "timestamp": .number($0.timestamp), "depth": .bool($0.hasDepth)])
            })
        return .object(object)
    }

    /// Reads a descriptor: frames numbered 1, 2, 3, … in order with finite timestamps.
    /// - Throws: ``FormatError`` naming the first field that is wrong.
    package init(json: JSONValue) throws(FormatError) {
        let root = try JSONFieldReader(json, path: "capture", allowedKeys: ["format", "fps", "checkpoint_interval", "frame_format", "depth_format", "frames"])
        guard try root.string("format") == Self.formatName else {
            throw FormatError(.invalidField, "capture.format must be \"\(Self.formatName)\"")
        }
        guard let fps = try root.value("fps").doubleValue, fps > 0, fps <= 1000 else {
            throw FormatError(.invalidField, "capture.fps must be a number in (0, 1000]")
        }
        self.fps = fps
        checkpointInterval = root.has("checkpoint_interval") ? try root.integer("checkpoint_interval", in: 1...1_000_000) : Self.defaultCheckpointInterval
        frameFormat = try FrameFormat(json: root.value("frame_format"), path: "capture.frame_format")
        let depth = try root.value("depth_format")
        depthFormat = depth.isNull ? nil : try DepthFormat(json: depth, path: "capture.depth_format")
        var frames: [Frame] = []
        for (index, element) in try root.array("frames").enumerated() {
            let path = "capture.frames[\(index)]"
            let reader = try JSONFieldReader(element, path: path, allowedKeys: ["frame_number", "timestamp", "depth"])
            let number = try reader.integer("frame_number", in: 1...Int64(Int32.max))
            guard number == Int64(index) + 1 else { throw FormatError(.invalidField, "\(path).frame_number must be \(index + 1)") }
            guard let timestamp = try reader.value("timestamp").doubleValue, timestamp.isFinite else {
                throw FormatError(.invalidField, "\(path).timestamp must be a finite number")
            }
            guard let hasDepth = try reader.value("depth").boolValue else { throw FormatError(.invalidField, "\(path).depth must be true or false") }
            if let previous = frames.last, !(timestamp > previous.timestamp) {
                throw FormatError(.invalidField, "\(path).timestamp must be later than frame \(previous.frameNumber)'s")
            }
            frames.append(Frame(frameNumber: number, timestamp: timestamp, hasDepth: hasDepth))
        }
        guard !frames.isEmpty else { throw FormatError(.invalidField, "capture.frames is empty") }
        if frames.contains(where: \.hasDepth), depthFormat == nil {
            throw FormatError(.missingField, "capture.depth_format is required when a frame has depth")
        }
        self.frames = frames
    }
}

func sixDigits(_ number: Int64) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
}
