import RialFormat

/// Who sealed the package, for the report's header.
public struct SealSummary: Sendable {
    /// Whether the seal is missing, invalid, valid but untrusted, or valid and trusted.
    public let state: SignatureState
    /// The signer certificate's subject (RFC 2253), when it could be read.
    public let signerSubject: String?
    /// The signer certificate's issuer.
    public let signerIssuer: String?
    /// The signer certificate's serial number, hex.
    public let signerSerial: String?
    /// SHA-256 of the signer certificate's DER, lower-case hex.
    public let signerFingerprint: String?
    /// The signingTime the signer claims; not proof of time.
    public let claimedSigningTime: Timestamp?
    /// The anchor the signer chains to, when trusted.
    public let anchorSubject: String?
    /// The time the certificates were judged at: the trusted timestamp's genTime, else the
    /// verification time.
    public let judgedAt: Timestamp?
}
