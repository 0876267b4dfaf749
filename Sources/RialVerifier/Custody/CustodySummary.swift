/// The custody log as a whole, for the report's header and the timeline.
public struct CustodySummary: Sendable {
    /// Whether the log holds together.
    public enum State: String, Sendable {
        /// The package has no custody log.
        case missing
        /// Every event parsed, linked and agreed with the package; no custody check failed.
        case intact
        /// Every event parsed, linked and agreed with the package, but a signature is by a signer
        /// the anchors given do not reach: untrusted, not broken.
        case untrusted
        /// At least one custody check failed for another reason.
        case broken
    }

    /// Missing, intact, untrusted or broken.
    public let state: State
    /// Every event file found, in seq order.
    public let entries: [CustodyEntry]
    /// The last event in seq order: the one a receiver records at hand-over.
    public var head: CustodyEntry? { entries.last }
    /// How many events were imported from the capture app's log.
    public var importedCount: Int { entries.filter { $0.event?.imported != nil }.count }
    /// How many events carry a signature file.
    public var signedCount: Int { entries.filter { $0.signaturePath != nil }.count }
    /// The first failing finding's event, where a reader should look first.
    public let firstBrokenSeq: Int64?
}
