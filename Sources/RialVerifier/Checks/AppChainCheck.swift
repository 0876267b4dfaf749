import RialFormat

/// The capture app's hash chain holds together on its own (`schema/SPEC.md` §8.5 check 14a),
/// with or without frame material and `capture.json`: its final hash is its last frame hash,
/// and its checkpoints are those of every 150th frame (the hash-chain design: every 5 s at 30 fps; or the
/// interval the capture descriptor states), in order, each that frame's hash. Against the frames themselves it is held by `chain.app`, against the
/// metadata's `frame_count` and `hash_chain_final` by the metadata checks.
struct AppChainCheck: VerificationCheck {
    var needs: Set<Fact> { [.appDocuments, .frameChain] }

    /// The app's checkpoint interval, fixed by the hash-chain design.
    static let checkpointInterval: Int64 = 150

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.judgesRialParts, let path = context.appFiles[.hashChain], let parsed = context.appChain else { return [] }
        let chain: AppHashChain
        do {
            chain = try parsed.get()
        } catch {
            return [.fail(.appChainMalformed, path, "the capture app's hash chain cannot be read as schema/SPEC.md §2.2 defines it: \(error.reason)")]
        }
        var results: [CheckResult] = []
        let last = chain.frameHashes.last
        if chain.finalHash != last {
            results.append(
                .fail(
                    .appChainFinalMismatch, path, "finalHash is not the chain's last frame hash: the chain was cut, extended or edited",
                    expected: last ?? "no frame hash", actual: chain.finalHash))
        }
        let count = Int64(chain.frameHashes.count)
        // The app checkpoints every 150th frame (the hash-chain design); a capture descriptor may state
        // another interval, which rial's chain then carries. The app may stop early (it lists
        // at most a few), so its checkpoints are a prefix of the interval's, in order.
        let interval = context.parsedChain?.checkpointInterval ?? Self.checkpointInterval
        for (index, point) in chain.checkpoints.enumerated() {
            let frame = interval * Int64(index + 1)
            if point.index != Int64(index) || point.frameNumber != frame {
                results.append(
                    .fail(
                        .appChainCheckpointOrder, "\(path): checkpoints[\(index)]",
                        "checkpoint \(index + 1) must have index \(index) and be frame \(frame)'s (one every \(interval) frames, in order)",
                        expected: "index \(index), frame \(frame)", actual: "index \(point.index), frame \(point.frameNumber)"))
            }
            guard point.frameNumber >= 1, point.frameNumber <= count else {
                results.append(
                    .fail(
                        .appChainCheckpointMismatch, "\(path): checkpoints[\(index)]",
                        "the checkpoint names frame \(point.frameNumber); the chain has \(count) frames"))
                continue
            }
            let hash = chain.frameHashes[Int(point.frameNumber - 1)]
            if point.hash != hash {
                results.append(
                    .fail(
                        .appChainCheckpointMismatch, "\(path): checkpoints[\(index)]", "the checkpoint's hash is not frame \(point.frameNumber)'s hash",
                        expected: hash, actual: point.hash))
            }
        }
        if results.isEmpty {
            let material = context.parsedChain == nil ? "; the frames are not in the package, so the hashes themselves cannot be recomputed" : ""
            let points =
                chain.checkpoints.isEmpty
                ? "it lists no checkpoint (checkpoints is empty; interval: \(interval) frames)"
                : "\(chain.checkpoints.count) checkpoint\(chain.checkpoints.count == 1 ? "" : "s") (one every \(interval) frames), each its frame's hash"
            results.append(
                .pass(
                    .appChain, path,
                    "the capture app's hash chain holds together: \(count) frame hashes (frameHashes), finalHash is the last, \(points)\(material)"))
        }
        return results
    }
}
