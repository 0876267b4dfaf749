import RialFormat
import RialVerifier

/// What ``PackageAmender/seal(with:at:progress:)`` did.
public struct SealReceipt: Sendable {
    /// The verification the seal rests on; it passed.
    public let report: VerificationReport
    /// The SHA-256 of the sealed `rial/manifest.json`, lowercase hex.
    public let manifestSHA256: String
    /// The signer's certificate subject, RFC 2253.
    public let signer: String
    /// The SEALED custody event recorded with the seal.
    public let event: CustodyEvent
    /// The files added, in order, relative to the bag.
    public let addedPaths: [String]
}
