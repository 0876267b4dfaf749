@testable import RialVerifier

/// A finding as the tests compare it: code, status, subject and seq, never the message,
/// which is free to change wording.
struct Finding: Hashable, CustomStringConvertible {
    let code: CheckResult.Code
    let status: CheckStatus
    let subject: String
    let seq: Int64?

    init(_ code: CheckResult.Code, _ status: CheckStatus = .fail, _ subject: String, seq: Int64? = nil) {
        self.code = code
        self.status = status
        self.subject = subject
        self.seq = seq
    }

    init(_ result: CheckResult) {
        self.init(result.code, result.status, result.subject, seq: result.seq)
    }

    var description: String { "\(status.label) \(code) \(subject)" + (seq.map { "@\($0)" } ?? "") }
}

extension Array where Element == CheckResult {
    /// Every finding, in order.
    var findings: [Finding] { map(Finding.init) }
    /// The failing findings, in order.
    var failures: [Finding] { filter { $0.status == .fail }.map(Finding.init) }
}

extension Array where Element == Finding {
    /// The failing findings, in order.
    var failures: [Finding] { filter { $0.status == .fail } }
}
