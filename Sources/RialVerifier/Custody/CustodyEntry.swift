import RialFormat

/// One event of the custody log as the verifier found it, for the timeline
/// (`rial custody show`) and the report.
public struct CustodyEntry: Sendable {
    /// The seq of its file name (`rial/custody/000003.json` is 3), which the event's own
    /// `seq` must equal.
    public let seq: Int64
    /// The event file, e.g. `rial/custody/000003.json`.
    public let path: String
    /// SHA-256 of the event file, lowercase hex: what the next event's `previous` names.
    public let sha256: String?
    /// The event, when it parsed.
    public let event: CustodyEvent?
    /// Whether the event is signed, and how the signature and its signer came out.
    public let signature: SignatureState
    /// The event's signature file, when there is one.
    public let signaturePath: String?
    /// The signer's certificate subject, when there is a readable signature.
    public let signerSubject: String?
    /// The signer certificate's one CN, when the signature parsed and the certificate has
    /// exactly one: who the certificate says signed, for a reader who should not have to parse
    /// ``signerSubject``.
    public let signerCommonName: String?
    /// The signer certificate's one O, when the signature parsed and the certificate has exactly one.
    public let signerOrganization: String?
    /// Codes of the failed checks about this event; empty when it is intact.
    public let problems: [String]
}
