import RialFormat

/// When the seal existed, by an RFC 3161 authority, for the report's header.
public struct TimestampSummary: Sendable {
    /// Whether the token is missing, invalid, valid but its TSA untrusted, or valid and trusted.
    public let state: SignatureState
    /// The time the TSA states, to the second.
    public let genTime: Timestamp?
    /// genTime as the token states it.
    public let genTimeText: String?
    /// The token's serial number, hex.
    public let serial: String?
    /// The TSA policy OID the token names.
    public let policy: String?
    /// The TSA certificate's subject.
    public let tsaSubject: String?
    /// The TSA certificate's serial number, hex.
    public let tsaSerial: String?
    /// The SHA-256 of the TSA certificate.
    public let tsaFingerprint: String?
}
