import RialFormat
import RialCrypto

/// The SHA-256 of a package file as a whole, fed by the archive reader with every byte it
/// accepts, in order. A reader callback cannot throw, so a digest failure is kept and thrown
/// at ``finish()``: a receipt never names a digest OpenSSL did not finish.
final class ArchiveDigest {
    private let digest: StreamingDigest
    private var size: UInt64 = 0
    private var failure: (any Error)?

    init() throws {
        digest = try StreamingDigest(.sha256)
    }

    func update(_ chunk: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
        do {
            try digest.update(chunk)
            size += UInt64(chunk.count)
        } catch {
            failure = error
        }
    }

    /// The digest and size of every byte seen.
    /// - Throws: the first digest failure.
    func finish() throws -> PackageFileDigest {
        if let failure { throw failure }
        return PackageFileDigest(sha256: Hex.encode(try digest.finish()), size: size)
    }
}
