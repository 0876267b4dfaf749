import RialFormat

/// Every link whose frame material is in the package is recomputed from the bytes and compared
/// with the chain; the first broken frame is reported. Links without material are NOT CHECKED,
/// never PASS: a phone export omits frames, and then the chain's structure and its agreement
/// with the manifest are all that can be checked.
struct ChainLinksCheck: VerificationCheck {
    var needs: Set<Fact> { [.frameChain] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard let chain = context.parsedChain, !chain.frames.isEmpty else { return [] }
        let count = chain.frames.count
        let withMaterial = chain.frames.indices.filter { chain.frames[$0].framePath != nil }
        guard !withMaterial.isEmpty else {
            return [
                .notChecked(
                    .chainLinks, "frames 1–\(count)",
                    "the package carries no frame material (a phone export omits it), so none of the \(count) links can be recomputed; the chain's structure, checkpoints and final hash were checked against each other and the manifest"
                )
            ]
        }
        guard let links = context.inventory.chainLinks else {
            return [
                .notChecked(
                    .chainLinks, "frames 1–\(count)",
                    "the links were not recomputed: rial/chain.json could not be read")
            ]
        }
        var results: [CheckResult] = []
        var broken: [Int] = []
        var matched = 0
        for index in withMaterial {
            if let computed = links.recomputed[index] {
                if computed == chain.frames[index].hash { matched += 1 } else { broken.append(index) }
            }
        }
        if let first = broken.first {
            let frame = chain.frames[first]
            let more =
                broken.count == 2 ? " (1 more frame after it also breaks)" : broken.count > 2 ? " (\(broken.count - 1) more frames after it also break)" : ""
            results.append(
                .fail(
                    .chainLinkBroken, "frame \(frame.frameNumber)",
                    "the chain is broken from frame \(frame.frameNumber): its material, depth keyframe, timestamp or the previous hash differ from what was chained\(more)",
                    expected: frame.hash, actual: links.recomputed[first]))
        }
        let missing = withMaterial.filter { links.recomputed[$0] == nil }
        if let first = missing.first {
            let reason = links.unrecomputable[first] ?? "it could not be read"
            results.append(
                .notChecked(
                    .chainLinksIncomplete, "frame \(chain.frames[first].frameNumber)",
                    "\(missing.count) link\(missing.count == 1 ? "" : "s") could not be recomputed, first frame \(chain.frames[first].frameNumber): \(reason)"))
        }
        let absent = count - withMaterial.count
        if absent > 0 {
            results.append(
                .notChecked(
                    .chainLinksNoMaterial, "\(absent) frames",
                    "\(absent) of \(count) frames have no frame material in the package; their links cannot be recomputed"))
        }
        // PASS only when the whole chain was recomputed; a partial result is stated as such.
        if broken.isEmpty && missing.isEmpty && absent == 0 {
            results.insert(
                .pass(
                    .chainLinks, "frames 1–\(count)",
                    "all \(count) links recomputed from the frame material and depth keyframes: every one matches"), at: 0)
        } else if broken.isEmpty {
            results.insert(
                .notChecked(
                    .chainLinks, "frames 1–\(count)",
                    "\(matched) of \(count) links recomputed and matching; the rest could not be recomputed (see below), so the chain as a whole is not verified"
                ), at: 0)
        }
        return results
    }
}
