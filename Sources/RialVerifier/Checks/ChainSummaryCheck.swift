import RialFormat

/// `rial/manifest.json` repeats the chain's frame count, final hash and checkpoint hashes, so
/// a truncated or swapped `rial/chain.json` is caught even where its digest would be rewritten.
struct ChainSummaryCheck: VerificationCheck {
    func run(_ context: VerificationContext) -> [CheckResult] {
        guard case .success(let manifest)? = context.manifest else { return [] }
        let subject = "rial/manifest.json: chain"
        switch (manifest.chain, context.chain) {
        case (nil, nil):
            return []
        case (.some, nil):
            return [.fail("chain.summary.chain-missing", subject, "the manifest describes a frame chain but the package has no rial/chain.json")]
        case (nil, .some):
            return [.fail("chain.summary.missing", subject, "the package has rial/chain.json but the manifest does not summarise it")]
        case (.some(let summary), .some):
            guard let chain = context.parsedChain else {
                return [.notChecked("chain.summary", subject, "rial/chain.json could not be read (reported above)")]
            }
            let actual = ChainSummary(chain)
            var results: [CheckResult] = []
            if summary.frameCount != Int64(chain.frames.count) {
                results.append(.fail("chain.summary.mismatch", subject + ".frame_count", "the chain's length differs from the manifest's",
                                     expected: String(summary.frameCount), actual: String(chain.frames.count)))
            }
            if summary.finalHash != actual.finalHash {
                results.append(.fail("chain.summary.mismatch", subject + ".final_hash", "the chain's final hash differs from the manifest's",
                                     expected: summary.finalHash, actual: actual.finalHash))
            }
            if summary.checkpointHashes != actual.checkpointHashes {
                results.append(.fail("chain.summary.mismatch", subject + ".checkpoint_hashes", "the chain's checkpoints differ from the manifest's",
                                     expected: "\(summary.checkpointHashes.count) checkpoints", actual: "\(actual.checkpointHashes.count) checkpoints"))
            }
            return results.isEmpty ? [.pass("chain.summary", subject, "frame count, final hash and \(summary.checkpointHashes.count) checkpoint hashes agree with rial/chain.json")] : results
        }
    }
}
