/// One link of the frame hash chain, `Hn = SHA256(Fn ‖ Dn? ‖ Tn ‖ Hn-1)`, built in two steps:
/// the prefix `Fn ‖ Dn? ‖ Tn` does not depend on the previous link, so it can be hashed as
/// soon as the frame's bytes are there (in a stream, or in parallel with other frames); the
/// link is closed once `Hn-1` is known.
package final class ChainLink: @unchecked Sendable {
    // @unchecked: a link is fed by one thread at a time; parallel code hands whole links to
    // workers and takes them back, never sharing one between threads at once.
    private let digest: StreamingDigest
    private var hasTimestamp = false

    package init() throws {
        digest = try StreamingDigest(.sha256)
    }

    /// Feeds frame or depth bytes, in order: all of the frame's, then all of its depth buffer's.
    package func update(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!hasTimestamp, "ChainLink fed after its timestamp")
        try digest.update(bytes)
    }

    /// Underlying digest, so a ``DigestSet`` can feed it alongside the file digests.
    package var sink: StreamingDigest { digest }

    /// Appends `Tn`: the timestamp as IEEE-754 binary64, little-endian, 8 bytes.
    package func appendTimestamp(_ timestamp: Double) throws {
        precondition(!hasTimestamp, "ChainLink timestamp appended twice")
        hasTimestamp = true
        try digest.update(Self.timestampBytes(timestamp))
    }

    /// Appends `Hn-1` (nothing for the first frame) and returns `Hn`.
    package func close(previous: [UInt8]?) throws -> [UInt8] {
        precondition(hasTimestamp, "ChainLink closed before its timestamp")
        if let previous { try digest.update(previous) }
        return try digest.finish()
    }

    /// The 8 bytes `Tn` contributes.
    package static func timestampBytes(_ timestamp: Double) -> [UInt8] {
        let bits = timestamp.bitPattern.littleEndian
        return (0..<8).map { UInt8(truncatingIfNeeded: bits >> (8 * UInt64($0))) }
    }
}
