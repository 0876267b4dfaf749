import RialFormat
import RialCrypto

/// Recomputes frame-chain links from frame material as it streams past, so verification stays
/// one read of the archive.
///
/// Each link is recomputed from its frame's bytes, its depth keyframe's bytes, its timestamp and
/// the previous frame's *stated* hash: `Hn' = SHA256(Fn ‖ Dn? ‖ Tn ‖ Hn-1)`. Comparing `Hn'`
/// with the stated `Hn` for every `n` verifies the whole chain, and a change shows up at exactly
/// the frame it touches instead of at every frame after it. A frame's file must come before its
/// depth keyframe (the writer puts the keyframe right after it); any other order leaves that
/// link unrecomputed, with the reason.
final class ChainRecomputer {
    private let chain: FrameChain
    private var frameIndexByPath: [String: Int] = [:]
    private var depthIndexByPath: [String: Int] = [:]
    private var open: [Int: ChainLink] = [:]
    private var seenFrames: Set<Int> = []
    /// Frames whose depth keyframe came while their link was not open (frame file later, or never).
    private var depthArrivedEarly: Set<Int> = []

    /// Recomputed `Hn'` by frame index (0-based), lowercase hex.
    private(set) var recomputed: [Int: String] = [:]
    /// Why a frame's link could not be recomputed, by frame index.
    private(set) var unrecomputable: [Int: String] = [:]

    init(chain: FrameChain) {
        self.chain = chain
        for (index, frame) in chain.frames.enumerated() {
            if let path = frame.framePath, frameIndexByPath[path] == nil { frameIndexByPath[path] = index }
            if let path = frame.depthPath, depthIndexByPath[path] == nil { depthIndexByPath[path] = index }
        }
    }

    /// The link `path`'s bytes must also feed, if it is frame material or a depth keyframe of
    /// the chain and its link can still be computed.
    func link(for path: String) -> ChainLink? {
        if let index = frameIndexByPath[path] {
            guard unrecomputable[index] == nil, seenFrames.insert(index).inserted, let link = try? ChainLink() else { return nil }
            open[index] = link
            return link
        }
        if let index = depthIndexByPath[path], chain.frames[index].framePath != nil {
            guard let link = open[index] else {
                // Whether the frame file comes later or never is known only at the end.
                if unrecomputable[index] == nil { depthArrivedEarly.insert(index) }
                return nil
            }
            return link
        }
        return nil
    }

    /// Whether `path` is a frame's file, the first bytes of its link.
    func isFrameFile(_ path: String) -> Bool { frameIndexByPath[path] != nil }

    /// Called after `path` has been read completely: closes a link when its frame is complete.
    func finished(_ path: String) {
        if let index = frameIndexByPath[path], chain.frames[index].depthPath == nil {
            close(index)
        } else if let index = depthIndexByPath[path], open[index] != nil {
            close(index)
        }
    }

    /// Frame material or depth keyframes that went past before the chain was known: their
    /// links cannot be recomputed in this read.
    func alreadyPassed(_ paths: Set<String>) {
        for path in paths {
            if let index = frameIndexByPath[path] ?? depthIndexByPath[path] {
                seenFrames.insert(index)
                unrecomputable[index] = "its frame material came before rial/chain.json in the archive"
            }
        }
    }

    /// A file of the chain could not be read to the end: its frame's link is given up.
    func abandon(_ path: String, reason: String) {
        guard let index = frameIndexByPath[path] ?? depthIndexByPath[path] else { return }
        open[index] = nil
        seenFrames.insert(index)
        unrecomputable[index] = reason
    }

    /// Called at the end of the archive: links still waiting for their depth keyframe.
    func finish() {
        for index in open.keys { unrecomputable[index] = "its depth keyframe did not follow it" }
        open.removeAll()
        for index in depthArrivedEarly where recomputed[index] == nil {
            unrecomputable[index] = seenFrames.contains(index) ? "its depth keyframe is stored before its frame file" : "its frame file is not in the package"
        }
        for (index, frame) in chain.frames.enumerated() where frame.framePath != nil && recomputed[index] == nil && unrecomputable[index] == nil {
            unrecomputable[index] = "its frame file is not in the package"
        }
    }

    private func close(_ index: Int) {
        guard let link = open.removeValue(forKey: index) else { return }
        let previous = index == 0 ? nil : Hex.decode(chain.frames[index - 1].hash)
        do {
            try link.appendTimestamp(chain.frames[index].timestamp)
            recomputed[index] = Hex.encode(try link.close(previous: previous))
        } catch {
            unrecomputable[index] = "hashing failed: \(error)"
        }
    }
}
