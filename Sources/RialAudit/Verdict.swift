import RialLedger
import RialVerifier

/// A package's verdict as an audit counts it and the ledger stores it (`pass`, `fail`,
/// `error`: schema/ledger-record.schema.json). The ledger keeps the text; the audit and the
/// ledger's report compare these cases, never the strings, and convert only where a record is
/// made or read.
package enum Verdict: String, Sendable, CaseIterable, Comparable {
    /// Every check that ran held.
    case pass
    /// The evidence failed a check.
    case fail
    /// The input could not be verified at all.
    case error

    /// The verdict of a verification's report.
    package init(_ verdict: VerificationReport.Verdict) {
        switch verdict {
        case .pass: self = .pass
        case .fail: self = .fail
        case .error: self = .error
        }
    }

    /// The verdict a package record holds: none counts as `error` (the record says nothing
    /// passed); a text the schema does not allow (a hand-edited row) is no verdict (`nil`).
    package init?(recorded text: String?) {
        guard let text else {
            self = .error
            return
        }
        self.init(rawValue: text)
    }

    /// Ordered by how bad: a pass is less than an input that could not be verified, which is
    /// less than a failure (so a run's worst verdict is the greatest).
    package static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.severity < rhs.severity }

    private var severity: Int {
        switch self {
        case .pass: 0
        case .error: 1
        case .fail: 2
        }
    }
}

extension LedgerRecord {
    /// The record's verdict (``Verdict/init(recorded:)``).
    package var recordedVerdict: Verdict? { Verdict(recorded: verdict) }
}
