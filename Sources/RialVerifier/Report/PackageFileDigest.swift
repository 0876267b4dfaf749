/// The package file as the verifier read it: the SHA-256 of all its bytes and their number
/// (report version 1.9, `subject.sha256` and `subject.size`), so a signed receipt names exactly
/// which bytes were examined, and `sha256sum` on the file tells whether a copy is the same.
public struct PackageFileDigest: Sendable, Equatable {
    /// Lowercase hex.
    public let sha256: String
    /// Every byte of the file, counted.
    public let size: UInt64

    /// - Parameters:
    ///   - sha256: lowercase hex.
    ///   - size: in bytes.
    public init(sha256: String, size: UInt64) {
        self.sha256 = sha256
        self.size = size
    }
}
