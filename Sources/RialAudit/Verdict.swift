import RialLedger
import RialVerifier

/// A package's verdict as an audit counts it and the ledger stores it (`pass`, `fail`,
/// `error`: schema/ledger-record.schema.json). The ledger keeps the text; the audit and the
/// ledger's report compare these cases, never the strings, and convert only where a record is
/// made or read.
package enum Verdict: String, Sendable, CaseIterable {
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

    /// The verdict a package record holds. No text, or a text the schema does not allow (a
    /// hand-edited row), counts as `error`: the record does not say the package passed, and a
    /// verdict that cannot be read must not vanish from an audit's totals or its exit status.
    package init(recorded text: String?) {
        self = text.flatMap(Verdict.init(rawValue:)) ?? .error
    }
}

extension LedgerRecord {
    /// The record's verdict (``Verdict/init(recorded:)``).
    package var recordedVerdict: Verdict { Verdict(recorded: verdict) }
}
