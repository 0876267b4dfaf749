import RialFormat

/// `rial/depth.json` parses, is canonical, and lists exactly the depth keyframes the chain
/// names, with the same frame numbers and timestamps.
struct DepthIndexCheck: VerificationCheck {
    var needs: Set<Fact> { [.depthIndex, .frameChain] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        let subject = PackageLayout.depthIndex
        guard let parsed = context.depthIndex else {
            if context.has(subject) { return [.fail(.depthIndexUnreadable, subject, "rial/depth.json is too large to read")] }
            guard context.judgesRialParts else { return [] }
            if let chain = context.parsedChain, chain.frames.contains(where: { $0.depthPath != nil }) {
                return [.fail(.depthIndexMissing, subject, "the chain names depth keyframes but the package has no rial/depth.json")]
            }
            return [.notPresent(.depthIndex, subject, "the package carries no depth keyframe index")]
        }
        let index: DepthIndex
        switch parsed {
        case .failure(let error): return [.fail(.depthIndexMalformed, subject, error.reason)]
        case .success(let value): index = value
        }
        var results: [CheckResult] = []
        if let bytes = context.bytes(subject), !index.bytes().hasSameBytes(as: bytes) {
            results.append(.fail(.depthIndexNotCanonical, subject, "rial/depth.json is valid but not in canonical form; it was rewritten"))
        }
        if let chain = context.parsedChain {
            let fromChain = chain.frames.compactMap { frame in frame.depthPath.map { (frame.frameNumber, frame.timestamp, $0) } }
            let listed = index.keyframes.map { ($0.frameNumber, $0.timestamp, $0.path) }
            if fromChain.count != listed.count || zip(fromChain, listed).contains(where: { $0.0 != $1.0 || $0.2 != $1.2 }) {
                results.append(
                    .fail(
                        .depthIndexMismatch, subject, "rial/depth.json does not list the same depth keyframes as rial/chain.json",
                        expected: "\(fromChain.count) keyframes", actual: "\(listed.count) keyframes"))
            } else if let bad = zip(fromChain, listed).first(where: { $0.1 != $1.1 }) {
                results.append(
                    .fail(
                        .depthIndexTimestampMismatch, "frame \(bad.0.0)", "the depth keyframe's timestamp is not its frame's",
                        expected: String(bad.0.1), actual: String(bad.1.1)))
            }
        }
        if results.isEmpty {
            results.append(
                .pass(
                    .depthIndex, subject,
                    "\(index.keyframes.count) depth keyframes of \(index.format.width)×\(index.format.height) Float32 little-endian (\(index.format.keyframeBytes) bytes each), as the chain names them"
                ))
        }
        return results
    }
}
