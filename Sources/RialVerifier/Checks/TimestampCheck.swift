/// The RFC 3161 timestamp over the seal's signature value: imprint, signature, the TSA's
/// time-stamping usage and chain at genTime, and genTime's plausibility.
struct TimestampCheck: VerificationCheck {
    func run(_ context: VerificationContext) -> [CheckResult] {
        context.sealEvaluation?.timestampResults ?? []
    }
}
