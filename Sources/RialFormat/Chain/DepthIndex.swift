/// `rial/depth.json`: the depth keyframes' layout and where each one is (`schema/SPEC.md` §13).
/// The bytes of each keyframe are kept exactly as captured.
package struct DepthIndex: Sendable, Hashable {
    package struct Keyframe: Sendable, Hashable {
        package let frameNumber: Int64
        package let timestamp: Double
        package let path: String

        package init(frameNumber: Int64, timestamp: Double, path: String) {
            self.frameNumber = frameNumber
            self.timestamp = timestamp
            self.path = path
        }
    }

    package let format: DepthFormat
    package let keyframes: [Keyframe]

    package init(format: DepthFormat, keyframes: [Keyframe]) {
        self.format = format
        self.keyframes = keyframes
    }

    package func jsonValue() -> JSONValue {
        var object = format.jsonObject()
        object["keyframe_bytes"] = .integer(format.keyframeBytes)
        object["keyframes"] = .array(
            keyframes.map {
                .object(["frame_number": .integer($0.frameNumber), "timestamp": .number($0.timestamp), "path": .string($0.path)])
            })
        return .object(object)
    }

    package func bytes() -> [UInt8] { JSONWriter.bytes(jsonValue()) }

    package init(json: JSONValue) throws(FormatError) {
        guard var object = json.objectValue else { throw FormatError(.invalidField, "depth index must be an object") }
        let keyframesValue = object["keyframes"]
        let statedBytes = object["keyframe_bytes"]
        object["keyframes"] = nil
        object["keyframe_bytes"] = nil
        format = try DepthFormat(json: .object(object), path: "depth")
        guard statedBytes?.integerValue == format.keyframeBytes else {
            throw FormatError(.invalidField, "depth.keyframe_bytes must equal width × height × 4")
        }
        guard let elements = keyframesValue?.arrayValue else { throw FormatError(.missingField, "depth.keyframes is missing") }
        var keyframes: [Keyframe] = []
        for (index, element) in elements.enumerated() {
            let path = "depth.keyframes[\(index)]"
            let reader = try JSONFieldReader(element, path: path, allowedKeys: ["frame_number", "timestamp", "path"])
            guard let timestamp = try reader.value("timestamp").doubleValue, timestamp.isFinite else {
                throw FormatError(.invalidField, "\(path).timestamp must be a finite number")
            }
            keyframes.append(
                Keyframe(frameNumber: try reader.integer("frame_number", in: 1...Int64(Int32.max)), timestamp: timestamp, path: try reader.string("path")))
        }
        self.keyframes = keyframes
    }
}
