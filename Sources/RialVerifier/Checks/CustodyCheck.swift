/// The custody log: every event parsed, linked, in order, bound to this package, and every
/// signature valid with the actor as signer. ``CustodyEvaluation`` does the work, once, for
/// this check, the report's custody summary and `rial custody show`.
struct CustodyCheck: VerificationCheck {
    func run(_ context: VerificationContext) -> [CheckResult] {
        context.custodyEvaluation?.results ?? []
    }
}
