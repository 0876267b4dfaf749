/// The overall state of a seal, timestamp or custody-event signature, as C2PA separates Valid from Trusted.
public enum SignatureState: String, Sendable {
    /// There is none.
    case missing
    /// It is there and something about it failed.
    case invalid
    /// The signature is valid; its signer was not shown to chain to an anchor the verifier
    /// gave (none was given, or it does not chain).
    case validUntrusted = "valid-untrusted"
    /// The signature is valid and its signer chains to an anchor the verifier gave.
    case validTrusted = "valid-trusted"
}
