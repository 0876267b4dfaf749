import RialFormat

/// A payload file's path, size and digests, as the tag files list it.
struct PayloadRecord: Sendable, Hashable {
    let bagPath: BagPath
    let size: UInt64
    var sha256: String
    var sha512: String

    /// Digests of the right length and no value, to lay out the tag files before the payload
    /// has been read (every digest is fixed-width hex, so the real ones take the same bytes).
    static let placeholder256 = String(repeating: "0", count: 64)
    static let placeholder512 = String(repeating: "0", count: 128)
}
