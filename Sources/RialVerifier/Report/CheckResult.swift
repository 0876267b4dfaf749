/// One finding: what was checked, about which subject, and how it came out.
public struct CheckResult: Sendable, Hashable {
    /// What was checked and, for a failure, what failed (``Code``).
    public let code: Code
    /// PASS, FAIL, NOT PRESENT or NOT CHECKED.
    public let status: CheckStatus
    /// What the finding is about: a path in the bag, a field, or the package as a whole.
    public let subject: String
    /// A sentence a person can read.
    public let message: String
    /// For a failure: what the package states or the rule demands.
    public let expected: String?
    /// For a failure: what was found.
    public let actual: String?
    /// The custody event the finding is about (its `seq`), for custody findings.
    public let seq: Int64?

    package init(
        code: Code, status: CheckStatus, subject: String, message: String, expected: String? = nil, actual: String? = nil,
        seq: Int64? = nil
    ) {
        self.seq = seq
        self.code = code
        self.status = status
        self.subject = subject
        self.message = message
        self.expected = expected
        self.actual = actual
    }

    package static func pass(_ code: Code, _ subject: String, _ message: String, seq: Int64? = nil) -> CheckResult {
        CheckResult(code: code, status: .pass, subject: subject, message: message, seq: seq)
    }

    package static func fail(
        _ code: Code, _ subject: String, _ message: String, expected: String? = nil, actual: String? = nil,
        seq: Int64? = nil
    ) -> CheckResult {
        CheckResult(code: code, status: .fail, subject: subject, message: message, expected: expected, actual: actual, seq: seq)
    }

    package static func notPresent(_ code: Code, _ subject: String, _ message: String, seq: Int64? = nil) -> CheckResult {
        CheckResult(code: code, status: .notPresent, subject: subject, message: message, seq: seq)
    }

    package static func notChecked(_ code: Code, _ subject: String, _ message: String, seq: Int64? = nil) -> CheckResult {
        CheckResult(code: code, status: .notChecked, subject: subject, message: message, seq: seq)
    }

    /// The same finding, about custody event `seq`.
    package func about(seq: Int64?) -> CheckResult {
        CheckResult(code: code, status: status, subject: subject, message: message, expected: expected, actual: actual, seq: seq)
    }
}
