import RialFormat

/// What `rial receipt verify` found about one receipt: every finding (codes `receipt.*`,
/// `schema/SPEC.md` §18.4), the report as recorded, and the re-run's report when one was made.
public struct ReceiptVerification: Sendable {
    /// The receipt's report file, as given.
    public let reportPath: String
    /// Every finding, in order: report, signature, signer, timestamp, package, re-run.
    public let checks: [CheckResult]
    /// The report as recorded, when it parsed.
    public let recorded: RecordedReport?
    /// The SHA-256 of the report's bytes: what a ledger or a court report names the receipt by.
    public let reportSHA256: String?
    /// Who signed, when the signature parsed.
    public let signerSubject: String?
    /// The trusted token's genTime, when the receipt has a valid token from a trusted TSA.
    public let trustedGenTime: Timestamp?
    /// The verification made again with the recorded settings (`--rerun`).
    public let rerun: VerificationReport?

    /// `fail` when any finding failed, else `pass`.
    public var verdict: VerificationReport.Verdict {
        checks.contains { $0.status == .fail } ? .fail : .pass
    }

    /// The failing findings.
    public var failures: [CheckResult] { checks.filter { $0.status == .fail } }
}
