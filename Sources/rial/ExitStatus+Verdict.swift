import ArgumentParser
import RialAudit
import RialVerifier

extension ExitStatus {
    /// The status of a verdict: 0 pass, 1 fail, 2 error. For several inputs, give the worst
    /// (``VerdictCounts/worst``): a failure wins over an input that could not be evaluated.
    static func of(_ verdict: Verdict) -> ExitCode {
        switch verdict {
        case .pass: success
        case .fail: failed
        case .error: couldNotComplete
        }
    }

    /// The status of one report's verdict.
    static func of(_ report: VerificationReport) -> ExitCode {
        of(Verdict(report.verdict))
    }
}
