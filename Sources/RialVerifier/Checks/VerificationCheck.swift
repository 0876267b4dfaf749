/// One verification check: a small, independent rule over a ``VerificationContext``.
protocol VerificationCheck {
    /// The facts the check reads (``Fact``), each computed by its provider the first time a
    /// check asks. Only these, and the facts they are computed from, may be computed while the
    /// check runs alone (`FactNeedsTests`): a check that does not name the seal never makes
    /// OpenSSL verify one.
    var needs: Set<Fact> { get }

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

/// A check that can make a finding per line of a file (a manifest's entries): it implements
/// only ``VerificationCheck/run(_:into:)``, handing findings to the cap as it makes them, and
/// its whole list is what the cap kept.
protocol CappedCheck: VerificationCheck {}

extension CappedCheck {
    func run(_ context: VerificationContext) -> [CheckResult] {
        var results = CappedResults()
        run(context, into: &results)
        return results.results
    }
}
