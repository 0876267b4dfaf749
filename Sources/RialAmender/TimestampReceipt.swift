import RialFormat
import RialVerifier

/// What ``PackageAmender/attachTimestamp(_:at:progress:)`` did.
public struct TimestampReceipt: Sendable {
    /// The verification the attachment rests on; it passed.
    public let report: VerificationReport
    /// The time the TSA states in the token.
    public let genTime: Timestamp
    /// The token's serial number, hex.
    public let serialHex: String
    /// The files added, in order, relative to the bag.
    public let addedPaths: [String]
}
