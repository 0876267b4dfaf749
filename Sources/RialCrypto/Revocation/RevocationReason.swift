/// Why a certificate was revoked: RFC 5280 §5.3.1's CRLReason, as a CRL entry or an OCSP
/// response (RFC 6960 §4.2.1) states it.
public enum RevocationReason: Int, Sendable, CaseIterable {
    case unspecified = 0
    case keyCompromise = 1
    case cACompromise = 2
    case affiliationChanged = 3
    case superseded = 4
    case cessationOfOperation = 5
    case certificateHold = 6
    case removeFromCRL = 8
    case privilegeWithdrawn = 9
    case aACompromise = 10

    /// RFC 5280's own name for it (`keyCompromise`), the word a report prints.
    public var name: String {
        switch self {
        case .unspecified: "unspecified"
        case .keyCompromise: "keyCompromise"
        case .cACompromise: "cACompromise"
        case .affiliationChanged: "affiliationChanged"
        case .superseded: "superseded"
        case .cessationOfOperation: "cessationOfOperation"
        case .certificateHold: "certificateHold"
        case .removeFromCRL: "removeFromCRL"
        case .privilegeWithdrawn: "privilegeWithdrawn"
        case .aACompromise: "aACompromise"
        }
    }

    /// Whether the reason says the private key (the subject's, or a CA's above it) got into
    /// other hands: then nothing the key signed can be dated by its own word.
    public var isCompromise: Bool { self == .keyCompromise || self == .cACompromise || self == .aACompromise }
}
