import Dispatch
import RialFormat
import RialCrypto
import RialArchive

/// Computes a frame hash chain from frame material on disk or in memory.
///
/// Each link's prefix `Fn ‖ Dn? ‖ Tn` is independent of the others, so prefixes are hashed on
/// all cores at once and only the closing step (append `Hn-1`, finalise: one or two SHA-256
/// blocks) runs in order. The result is identical to the sequential computation.
package struct FrameChainComputer: Sendable {
    /// Supplies frame `index`'s bytes (frame material, then its depth buffer) to a link.
    package typealias Feed = @Sendable (_ index: Int, _ link: ChainLink) throws -> Void

    package let timestamps: [Double]
    package let isParallel: Bool

    package init(timestamps: [Double], parallel: Bool = true) {
        self.timestamps = timestamps
        self.isParallel = parallel
    }

    /// - Returns: `H1 … Hn`, raw 32-byte hashes.
    package func compute(feed: @escaping Feed) throws -> [[UInt8]] {
        let count = timestamps.count
        let links = UnsafeMutableBufferPointer<ChainLink?>.allocate(capacity: count)
        links.initialize(repeating: nil)
        defer {
            links.deinitialize()
            links.deallocate()
        }
        let prefix = { @Sendable (index: Int, slots: UnsafeMutableBufferPointer<ChainLink?>, times: [Double]) throws in
            let link = try ChainLink()
            try feed(index, link)
            try link.appendTimestamp(times[index])
            slots[index] = link
        }
        if isParallel {
            // Each iteration writes only its own slot; concurrentPerform returns when all are done.
            nonisolated(unsafe) let slots = links
            let times = timestamps
            let failures = FirstError()
            DispatchQueue.concurrentPerform(iterations: count) { index in
                do { try prefix(index, slots, times) } catch { failures.record(error) }
            }
            if let error = failures.first { throw error }
        } else {
            for index in 0..<count { try prefix(index, links, timestamps) }
        }
        var hashes: [[UInt8]] = []
        hashes.reserveCapacity(count)
        for index in 0..<count {
            guard let link = links[index] else { throw PackagerError(.internalInconsistency, "chain link \(index + 1) was not computed") }
            hashes.append(try link.close(previous: hashes.last))
        }
        return hashes
    }

    /// The chain of frames read from files: frame `i` from `framePaths[i]` and its depth
    /// keyframe, if any, from `depthPaths[i]`, in 1 MiB chunks.
    ///
    /// The sequential chain reads each file's next chunk while the link hashes this one (a
    /// ``DigestPipeline`` with one lane): copying a frame out of the page cache costs about a
    /// seventh of hashing it, which the hashing thread then no longer waits for (4 % faster over
    /// 450 full-HD frames). The parallel chain keeps every core hashing already and reads in line.
    /// - Returns: `H1 … Hn`, raw 32-byte hashes.
    package func compute(framePaths: [String], depthPaths: [String?]) throws -> [[UInt8]] {
        guard !isParallel else { return try compute(feed: Self.fileFeed(framePaths: framePaths, depthPaths: depthPaths)) }
        // compute(feed:) calls a sequential feed from this thread only, one frame after another.
        nonisolated(unsafe) let pipeline = DigestPipeline(depth: 4)
        return try compute { index, link in
            for path in [framePaths[index]] + (depthPaths[index].map { [$0] } ?? []) {
                try FileChunkReader(path: path).readAndClose { fill in
                    try pipeline.run([link.sink], fill: fill) { _ in }
                }
            }
        }
    }

    /// A feed that reads frame `i` from `framePaths[i]` and its depth keyframe, if any, from
    /// `depthPaths[i]`, in 1 MiB chunks. Safe to call from several threads at once.
    package static func fileFeed(framePaths: [String], depthPaths: [String?]) -> Feed {
        { index, link in
            try FileChunkReader(path: framePaths[index]).streamAndClose { try link.update($0) }
            if let depth = depthPaths[index] {
                try FileChunkReader(path: depth).streamAndClose { try link.update($0) }
            }
        }
    }
}
