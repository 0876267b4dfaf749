import RialFormat

/// The seal's facts, each established once when a check first asks: its signature over the
/// manifest's exact bytes (``Fact/sealSignature``, OpenSSL's `CMS_verify`), and its signer's
/// trust and revocation (``Fact/seal``) at the time ``TimestampProvider`` proves, the trusted
/// token's genTime (RFC 3161 Appendix B), else the verification time. The signature comes
/// first because the token's imprint covers its signature value.
///
/// A plain bag has no seal to look for (both are `nil`), unless the policy demands a seal or a
/// timestamp: then stripping `rial/` must not make a required seal pass.
final class SealProvider {
    private var signatureMemo: FactMemo<DetachedSignatureFacts?>
    private var sealMemo: FactMemo<SealFacts?>

    init(log: FactLog) {
        signatureMemo = FactMemo(.sealSignature, log: log)
        sealMemo = FactMemo(.seal, log: log)
    }

    /// The seal's signature; `nil` when there is no seal file or no seal is looked for.
    func signature(_ context: VerificationContext) -> DetachedSignatureFacts? {
        signatureMemo.value {
            guard Self.looksForSeal(context) else { return nil }
            return SealFacts.signatureFacts(context, crypto: context.crypto)
        }
    }

    /// The seal judged; `nil` when no seal is looked for.
    func seal(_ context: VerificationContext) -> SealFacts? {
        sealMemo.value {
            guard Self.looksForSeal(context) else { return nil }
            return SealFacts(context, signature: signature(context), trustedTime: context.timestamp?.trustedGenTime, crypto: context.crypto)
        }
    }

    /// Whether the seal (and its timestamp) are looked for: the rial parts are judged, or the
    /// policy requires a seal or a timestamp.
    static func looksForSeal(_ context: VerificationContext) -> Bool {
        context.judgesRialParts || context.policy.requiresSeal || context.policy.requiresTimestamp
    }
}
