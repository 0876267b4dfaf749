/// One verification check: a small, independent rule over a ``VerificationContext``.
protocol VerificationCheck {
    /// Every finding, passing ones included; never an empty list for a check that applies.
    func run(_ context: VerificationContext) -> [CheckResult]

    /// The same findings, handed to `results` as they are made. A check that can make a
    /// finding per line of a file implements this, so that findings beyond the cap are
    /// counted, never held (``CappedResults``).
    func run(_ context: VerificationContext, into results: inout CappedResults)
}

extension VerificationCheck {
    func run(_ context: VerificationContext, into results: inout CappedResults) {
        results.append(contentsOf: run(context))
    }
}
