/// What `rial/manifest.json` repeats of the frame chain: its length, its final hash and its
/// checkpoint hashes. The seal signs the manifest, so these bind the chain file to it.
package struct ChainSummary: Sendable, Hashable {
    package let frameCount: Int64
    package let finalHash: String
    package let checkpointHashes: [String]

    package init(frameCount: Int64, finalHash: String, checkpointHashes: [String]) {
        self.frameCount = frameCount
        self.finalHash = finalHash
        self.checkpointHashes = checkpointHashes
    }

    /// The summary of `chain` as stated.
    package init(_ chain: FrameChain) {
        self.init(frameCount: Int64(chain.frames.count), finalHash: chain.finalHash, checkpointHashes: chain.checkpoints.map(\.hash))
    }

    package func jsonValue() -> JSONValue {
        .object([
            "frame_count": .integer(frameCount),
            "final_hash": .string(finalHash),
            "checkpoint_hashes": .array(checkpointHashes.map(JSONValue.string)),
        ])
    }

    package init(json: JSONValue, path: String) throws(FormatError) {
        let reader = try JSONFieldReader(json, path: path, allowedKeys: ["frame_count", "final_hash", "checkpoint_hashes"])
        frameCount = try reader.integer("frame_count", in: 1...Int64(Int32.max))
        finalHash = try reader.digest("final_hash", byteCount: 32)
        var hashes: [String] = []
        for (index, element) in try reader.array("checkpoint_hashes").enumerated() {
            guard let text = element.stringValue, Hex.isDigest(text, byteCount: 32) else {
                throw FormatError(.invalidHex, "\(path).checkpoint_hashes[\(index)] must be 64 lowercase hex digits")
            }
            hashes.append(text)
        }
        checkpointHashes = hashes
    }
}
