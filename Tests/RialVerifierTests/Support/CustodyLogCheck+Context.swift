@testable import RialVerifier

extension CustodyLogCheck {
    /// Runs the rule over the log the context read, as ``CustodyCheck`` does; no findings
    /// when the context has no custody log.
    func run(_ context: VerificationContext) -> [CheckResult] {
        guard let log = context.custodyLog else { return [] }
        return run(log, context)
    }
}
