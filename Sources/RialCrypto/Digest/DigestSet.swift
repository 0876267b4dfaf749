import Dispatch

/// Several digests of the same byte stream, fed together so the stream is read once.
///
/// Large chunks are hashed by all digests concurrently (one thread each): SHA-256 and SHA-512
/// of the same 1 MiB chunk then cost about as much as the slower of the two, which is the
/// floor for a verifier that must compute both. Small chunks are hashed in turn, where
/// handing work to another thread would cost more than it saves.
package final class DigestSet {
    /// Chunks at least this large are hashed concurrently.
    package static let concurrencyThreshold = 256 << 10

    package let algorithms: [DigestAlgorithm]
    private let digests: [StreamingDigest]
    /// Bytes fed so far.
    package private(set) var byteCount: UInt64 = 0

    /// - Throws: ``CryptoError`` when a context cannot be created.
    package init(_ algorithms: [DigestAlgorithm]) throws {
        self.algorithms = algorithms
        var digests: [StreamingDigest] = []
        for algorithm in algorithms { digests.append(try StreamingDigest(algorithm)) }
        self.digests = digests
    }

    /// Starts every digest again on a new stream (see ``StreamingDigest/restart()``).
    package func restart() throws {
        for digest in digests { try digest.restart() }
        byteCount = 0
    }

    package func update(_ bytes: UnsafeRawBufferPointer) throws {
        try update(bytes, also: nil)
    }

    /// Feeds bytes to every digest and to `extra` (e.g. a frame-chain link over the same
    /// bytes), all concurrently for large chunks.
    package func update(_ bytes: UnsafeRawBufferPointer, also extra: StreamingDigest?) throws {
        byteCount &+= UInt64(bytes.count)
        let all = extra.map { digests + [$0] } ?? digests
        guard all.count > 1, bytes.count >= Self.concurrencyThreshold else {
            for digest in all { try digest.update(bytes) }
            return
        }
        try Self.hashConcurrently(bytes, all)
    }

    /// Feeds bytes to every digest and to `extra` while `alongside` does something else with
    /// the same bytes on the calling thread, e.g. writes them to the package: for large
    /// chunks the digests run on other threads meanwhile, so writing costs no time of its own
    /// as long as it is quicker than the slowest digest. Returns when the digests and
    /// `alongside` are all done with `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: the chunk; read by other threads until this returns.
    ///   - extra: one more digest fed the same bytes, or `nil`.
    ///   - alongside: what this thread does with the chunk meanwhile.
    /// - Throws: the first error of a digest, or what `alongside` throws.
    package func update(
        _ bytes: UnsafeRawBufferPointer, also extra: StreamingDigest?,
        alongside: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        guard bytes.count >= Self.concurrencyThreshold else {
            try update(bytes, also: extra)
            try alongside(bytes)
            return
        }
        byteCount &+= UInt64(bytes.count)
        // The digests hash on the shared pool while this thread runs `alongside`; the group is
        // waited for even when `alongside` throws, so no digest outlives the call (or `bytes`).
        nonisolated(unsafe) let shared = bytes
        let failures = FirstError()
        let group = DispatchGroup()
        for digest in extra.map({ digests + [$0] }) ?? digests {
            nonisolated(unsafe) let context = digest
            DispatchQueue.global().async(group: group) {
                do { try context.update(shared) } catch { failures.record(error) }
            }
        }
        let result = Result { try alongside(bytes) }
        group.wait()
        if let error = failures.first { throw error }
        try result.get()
    }

    /// Feeds every digest and `extra` with what `fill` reads, through a ``DigestPipeline``:
    /// each digest on its own thread, `fill` and `alongside` on this one, a few chunks in
    /// flight. For long streams whose chunks are also written somewhere (the packer).
    ///
    /// - Parameters:
    ///   - fill: reads the next bytes into the buffer it is given, returns how many (0 at the end).
    ///   - extra: one more digest fed the same bytes (a frame-chain link), or `nil`.
    ///   - pipeline: the buffers to stream through; reuse one for many files.
    ///   - alongside: each chunk, on this thread, while the digests hash it.
    package func update(
        reading fill: (UnsafeMutableRawBufferPointer) throws -> Int, also extra: StreamingDigest?,
        pipeline: DigestPipeline,
        alongside: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try pipeline.run(
            extra.map { digests + [$0] } ?? digests,
            fill: { buffer in
                let count = try fill(buffer)
                byteCount &+= UInt64(count)
                return count
            }, alongside: alongside)
    }

    /// Each digest over `bytes` on its own thread; returns when all are done.
    private static func hashConcurrently(_ bytes: UnsafeRawBufferPointer, _ all: [StreamingDigest]) throws {
        // Each context is touched by exactly one thread, and the buffer is only read, and
        // concurrentPerform returns after every iteration is done, so the buffer outlives them.
        nonisolated(unsafe) let shared = bytes
        nonisolated(unsafe) let contexts = all
        let failures = FirstError()
        DispatchQueue.concurrentPerform(iterations: contexts.count) { index in
            do { try contexts[index].update(shared) } catch { failures.record(error) }
        }
        if let error = failures.first { throw error }
    }

    package func update(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try update($0) }
    }

    /// Completes every digest.
    /// - Returns: lowercase hex per algorithm.
    package func finishHex() throws -> [DigestAlgorithm: String] {
        var out: [DigestAlgorithm: String] = [:]
        for digest in digests { out[digest.algorithm] = hex(try digest.finish()) }
        return out
    }
}

/// Lowercase hex; RialCrypto does not depend on RialFormat, so it keeps its own few lines.
func hex(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBufferPointer { bytes in
        String(unsafeUninitializedCapacity: bytes.count * 2) { out in
            for (index, byte) in bytes.enumerated() {
                out[2 * index] = hexDigit(byte >> 4)
                out[2 * index + 1] = hexDigit(byte & 0x0F)
            }
            return bytes.count * 2
        }
    }
}

private func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
}
