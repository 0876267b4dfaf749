import Dispatch

/// Several digests of the same byte stream, fed together so the stream is read once.
///
/// Large chunks are hashed by all digests concurrently (one thread each): SHA-256 and SHA-512
/// of the same 1 MiB chunk then cost about as much as the slower of the two, which is the
/// floor for a verifier that must compute both. Small chunks are hashed in turn, where
/// handing work to another thread would cost more than it saves.
public final class DigestSet {
    /// Chunks at least this large are hashed concurrently.
    public static let concurrencyThreshold = 256 << 10

    public let algorithms: [DigestAlgorithm]
    private let digests: [StreamingDigest]
    /// Bytes fed so far.
    public private(set) var byteCount: UInt64 = 0

    /// - Throws: ``CryptoError`` when a context cannot be created.
    public init(_ algorithms: [DigestAlgorithm]) throws {
        self.algorithms = algorithms
        var digests: [StreamingDigest] = []
        for algorithm in algorithms { digests.append(try StreamingDigest(algorithm)) }
        self.digests = digests
    }

    public func update(_ bytes: UnsafeRawBufferPointer) throws {
        try update(bytes, also: nil)
    }

    /// Feeds bytes to every digest and to `extra` (e.g. a frame-chain link over the same
    /// bytes), all concurrently for large chunks.
    public func update(_ bytes: UnsafeRawBufferPointer, also extra: StreamingDigest?) throws {
        byteCount &+= UInt64(bytes.count)
        let all = extra.map { digests + [$0] } ?? digests
        guard all.count > 1, bytes.count >= Self.concurrencyThreshold else {
            for digest in all { try digest.update(bytes) }
            return
        }
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

    public func update(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try update($0) }
    }

    /// Completes every digest.
    /// - Returns: lowercase hex per algorithm.
    public func finishHex() throws -> [DigestAlgorithm: String] {
        var out: [DigestAlgorithm: String] = [:]
        for digest in digests { out[digest.algorithm] = hex(try digest.finish()) }
        return out
    }
}

/// Lowercase hex; RialCrypto does not depend on RialFormat, so it keeps its own three lines.
func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
}
