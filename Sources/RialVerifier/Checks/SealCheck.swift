import RialFormat

/// The seal: whether `rial/seal/manifest.p7s` is a valid signature over the exact bytes of
/// `rial/manifest.json`, and whether its signer chains to an anchor the verifier gave, judged
/// at the time ``SealFacts`` settled on (the trusted timestamp's genTime, else now).
struct SealCheck: VerificationCheck {
    var needs: Set<Fact> { [.seal, .custodyLog] }

    private static let judge = DetachedSignatureJudge(
        codes: .seal, path: PackageLayout.seal, name: "the seal", contentName: "rial/manifest.json",
        mismatchHint: "the manifest was edited after sealing, or the seal was taken from another package")

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard let seal = context.seal else { return [] }
        let path = PackageLayout.seal
        guard let signature = seal.signature else {
            if seal.isRequired {
                return [
                    .fail(
                        .sealRequired, path,
                        "the verification policy requires a seal (--require-seal) and the package has none: it was never sealed, or its seal was stripped")
                ]
            }
            // The log says there was a seal: its absence is a removal, not "unsealed".
            if let record = Self.sealingRecord(context) {
                return [
                    .fail(
                        .sealRemoved, path,
                        "the package has no seal, but its custody log records one (event \(record.seq), \(record.action.rawValue), signed by certificate SHA-256 \(record.certificate)): the seal was removed",
                        seq: record.seq)
                ]
            }
            return [.notPresent(.seal, path, "the package is not sealed: nothing proves who made it")]
        }
        var results = Self.judge.findings(signature)
        guard let trust = seal.trust else { return results }
        if seal.isRequiredWithoutAnchor {
            results.append(
                .fail(.sealRequired, path, "the policy requires a trusted seal, but no trust anchor was given: without one, anyone could have made this seal"))
        } else {
            let signerTrust = SignerTrust(trust)
            results += Self.judge.findings(signerTrust, trust)
            if case .trusted = signerTrust, let revocation = seal.revocation {
                results.append(RevocationJudge(codes: .seal, path: path).finding(revocation))
            }
        }
        return results
    }

    /// The first event that records a seal: a SEALED event (`rial seal`), or a PACKAGED event
    /// signed while packing (a signing key at packing seals the package too). Read from the
    /// events as they stand; whether they hold is the custody check's to say.
    static func sealingRecord(_ context: VerificationContext) -> (seq: Int64, action: CustodyAction, certificate: String)? {
        for file in context.custodyLog?.files ?? [] {
            guard let event = file.event, event.action == .sealed || event.action == .packaged,
                let certificate = event.actor.certificateSHA256
            else { continue }
            return (file.seq, event.action, certificate)
        }
        return nil
    }
}
