import RialFormat
import RialCrypto

/// Computes the frame chain while the payload streams past in ``ChainPlan/order(_:)``'s order:
/// a frame file opens its link, its depth keyframe (which follows directly) continues it, and
/// the link is closed with `Tn` and `Hn-1` as soon as the frame is complete.
struct ChainLinker {
    private var plan: ChainPlan?
    private var open: (index: Int, link: ChainLink)?
    private var hashes: [[UInt8]] = []

    init(plan: ChainPlan?) {
        self.plan = plan?.hasMaterial == true ? plan : nil
    }

    /// The link `path`'s bytes must also feed, if `path` is frame material or its depth keyframe.
    mutating func link(for path: String) throws -> ChainLink? {
        guard let plan else { return nil }
        if let index = plan.frameIndexByPath[path] {
            guard open == nil, index == hashes.count else {
                throw PackagerError(.internalInconsistency, "frame \(index + 1) reached out of order")
            }
            let link = try ChainLink()
            open = (index, link)
            return link
        }
        if let index = plan.depthIndexByPath[path] {
            guard let open, open.index == index else {
                throw PackagerError(.internalInconsistency, "depth keyframe of frame \(index + 1) is not right after its frame")
            }
            return open.link
        }
        return nil
    }

    /// Called after `path` has been streamed: closes the frame's link when it is complete.
    mutating func finished(_ path: String) throws {
        guard let plan, let current = open else { return }
        let frame = plan.chain.frames[current.index]
        let isFrameFile = plan.frameIndexByPath[path] == current.index
        let isDepthFile = plan.depthIndexByPath[path] == current.index
        guard (isFrameFile && frame.depthPath == nil) || isDepthFile else { return }
        try current.link.appendTimestamp(frame.timestamp)
        hashes.append(try current.link.close(previous: hashes.last))
        open = nil
    }

    /// The plan's chain with every computed hash filled in.
    func completedChain() throws -> FrameChain {
        guard var chain = plan?.chain, hashes.count == chain.frames.count, open == nil else {
            throw PackagerError(.internalInconsistency, "the frame chain was not completed while packing")
        }
        for index in chain.frames.indices { chain.frames[index].hash = Hex.encode(hashes[index]) }
        chain.refreshDerivedFields()
        return chain
    }
}
