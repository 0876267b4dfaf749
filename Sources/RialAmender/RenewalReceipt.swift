import RialFormat
import RialCrypto
import RialVerifier

/// What ``PackageAmender/makeRenewalRequest(algorithm:progress:)`` made: the request for the
/// next archive timestamp and where it goes.
public struct RenewalRequestReceipt: Sendable {
    /// The verification the request rests on; it passed.
    public let report: VerificationReport
    /// The RFC 3161 request, its imprint the next archive timestamp's (RFC 4998 §5.2, §5.3).
    public let request: TimeStampRequest
    /// The hash the request's imprint uses.
    public let algorithm: DigestAlgorithm
    /// The renewal the answer will make (1 for the first).
    public let renewal: Int
    /// Whether it starts a new archive timestamp chain (hash-tree renewal, a new algorithm).
    public let startsChain: Bool
}

/// What ``PackageAmender/attachRenewal(_:at:progress:)`` did.
public struct RenewalReceipt: Sendable {
    /// The verification the renewal rests on; it passed.
    public let report: VerificationReport
    /// The archive timestamp's genTime.
    public let genTime: Timestamp
    /// The token's serial number, hex.
    public let serialHex: String
    /// The renewal made (1 for the first).
    public let renewal: Int
    /// Whether it started a new chain (a new hash algorithm, RFC 4998 §5.3).
    public let startsChain: Bool
    /// The files added, in order, relative to the bag.
    public let addedPaths: [String]
}
