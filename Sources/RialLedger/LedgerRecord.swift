/// One row of the ledger: the start or end of an audit run, or one package's verification.
///
/// Every field is covered by ``recordHash`` (``LedgerRecordHash``), which also covers the
/// previous record's hash, so the records form one chain (docs/ledger.md).
package struct LedgerRecord: Sendable, Equatable {
    /// What a record says.
    package enum Kind: String, Sendable, CaseIterable {
        /// A worker began auditing its share of a run.
        case runStarted = "run-started"
        /// One package (or bag directory) was verified.
        case package
        /// A worker finished its share; without one, that share was interrupted.
        case runEnded = "run-ended"
        /// An audit found a package it had verified before missing from its store: written once,
        /// when first seen gone, and reported at every audit until a person acknowledges it.
        case vanished
        /// A person acknowledged that a vanished package is gone (`rial ledger forget`), with why.
        case forgotten
        /// An audit found the package (same id, same fingerprint) at another path of the store:
        /// the record is about the path it left, and names the one it went to.
        case moved

        /// The kinds that speak about one package, by its path: its history.
        package static let aboutAPackage: [Kind] = [.package, .vanished, .forgotten, .moved]

        /// Whether a path whose newest record is of this kind is no longer expected in the store.
        package var closesThePath: Bool { self == .forgotten || self == .moved }
    }

    /// 1 for the first record, then one more for each; never reused, never skipped.
    package var seq: Int64
    package var kind: Kind
    /// The audit run the record belongs to (`rial audit --run`).
    package var runID: String
    /// The share of the inputs the worker audited: `K/N`, or `all`.
    package var shard: String
    /// The machine the worker ran on.
    package var host: String
    /// The rial that wrote the record.
    package var toolVersion: String
    /// What the verification trusted and required, as compact JSON (anchor fingerprints,
    /// `--require-*`, the custody head): two verdicts are comparable only under one policy.
    package var policy: String
    /// The package's key in the ledger (``StorePath``): its canonical path, absolute or relative
    /// to the store root the audit was given; `nil` for run records.
    package var path: String?
    /// The package id `rial/manifest.json` states, when it parsed.
    package var packageID: String?
    /// The SHA-256 of `rial/manifest.json` as stored: the package's fingerprint.
    package var fingerprint: String?
    /// The input's size in bytes (a bag directory: its files' total), when it could be read.
    package var size: Int64?
    /// `pass`, `fail` or `error`; for `run-ended`, the worker's worst verdict.
    package var verdict: String?
    /// The codes of the failing checks, each once, in report order.
    package var failingCodes: [String]
    /// Why an input could not be verified (verdict `error`).
    package var errorCode: String?
    /// When the verification (or the run) started and ended, RFC 3339 UTC with milliseconds.
    package var startedAt: String
    package var endedAt: String?
    /// Compact JSON: for run records, the inputs of the share and the counts per verdict; for
    /// `vanished` and `forgotten`, the last record's seq (and the reason a person gave).
    package var detail: String?
    /// The previous record's ``recordHash``; 64 zeros for the first record.
    package var prevHash: String
    /// SHA-256 over this record's canonical form (``LedgerRecordHash``), lowercase hex.
    package var recordHash: String

    /// A record not yet in the ledger: ``Ledger/append(_:)`` fills in `seq` and the hashes.
    package init(
        kind: Kind, runID: String, shard: String, host: String, toolVersion: String, policy: String,
        path: String? = nil, packageID: String? = nil, fingerprint: String? = nil, size: Int64? = nil,
        verdict: String? = nil, failingCodes: [String] = [], errorCode: String? = nil,
        startedAt: String, endedAt: String? = nil, detail: String? = nil
    ) {
        self.seq = 0
        self.kind = kind
        self.runID = runID
        self.shard = shard
        self.host = host
        self.toolVersion = toolVersion
        self.policy = policy
        self.path = path
        self.packageID = packageID
        self.fingerprint = fingerprint
        self.size = size
        self.verdict = verdict
        self.failingCodes = failingCodes
        self.errorCode = errorCode
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.detail = detail
        self.prevHash = LedgerRecordHash.genesis
        self.recordHash = ""
    }
}
