import RialFormat

/// The seal: whether `rial/seal/manifest.p7s` is a valid signature over the exact bytes of
/// `rial/manifest.json`, and whether its signer chains to an anchor the verifier gave, judged
/// at the time ``SealFacts`` settled on (the trusted timestamp's genTime, else now).
struct SealCheck: VerificationCheck {
    private static let judge = DetachedSignatureJudge(
        codes: .seal, path: PackageLayout.seal, name: "the seal", contentName: "rial/manifest.json",
        mismatchHint: "the manifest was edited after sealing, or the seal was taken from another package")

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard let seal = context.seal else { return [] }
        let path = PackageLayout.seal
        guard let signature = seal.signature else {
            if seal.isRequired {
                return [.fail(.sealRequired, path, "the verification policy requires a seal (--require-seal) and the package has none: it was never sealed, or its seal was stripped")]
            }
            return [.notPresent(.seal, path, "the package is not sealed: nothing proves who made it")]
        }
        var results = Self.judge.findings(signature)
        guard let trust = seal.trust else { return results }
        if seal.isRequiredWithoutAnchor {
            results.append(.fail(.sealRequired, path, "the policy requires a trusted seal, but no trust anchor was given: without one, anyone could have made this seal"))
        } else {
            results += Self.judge.findings(SignerTrust(trust), trust)
        }
        return results
    }
}
