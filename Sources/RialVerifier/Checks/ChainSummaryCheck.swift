import RialFormat

/// `rial/manifest.json` repeats the chain's frame count, final hash and checkpoint hashes, so
/// a truncated or swapped `rial/chain.json` is caught even where its digest would be rewritten.
struct ChainSummaryCheck: VerificationCheck {
    var needs: Set<Fact> { [.frameChain, .rialManifest] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard case .success(let manifest)? = context.manifest else { return [] }
        let subject = "rial/manifest.json: chain"
        switch (manifest.chain, context.chain) {
        case (nil, nil):
            return []
        case (.some, nil):
            return [.fail(.chainSummaryChainMissing, subject, "the manifest describes a frame chain but the package has no rial/chain.json")]
        case (nil, .some):
            return [.fail(.chainSummaryMissing, subject, "the package has rial/chain.json but the manifest does not summarise it")]
        case (.some(let summary), .some):
            guard let chain = context.parsedChain else {
                return [.notChecked(.chainSummary, subject, "rial/chain.json could not be read (reported above)")]
            }
            let actual = ChainSummary(chain)
            var results: [CheckResult] = []
            if summary.frameCount != Int64(chain.frames.count) {
                results.append(
                    .fail(
                        .chainSummaryMismatch, subject + ".frame_count", "the chain's length differs from the manifest's",
                        expected: String(summary.frameCount), actual: String(chain.frames.count)))
            }
            if summary.finalHash != actual.finalHash {
                results.append(
                    .fail(
                        .chainSummaryMismatch, subject + ".final_hash", "the chain's final hash differs from the manifest's",
                        expected: summary.finalHash, actual: actual.finalHash))
            }
            if summary.checkpointHashes != actual.checkpointHashes {
                let first =
                    zip(summary.checkpointHashes, actual.checkpointHashes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(summary.checkpointHashes.count, actual.checkpointHashes.count)
                let expected = first < summary.checkpointHashes.count ? summary.checkpointHashes[first] : "no checkpoint"
                let found = first < actual.checkpointHashes.count ? actual.checkpointHashes[first] : "no checkpoint"
                results.append(
                    .fail(
                        .chainSummaryMismatch, subject + ".checkpoint_hashes[\(first)]",
                        "the chain's checkpoints differ from the manifest's (\(summary.checkpointHashes.count) listed there, \(actual.checkpointHashes.count) in the chain)",
                        expected: expected, actual: found))
            }
            return results.isEmpty
                ? [.pass(.chainSummary, subject, "frame count, final hash and \(summary.checkpointHashes.count) checkpoint hashes agree with rial/chain.json")]
                : results
        }
    }
}
