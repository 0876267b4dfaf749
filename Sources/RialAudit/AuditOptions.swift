import RialLedger
import RialVerifier

/// What an audit is asked to do, every choice made: the command line turns its options into
/// this (the run id resolved, the shard parsed, the policy built), a test writes it out.
package struct AuditOptions {
    /// Package files, bag directories, or with ``recursive`` directories holding them.
    package var paths: [String]
    /// Search directories for `.rialpkg` files and bag directories (``BatchInputs``).
    package var recursive: Bool
    /// The ledger to record in.
    package var ledger: LedgerLocation
    /// Key packages relative to this directory (`--root`), else by their absolute path.
    package var storeRoot: String?
    /// The run this audit belongs to (``AuditRun/id(given:environment:)``).
    package var runID: String
    /// This worker's share of the inputs.
    package var shard: ShardSelector
    /// Seconds after which a previous verification is `overdue`; `nil`: never.
    package var maxAge: Int64?
    /// Inputs verified at once.
    package var jobs: Int
    /// Record after a break in the ledger's chain (`--extend-broken-ledger`).
    package var extendsBrokenLedger: Bool
    /// What each verification trusts and requires.
    package var policy: VerificationPolicy
    /// The machine every record names.
    package var host: String
    /// Where and how each package's receipt is signed (`--receipts`); `nil`: none.
    package var receipts: ReceiptSigning?

    /// How an audit signs a receipt per package.
    package struct ReceiptSigning {
        /// `DIR` of `--receipts DIR`: receipts go to `DIR/RUN/` (``AuditReceipts``).
        package var directory: String
        /// Signs a report and writes the receipt at the path given.
        package var write: (VerificationReport, String) throws -> ReceiptFingerprint

        /// Receipts into `directory`, each written by `write`.
        package init(directory: String, write: @escaping (VerificationReport, String) throws -> ReceiptFingerprint) {
            self.directory = directory
            self.write = write
        }
    }

    /// An audit of `paths` into `ledger` under `policy`, with the command line's defaults for
    /// the rest: not recursive, absolute keys, the whole store, no `--max-age`, one job, a
    /// broken ledger refused, no receipts.
    package init(
        paths: [String], ledger: LedgerLocation, runID: String, policy: VerificationPolicy = VerificationPolicy(),
        recursive: Bool = false, storeRoot: String? = nil, shard: ShardSelector = .all, maxAge: Int64? = nil, jobs: Int = 1,
        extendsBrokenLedger: Bool = false, host: String = AuditClock.host, receipts: ReceiptSigning? = nil
    ) {
        self.paths = paths
        self.recursive = recursive
        self.ledger = ledger
        self.storeRoot = storeRoot
        self.runID = runID
        self.shard = shard
        self.maxAge = maxAge
        self.jobs = jobs
        self.extendsBrokenLedger = extendsBrokenLedger
        self.policy = policy
        self.host = host
        self.receipts = receipts
    }

    /// `30d`, `12h`, `45m`, `90s` (or a bare number of seconds) in seconds; `nil` for anything
    /// else, or a number too large.
    package static func seconds(_ age: String) -> Int64? {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var digits = Substring(age)
        var unit: Int64 = 1
        if let last = age.last, let factor = units[last] {
            digits = age.dropLast()
            unit = factor
        }
        guard let number = Int64(digits), number >= 0 else { return nil }
        let (product, overflow) = number.multipliedReportingOverflow(by: unit)
        return overflow ? nil : product
    }
}
