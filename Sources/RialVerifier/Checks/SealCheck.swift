/// The seal: whether `rial/seal/manifest.p7s` is a valid signature over the exact bytes of
/// `rial/manifest.json`, and whether its signer chains to an anchor the verifier gave.
/// ``SealEvaluation`` does the work, because the timestamp decides when certificates are judged.
struct SealCheck: VerificationCheck {
    func run(_ context: VerificationContext) -> [CheckResult] {
        context.sealEvaluation?.sealResults ?? []
    }
}
