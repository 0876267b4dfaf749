import RialCrypto

/// One trust anchor the person verifying gave, as the report's settings name it: what it was
/// trusted for, the certificate, and where it was given.
public struct TrustAnchorSummary: Sendable {
    /// What an anchor vouches for.
    public enum Role: String, Sendable {
        /// Signers of seals and of custody events (`--trust`, `--trust-dir`).
        case signer
        /// Time-stamping authorities: the seal's timestamp and the capture app's tokens (`--tsa-trust`).
        case tsa
    }

    /// Signers or time-stamping authorities.
    public let role: Role
    /// The certificate's subject as RFC 2253 text (`CN=…,O=…`).
    public let subject: String
    /// SHA-256 of the certificate's DER, lowercase hex: what a second examiner compares.
    public let fingerprintSHA256: String
    /// The option and file it came from; `nil` when a library caller gave it without one.
    public let origin: TrustAnchorOrigin?

    init(role: Role, certificate: Certificate, origin: TrustAnchorOrigin?) {
        self.role = role
        subject = certificate.subject
        fingerprintSHA256 = certificate.fingerprintSHA256
        self.origin = origin
    }
}
