/// A signed receipt just made, as the court report names it: where it is, the SHA-256 of the
/// report's exact bytes (what the signature covers and a ledger records) and who signed it.
public struct ReceiptFingerprint: Sendable {
    /// `R.json`, as given.
    public let reportPath: String
    /// The SHA-256 of `R.json`, lowercase hex.
    public let reportSHA256: String
    /// The signer's certificate subject.
    public let signer: String
    /// The SHA-256 of the signer's certificate.
    public let signerFingerprint: String

    /// - Parameters: as the properties of the same names.
    public init(reportPath: String, reportSHA256: String, signer: String, signerFingerprint: String) {
        self.reportPath = reportPath
        self.reportSHA256 = reportSHA256
        self.signer = signer
        self.signerFingerprint = signerFingerprint
    }
}
