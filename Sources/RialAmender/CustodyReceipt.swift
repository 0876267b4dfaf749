import RialFormat
import RialVerifier

/// What ``PackageAmender/appendCustodyEvent(_:signedBy:at:force:progress:)`` did.
public struct CustodyReceipt: Sendable {
    /// The verification the event rests on; `fail` only when forced.
    public let report: VerificationReport
    /// The appended event.
    public let event: CustodyEvent
    /// The SHA-256 of the event file, lowercase hex: the log's new head, to record at a
    /// hand-over and give to `VerificationPolicy.custodyHead` later.
    public let headSHA256: String
    /// The signer's certificate subject; `nil` for an unsigned event.
    public let signer: String?
    /// The files added, in order, relative to the bag.
    public let addedPaths: [String]

    /// Whether the event was appended to a failing package, and records so.
    public var isForced: Bool { event.forced != nil }
}
