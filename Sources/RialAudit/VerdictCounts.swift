/// How many packages had each verdict: an audit's totals, the ledger report's latest verdicts.
package struct VerdictCounts: Sendable, Equatable {
    /// Packages that passed.
    package private(set) var pass = 0
    /// Packages that failed.
    package private(set) var fail = 0
    /// Inputs that could not be verified.
    package private(set) var error = 0

    /// No package counted yet.
    package init() {}

    /// Counts one verdict.
    package mutating func add(_ verdict: Verdict) {
        switch verdict {
        case .pass: pass += 1
        case .fail: fail += 1
        case .error: error += 1
        }
    }

    /// How many had `verdict`.
    package subscript(_ verdict: Verdict) -> Int {
        switch verdict {
        case .pass: pass
        case .fail: fail
        case .error: error
        }
    }

    /// The worst verdict counted: `fail` if any failed, else `error` if any could not be
    /// verified, else `pass` (also when nothing was counted).
    package var worst: Verdict {
        fail > 0 ? .fail : error > 0 ? .error : .pass
    }
}
