/// How one raw frame is laid out, so its exact size is known. The chain formula has no length
/// prefixes, so a verifier must know every frame's size to stop bytes moving between a frame
/// and its depth buffer without changing a hash.
package struct FrameFormat: Sendable, Hashable {
    /// The pixel format's name, e.g. `BGRA8` (4 bytes per pixel).
    package let pixelFormat: String
    package let width: Int64
    package let height: Int64
    /// Bytes per row as captured (may exceed `width × bytes per pixel` when rows are padded).
    package let bytesPerRow: Int64

    package init(pixelFormat: String = "BGRA8", width: Int64, height: Int64, bytesPerRow: Int64? = nil) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow ?? width * 4
    }

    /// The size of one frame in bytes: `bytes_per_row × height`.
    package var frameBytes: Int64 { bytesPerRow * height }

    package func jsonValue() -> JSONValue {
        .object([
            "pixel_format": .string(pixelFormat), "width": .integer(width), "height": .integer(height),
            "bytes_per_row": .integer(bytesPerRow), "frame_bytes": .integer(frameBytes),
        ])
    }

    /// Reads a frame format; `frame_bytes` is optional on input and must agree when present.
    package init(json: JSONValue, path: String) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: path, allowedKeys: ["pixel_format", "width", "height", "bytes_per_row", "frame_bytes"])
        pixelFormat = try reader.string("pixel_format")
        width = try reader.integer("width", in: 1...65_536)
        height = try reader.integer("height", in: 1...65_536)
        bytesPerRow = try reader.has("bytes_per_row") ? reader.integer("bytes_per_row", in: 1...(1 << 24)) : width * 4
        guard bytesPerRow >= width else {
            throw FormatError(.invalidField, "\(path).bytes_per_row is smaller than the width")
        }
        if reader.has("frame_bytes"), try reader.integer("frame_bytes") != bytesPerRow * height {
            throw FormatError(.invalidField, "\(path).frame_bytes must equal bytes_per_row × height")
        }
    }
}

/// How one depth keyframe is laid out: Float32, little-endian, row-major, `width × height`.
package struct DepthFormat: Sendable, Hashable {
    package let width: Int64
    package let height: Int64
    /// What one value measures, e.g. `meters`.
    package let units: String

    package static let dtype = "float32"
    package static let byteOrder = "little-endian"

    package init(width: Int64, height: Int64, units: String = "meters") {
        self.width = width
        self.height = height
        self.units = units
    }

    /// The size of one depth keyframe in bytes.
    package var keyframeBytes: Int64 { width * height * 4 }

    package init(json: JSONValue, path: String) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: path, allowedKeys: ["dtype", "byte_order", "width", "height", "units"])
        guard try reader.string("dtype") == Self.dtype else { throw FormatError(.invalidField, "\(path).dtype must be \"float32\"") }
        guard try reader.string("byte_order") == Self.byteOrder else { throw FormatError(.invalidField, "\(path).byte_order must be \"little-endian\"") }
        width = try reader.integer("width", in: 1...16_384)
        height = try reader.integer("height", in: 1...16_384)
        units = try reader.string("units")
    }

    package func jsonObject() -> JSONObject {
        ["dtype": .string(Self.dtype), "byte_order": .string(Self.byteOrder), "width": .integer(width), "height": .integer(height), "units": .string(units)]
    }
}
