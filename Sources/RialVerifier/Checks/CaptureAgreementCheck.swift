import RialFormat

/// The capture's own records agree with `rial/chain.json`: the capture descriptor
/// (`data/capture.json`: frame rate, layouts, every timestamp, which frames have depth) and the
/// capture app's `HashChainData` (`data/capture/hash_chain.json`: every frame hash, the
/// checkpoints and the final hash), frame by frame.
struct CaptureAgreementCheck: VerificationCheck {
    var needs: Set<Fact> { [.frameChain] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard let chain = context.parsedChain else { return [] }
        return descriptor(chain, context) + appChain(chain, context)
    }

    private func descriptor(_ chain: FrameChain, _ context: VerificationContext) -> [CheckResult] {
        let subject = PackageLayout.captureDescriptor
        guard let parsed = context.parseJSON(subject) else {
            return [.notPresent(.chainDescriptor, subject, "the package has no capture descriptor to hold the chain against")]
        }
        let descriptor: CaptureDescriptor
        do {
            descriptor = try CaptureDescriptor(json: parsed.get())
        } catch {
            return [.fail(.chainDescriptorMalformed, subject, error.reason)]
        }
        if descriptor.frames.count != chain.frames.count {
            return [
                .fail(
                    .chainDescriptorMismatch, subject, "the capture descriptor and the chain have different numbers of frames",
                    expected: String(descriptor.frames.count), actual: String(chain.frames.count))
            ]
        }
        if descriptor.fps != chain.fps || descriptor.checkpointInterval != chain.checkpointInterval || descriptor.frameFormat != chain.frameFormat {
            return [
                .fail(.chainDescriptorMismatch, subject, "frame rate, checkpoint interval or frame layout differ between the capture descriptor and the chain")
            ]
        }
        for (recorded, chained) in zip(descriptor.frames, chain.frames) {
            if recorded.timestamp != chained.timestamp || recorded.hasDepth != (chained.depthPath != nil) {
                return [
                    .fail(
                        .chainDescriptorMismatch, "frame \(chained.frameNumber)",
                        "the chain's timestamp or depth keyframe differs from the capture descriptor's",
                        expected: String(recorded.timestamp), actual: String(chained.timestamp))
                ]
            }
        }
        return [.pass(.chainDescriptor, subject, "the capture descriptor's \(descriptor.frames.count) timestamps, depth keyframes and layouts match the chain")]
    }

    private func appChain(_ chain: FrameChain, _ context: VerificationContext) -> [CheckResult] {
        let subject = context.appPath(.hashChain)
        guard let parsed = context.parseJSON(subject) else {
            return [.notPresent(.chainApp, subject, "the capture app's own hash chain is not in the package")]
        }
        let app: AppHashChain
        do {
            app = try AppHashChain(json: parsed.get())
        } catch {
            return [.fail(.chainAppMalformed, subject, error.reason)]
        }
        for (index, frame) in chain.frames.enumerated() where index >= app.frameHashes.count || app.frameHashes[index] != frame.hash {
            return [
                .fail(
                    .chainAppMismatch, "frame \(frame.frameNumber)", "the capture app's hash for this frame differs from rial/chain.json",
                    expected: index < app.frameHashes.count ? app.frameHashes[index] : "no hash", actual: frame.hash)
            ]
        }
        if app.frameHashes.count != chain.frames.count {
            return [
                .fail(
                    .chainAppMismatch, subject, "the capture app chained a different number of frames",
                    expected: String(app.frameHashes.count), actual: String(chain.frames.count))
            ]
        }
        if app.finalHash != chain.finalHash {
            return [
                .fail(
                    .chainAppMismatch, subject + ": finalHash", "the capture app's final hash differs from rial/chain.json", expected: app.finalHash,
                    actual: chain.finalHash)
            ]
        }
        // The app stops checkpointing after a few (3 in its current version); each one it has
        // must be the chain's checkpoint at that frame.
        let chained = Dictionary(chain.checkpoints.map { ($0.frameNumber, $0) }, uniquingKeysWith: { first, _ in first })
        for point in app.checkpoints where chained[point.frameNumber]?.hash != point.hash || chained[point.frameNumber]?.index != point.index {
            return [
                .fail(
                    .chainAppMismatch, "checkpoint at frame \(point.frameNumber)", "the capture app's checkpoint differs from rial/chain.json's",
                    expected: point.hash, actual: chained[point.frameNumber]?.hash ?? "no checkpoint")
            ]
        }
        return [.pass(.chainApp, subject, "the capture app's own hash chain agrees with rial/chain.json frame by frame")]
    }
}
