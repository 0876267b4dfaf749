import RialFormat

/// When the seal existed, by an RFC 3161 authority, for the report's header.
public struct TimestampSummary: Sendable {
    public let state: SignatureState
    public let genTime: Timestamp?
    /// genTime as the token states it.
    public let genTimeText: String?
    public let serial: String?
    public let policy: String?
    public let tsaSubject: String?
    public let tsaSerial: String?
    public let tsaFingerprint: String?
}
