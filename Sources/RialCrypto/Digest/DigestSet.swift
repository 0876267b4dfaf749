/// Several digests of the same byte stream, fed together so the stream is read once.
public final class DigestSet {
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
        for digest in digests { try digest.update(bytes) }
        byteCount &+= UInt64(bytes.count)
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
