import Dispatch

/// Hashes a stream with several digests, each on its own thread, while the calling thread
/// fetches the next chunk and does something else with each one (the packer writes it to the
/// archive).
///
/// ``DigestSet/update(_:also:alongside:)`` waits for every digest at the end of each chunk, so
/// the faster digests and the reader idle while the slowest digest finishes. Here the chunks
/// go round a small ring of buffers instead: a digest may lag the reader by up to
/// `depth - 1` chunks, every thread stays busy, and the stream costs about what its slowest
/// digest costs, or the total work divided by the cores, whichever is more. Each digest still
/// sees the chunks in order, on one thread at a time.
///
/// Memory is `depth × chunkSize` whatever the stream's length, allocated once: reuse one
/// pipeline for many files (one at a time), as fresh buffers cost a zeroed page per 4 KiB
/// on first touch.
package final class DigestPipeline {
    /// Buffers in the ring: 8 MiB with the default chunk, enough that a digest running behind
    /// the reader for a moment does not stall it.
    package static let defaultDepth = 8

    /// Bytes per buffer: the most `fill` is asked for at once.
    package let chunkSize: Int
    /// Buffers in the ring; a digest may lag the reader by up to `depth - 1` of them.
    package let depth: Int
    private let ring: Ring
    /// Set while ``run(_:fill:alongside:)`` runs: a second stream at once would refill buffers
    /// that digests are still reading.
    private var isRunning = false
    private let runningLock = DispatchSemaphore(value: 1)

    /// - Parameters:
    ///   - chunkSize: bytes per buffer, at least 4096.
    ///   - depth: buffers in the ring, at least 2.
    package init(chunkSize: Int = 1 << 20, depth: Int = defaultDepth) {
        self.chunkSize = max(chunkSize, 4096)
        self.depth = max(depth, 2)
        let (total, overflow) = self.depth.multipliedReportingOverflow(by: self.chunkSize)
        precondition(!overflow && total <= 1 << 30, "a digest pipeline of \(self.depth) × \(self.chunkSize) bytes")
        ring = Ring(depth: self.depth, chunkSize: self.chunkSize)
    }

    deinit { ring.release() }

    /// Streams until `fill` returns 0. One stream at a time per pipeline: a second call while
    /// one runs (from another thread) stops the program rather than mix two streams' buffers.
    ///
    /// - Parameters:
    ///   - digests: fed every byte, in order, each on its own serial queue. Nothing else may use
    ///     them until this returns.
    ///   - fill: writes the next bytes of the stream into the buffer it is given and returns how
    ///     many (0 at the end). Runs on the calling thread.
    ///   - alongside: each chunk, on the calling thread, while the digests hash it.
    /// - Throws: the first error of `fill`, `alongside` or a digest; every digest has stopped
    ///   touching the buffers by then. The digests' state after an error is unspecified.
    package func run(
        _ digests: [StreamingDigest],
        fill: (UnsafeMutableRawBufferPointer) throws -> Int,
        alongside: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        runningLock.wait()
        precondition(!isRunning, "DigestPipeline.run called while it runs: one stream at a time")
        isRunning = true
        runningLock.signal()
        defer {
            runningLock.wait()
            isRunning = false
            runningLock.signal()
        }
        let ring = ring
        let failures = FirstError()
        let lanes = digests.map { Lane(digest: $0) }
        var slot = 0
        // Waiting for every slot before leaving (also on throw) keeps the buffers alive for as
        // long as a digest may read them.
        defer { ring.waitForAll() }
        while true {
            ring.waitUntilFree(slot)
            if let error = failures.first { throw error }
            let buffer = ring.buffer(slot)
            let count = try fill(buffer)
            precondition((0...buffer.count).contains(count), "fill reported \(count) bytes for a \(buffer.count)-byte buffer")
            guard count > 0 else { break }
            nonisolated(unsafe) let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            for lane in lanes {
                ring.enter(slot)
                nonisolated(unsafe) let digest = lane.digest
                lane.queue.async { [ring, slot] in
                    if failures.first == nil {
                        do { try digest.update(chunk) } catch { failures.record(error) }
                    }
                    ring.leave(slot)
                }
            }
            try alongside(chunk)
            slot = (slot + 1) % depth
        }
        ring.waitForAll()
        if let error = failures.first { throw error }
    }

    /// One digest and the serial queue that feeds it.
    private struct Lane {
        let digest: StreamingDigest
        let queue = DispatchQueue(label: "rial.digest-pipeline")
    }

    /// The buffers and, per buffer, the digests still reading it.
    private final class Ring: @unchecked Sendable {
        // @unchecked: the buffers are written only by the calling thread, and only while their
        // group is empty; the groups are thread-safe.
        private let storage: UnsafeMutableRawBufferPointer
        private let chunkSize: Int
        private let groups: [DispatchGroup]

        init(depth: Int, chunkSize: Int) {
            self.chunkSize = chunkSize
            storage = .allocate(byteCount: depth * chunkSize, alignment: 64)
            groups = (0..<depth).map { _ in DispatchGroup() }
        }

        func buffer(_ slot: Int) -> UnsafeMutableRawBufferPointer {
            UnsafeMutableRawBufferPointer(rebasing: storage[slot * chunkSize..<(slot + 1) * chunkSize])
        }

        func enter(_ slot: Int) { groups[slot].enter() }
        func leave(_ slot: Int) { groups[slot].leave() }
        func waitUntilFree(_ slot: Int) { groups[slot].wait() }
        func waitForAll() { for group in groups { group.wait() } }
        func release() { storage.deallocate() }
    }
}
