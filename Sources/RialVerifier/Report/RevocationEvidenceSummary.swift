/// One file of revocation evidence, as a report's settings name it: what it is, who brought
/// it, the file and its SHA-256, so a second examiner can check they hold the same bytes.
public struct RevocationEvidenceSummary: Sendable, Equatable {
    /// `crl` or `ocsp`.
    public let kind: RevocationEvidenceFile.Kind
    /// `supplied`: given by the person verifying (`--crl`, `--ocsp`).
    public let source: RevocationEvidenceFile.Source
    /// The file, as given.
    public let file: String
    /// The SHA-256 of its bytes, lower-case hex.
    public let sha256: String

    package init(_ evidence: RevocationEvidenceFile) {
        kind = evidence.kind
        source = evidence.source
        file = evidence.path
        sha256 = evidence.sha256
    }

    /// The option that gives such a file: `--crl` or `--ocsp` (for stapled evidence, the option
    /// that gives it to `rial verify` as well).
    public var option: String { kind == .crl ? "--crl" : "--ocsp" }
    /// Where it came from, in words: "--crl" or "stapled in the package".
    public var origin: String { source == .stapled ? "stapled in the package" : option }
}
