import RialFormat

/// `rial/chain.json` parses, is canonical, and is consistent in itself: `frame_count` is the
/// number of frames, frames are numbered 1, 2, 3, … with strictly increasing timestamps,
/// checkpoints sit at every multiple of `checkpoint_interval` (and nowhere else) with
/// sequential indices and the hash and timestamp of their frame, and `final_hash` is the last
/// frame's hash.
struct ChainStructureCheck: VerificationCheck {
    var needs: Set<Fact> { [.frameChain] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        let subject = PackageLayout.chain
        guard let parsed = context.chain else {
            if context.has(subject) { return [.fail(.chainUnreadable, subject, "rial/chain.json is too large to read")] }
            guard context.judgesRialParts else { return [] }
            return [.notPresent(.chain, subject, "the package carries no frame hash chain; frame order and completeness are not attested")]
        }
        let chain: FrameChain
        switch parsed {
        case .failure(let error):
            let code: CheckResult.Code =
                error.code == .unsupportedVersion ? .chainUnsupportedAlgorithm : error.code == .tooManyFrames ? .chainLimitFrames : .chainMalformed
            return [.fail(code, subject, error.reason)]
        case .success(let value): chain = value
        }
        var results: [CheckResult] = []
        if let bytes = context.bytes(subject), !chain.bytes().hasSameBytes(as: bytes) {
            results.append(.fail(.chainNotCanonical, subject, "rial/chain.json is valid but not in canonical form (schema/SPEC.md §13.2); it was rewritten"))
        }
        if chain.statedFrameCount != Int64(chain.frames.count) {
            results.append(
                .fail(
                    .chainFrameCountMismatch, "\(subject): frame_count", "frame_count differs from the number of frames listed",
                    expected: String(chain.frames.count), actual: String(chain.statedFrameCount)))
        }
        if chain.frames.isEmpty {
            results.append(.fail(.chainEmpty, subject, "the chain lists no frames"))
            return results
        }
        results += checkFrames(chain)
        results += checkCheckpoints(chain)
        if let last = chain.frames.last, chain.finalHash != last.hash {
            results.append(
                .fail(
                    .chainFinalHashMismatch, "\(subject): final_hash", "final_hash is not the last frame's hash",
                    expected: last.hash, actual: chain.finalHash))
        }
        if results.isEmpty {
            results.append(
                .pass(
                    .chainStructure, subject,
                    "\(chain.frames.count) frames numbered in order with increasing timestamps; \(chain.checkpoints.count) checkpoints, one every \(chain.checkpointInterval) frames, each the hash of its frame; final_hash is the last frame's"
                ))
        }
        return results
    }

    private func checkFrames(_ chain: FrameChain) -> [CheckResult] {
        var results: [CheckResult] = []
        for (index, frame) in chain.frames.enumerated() {
            if frame.frameNumber != Int64(index) + 1 {
                results.append(
                    .fail(
                        .chainFrameNumberOutOfSequence, "frame \(index + 1)",
                        "frames must be numbered 1, 2, 3, … in order; a frame was removed, inserted or reordered",
                        expected: String(index + 1), actual: String(frame.frameNumber)))
                break
            }
        }
        for index in chain.frames.indices.dropFirst() where !(chain.frames[index].timestamp > chain.frames[index - 1].timestamp) {
            results.append(
                .fail(
                    .chainTimestampNotIncreasing, "frame \(chain.frames[index].frameNumber)",
                    "timestamps must increase strictly from frame to frame",
                    expected: "> \(chain.frames[index - 1].timestamp)", actual: String(chain.frames[index].timestamp)))
        }
        return results
    }

    private func checkCheckpoints(_ chain: FrameChain) -> [CheckResult] {
        var results: [CheckResult] = []
        let expected = FrameChain.checkpoints(for: chain.frames, interval: chain.checkpointInterval)
        let stated = Dictionary(chain.checkpoints.map { ($0.frameNumber, $0) }, uniquingKeysWith: { first, _ in first })
        for point in expected {
            guard let found = stated[point.frameNumber] else {
                results.append(
                    .fail(
                        .chainCheckpointMissing, "checkpoint at frame \(point.frameNumber)",
                        "a checkpoint is required at every multiple of \(chain.checkpointInterval) frames"))
                continue
            }
            if found.hash != point.hash {
                results.append(
                    .fail(
                        .chainCheckpointHashMismatch, "checkpoint at frame \(point.frameNumber)",
                        "the checkpoint's hash is not the chain hash at its frame", expected: point.hash, actual: found.hash))
            }
            if found.timestamp != point.timestamp {
                results.append(
                    .fail(
                        .chainCheckpointTimestampMismatch, "checkpoint at frame \(point.frameNumber)",
                        "the checkpoint's timestamp is not its frame's", expected: String(point.timestamp), actual: String(found.timestamp)))
            }
        }
        let expectedFrames = Set(expected.map(\.frameNumber))
        for point in chain.checkpoints where !expectedFrames.contains(point.frameNumber) {
            results.append(
                .fail(
                    .chainCheckpointUnexpected, "checkpoint at frame \(point.frameNumber)",
                    "no checkpoint belongs here: checkpoints are at multiples of \(chain.checkpointInterval) up to frame_count"))
        }
        for (position, point) in chain.checkpoints.enumerated()
        where point.index != Int64(position) || point.index != point.frameNumber / chain.checkpointInterval - 1 {
            results.append(
                .fail(
                    .chainCheckpointIndex, "checkpoint at frame \(point.frameNumber)",
                    "checkpoint indices run 0, 1, 2, … in frame order, index = frame_number / checkpoint_interval − 1",
                    expected: String(point.frameNumber / chain.checkpointInterval - 1), actual: String(point.index)))
            break
        }
        for position in chain.checkpoints.indices.dropFirst() where chain.checkpoints[position].frameNumber <= chain.checkpoints[position - 1].frameNumber {
            results.append(
                .fail(.chainCheckpointOrder, "checkpoint at frame \(chain.checkpoints[position].frameNumber)", "checkpoints must be listed in frame order"))
            break
        }
        return results
    }
}
