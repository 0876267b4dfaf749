/// One verification check: a small, independent rule over a ``VerificationContext``.
protocol VerificationCheck {
    /// Every finding, passing ones included; never an empty list for a check that applies.
    func run(_ context: VerificationContext) -> [CheckResult]
}
