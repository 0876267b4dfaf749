import Foundation

/// The capture app's own `HashChainData`, as its Swift `Codable` encoding writes it:
/// `frameHashes` (base64), `checkpoints` (`index`, `frameNumber`, `hash` base64, `timestamp`),
/// `finalHash` (base64). Accepted as input and kept verbatim in `data/capture/`.
package struct AppHashChain: Sendable, Hashable {
    /// The usual file name in the capture's `app/` directory.
    package static let fileName = "hash_chain.json"
    /// Where the file sits in a package.
    package static let path = PackageLayout.captureAppDirectory + fileName

    /// Lowercase hex of each frame hash, frame 1 first.
    package let frameHashes: [String]
    package let checkpoints: [FrameChain.Checkpoint]
    package let finalHash: String

    package init(frameHashes: [String], checkpoints: [FrameChain.Checkpoint], finalHash: String) {
        self.frameHashes = frameHashes
        self.checkpoints = checkpoints
        self.finalHash = finalHash
    }

    /// The app's JSON (keys sorted, as `JSONEncoder` with `.sortedKeys` writes them).
    package func jsonValue() -> JSONValue {
        .object([
            "checkpoints": .array(
                checkpoints.map { point in
                    .object([
                        "frameNumber": .integer(point.frameNumber), "hash": .string(Self.base64(point.hash)),
                        "index": .integer(point.index), "timestamp": .number(point.timestamp),
                    ])
                }),
            "finalHash": .string(Self.base64(finalHash)),
            "frameHashes": .array(frameHashes.map { .string(Self.base64($0)) }),
        ])
    }

    package init(json: JSONValue) throws(FormatError) {
        // The app's format, not ours: keys it may add later are ignored, not refused.
        let root = try JSONFieldReader(json, path: "hash_chain", allowedKeys: nil)
        var hashes: [String] = []
        for (index, element) in try root.array("frameHashes").enumerated() {
            hashes.append(try Self.hex(element, "hash_chain.frameHashes[\(index)]"))
        }
        frameHashes = hashes
        var points: [FrameChain.Checkpoint] = []
        for (index, element) in try root.array("checkpoints").enumerated() {
            let path = "hash_chain.checkpoints[\(index)]"
            let reader = try JSONFieldReader(element, path: path, allowedKeys: nil)
            guard let timestamp = try reader.value("timestamp").doubleValue else { throw FormatError(.invalidField, "\(path).timestamp must be a number") }
            points.append(
                .init(
                    index: try reader.integer("index"), frameNumber: try reader.integer("frameNumber", in: 1...Int64(Int32.max)),
                    hash: try Self.hex(reader.value("hash"), "\(path).hash"), timestamp: timestamp))
        }
        checkpoints = points
        finalHash = try Self.hex(root.value("finalHash"), "hash_chain.finalHash")
    }

    private static func hex(_ value: JSONValue, _ path: String) throws(FormatError) -> String {
        guard let text = value.stringValue, let data = Data(base64Encoded: text), data.count == 32 else {
            throw FormatError(.invalidField, "\(path) must be the base64 of 32 bytes")
        }
        return Hex.encode(data)
    }

    private static func base64(_ hex: String) -> String {
        Data(Hex.decode(hex) ?? []).base64EncodedString()
    }

    /// Why the chain disagrees with itself (its final hash or a checkpoint is not its own
    /// frame hash at that frame), or `nil` when it does not.
    package var inconsistency: String? {
        guard let last = frameHashes.last, finalHash == last else { return "finalHash is not its last frame hash" }
        for point in checkpoints {
            let index = point.frameNumber - 1
            guard index >= 0, index < Int64(frameHashes.count), frameHashes[Int(index)] == point.hash else {
                return "the checkpoint at frame \(point.frameNumber) is not that frame's hash"
            }
        }
        return nil
    }
}
