import RialCrypto
import RialFormat

/// One file of revocation evidence (CRLs, or an OCSP response) and where it came from, so a
/// report can name what its revocation verdicts rest on (by SHA-256) and a second examiner can
/// give the same files.
public struct RevocationEvidenceFile: Sendable {
    /// What the file holds.
    public enum Kind: String, Sendable {
        /// One or more X.509 CRLs (RFC 5280 §5), PEM or DER.
        case crl
        /// One OCSP response (RFC 6960), DER or PEM.
        case ocsp
    }

    /// Who brought the evidence; a report says which it used.
    public enum Source: String, Sendable {
        /// Given by the person verifying (`--crl`, `--ocsp`).
        case supplied
        /// Stapled in the package (`rial/seal/revocation/`, `rial seal --revocation`).
        case stapled
    }

    /// What the file holds.
    public let kind: Kind
    /// Who brought it.
    public let source: Source
    /// The file, as given (for a directory, the directory joined with the file's name).
    public let path: String
    /// The SHA-256 of the file's bytes, lower-case hex.
    public let sha256: String
    /// The CRLs in the file (for ``Kind/crl``).
    let revocationLists: [CertificateRevocationList]
    /// The response in the file (for ``Kind/ocsp``).
    let ocspResponse: OCSPResponse?

    /// "the CRL in FILE (supplied, SHA-256 …)": how a finding names the evidence it used.
    var label: String {
        "the \(kind == .crl ? "CRL" : "OCSP response") in \(path) (\(source == .stapled ? "stapled in the package" : "supplied"), SHA-256 \(sha256))"
    }

    /// Reads a file's bytes as evidence of `kind`.
    /// - Parameters:
    ///   - kind: what the file must hold.
    ///   - path: the file, as given; for messages and the report.
    ///   - bytes: its bytes.
    ///   - source: who brought it.
    /// - Throws: ``CryptoError`` `.malformed` when the bytes are not what `kind` says.
    public init(kind: Kind, path: String, bytes: [UInt8], source: Source = .supplied) throws {
        self.kind = kind
        self.source = source
        self.path = path
        sha256 = Hex.encode(try StreamingDigest.digest(.sha256, of: bytes))
        switch kind {
        case .crl:
            revocationLists = try CertificateRevocationList.load(bytes, source: path)
            ocspResponse = nil
        case .ocsp:
            revocationLists = []
            ocspResponse = try OCSPResponse(bytes, source: path)
        }
    }
}
