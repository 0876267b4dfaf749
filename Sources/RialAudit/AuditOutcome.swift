/// What an audit's result asks of whoever runs it, and the exit status that says so (the
/// run-ended record and the JSON Lines summary name the number).
package enum AuditOutcome: Int32, Sendable {
    /// Every package passed and nothing needs a person (new and moved packages do not).
    case passed = 0
    /// A package failed, or a change needs a person (vanished, fingerprint or verdict changed,
    /// overdue, reappeared).
    case needsAttention = 1
    /// An input could not be verified.
    case notVerified = 2

    /// The outcome of `verdicts` and `changesNeedingAttention`.
    package init(verdicts: VerdictCounts, changesNeedingAttention: Int) {
        if verdicts.fail > 0 || changesNeedingAttention > 0 {
            self = .needsAttention
        } else if verdicts.error > 0 {
            self = .notVerified
        } else {
            self = .passed
        }
    }
}
