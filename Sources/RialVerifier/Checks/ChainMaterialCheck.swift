import RialFormat

/// Every frame file and depth keyframe the chain names is in the package with exactly the size
/// its declared layout gives, and no frame or depth file stands outside the chain.
///
/// The chain formula has no length prefixes, so sizes are what stops bytes moving between a
/// frame and its depth buffer without changing any hash.
struct ChainMaterialCheck: VerificationCheck {
    var needs: Set<Fact> { [.frameChain, .depthIndex] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard let chain = context.parsedChain else { return [] }
        let frameBytes = UInt64(clamping: chain.frameFormat.frameBytes)
        let depthBytes = context.parsedDepthIndex.map { UInt64(clamping: $0.format.keyframeBytes) }
        var results: [CheckResult] = []
        var frameFiles = 0, depthFiles = 0
        var referenced: Set<String> = []
        referenced.reserveCapacity(chain.frames.count * 2)
        for frame in chain.frames {
            if let path = frame.framePath {
                referenced.insert(path)
                if let file = context.inventory.files[path] {
                    frameFiles += 1
                    if file.size != frameBytes {
                        results.append(
                            .fail(
                                .chainFrameSizeMismatch, "frame \(frame.frameNumber): \(path)",
                                "the frame file's size is not bytes_per_row × height; bytes were added, removed or moved",
                                expected: String(frameBytes), actual: String(file.size)))
                    }
                } else {
                    results.append(
                        .fail(.chainFrameMissing, "frame \(frame.frameNumber): \(path)", "the chain names frame material that is not in the package"))
                }
            }
            if let path = frame.depthPath {
                referenced.insert(path)
                guard let file = context.inventory.files[path] else {
                    results.append(
                        .fail(.chainDepthMissing, "frame \(frame.frameNumber): \(path)", "the chain names a depth keyframe that is not in the package"))
                    continue
                }
                depthFiles += 1
                guard let depthBytes else {
                    results.append(
                        .fail(
                            .chainDepthUndeclared, "frame \(frame.frameNumber): \(path)",
                            "there is no readable rial/depth.json to declare the depth keyframes' size"))
                    continue
                }
                if file.size != depthBytes {
                    results.append(
                        .fail(
                            .chainDepthSizeMismatch, "frame \(frame.frameNumber): \(path)",
                            "the depth keyframe's size is not width × height × 4; bytes were added, removed or moved",
                            expected: String(depthBytes), actual: String(file.size)))
                }
            }
        }
        for path in context.payloadPaths where !referenced.contains(path) {
            if path.hasPrefix(PackageLayout.framesDirectory) {
                results.append(.fail(.chainFrameUnreferenced, path, "frame material that no frame of the chain names"))
            } else if path.hasPrefix(PackageLayout.depthDirectory) {
                results.append(.fail(.chainDepthUnreferenced, path, "a depth keyframe that no frame of the chain names"))
            }
        }
        if results.isEmpty {
            results.append(
                .pass(
                    .chainMaterial, PackageLayout.chain,
                    "\(frameFiles) frame files and \(depthFiles) depth keyframes named by the chain are present with their declared sizes; none outside it"))
        }
        return results
    }
}
