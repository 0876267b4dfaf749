import RialFormat
import RialCrypto

/// The RFC 3161 tokens' facts, each established once when a check first asks: the token over
/// the seal's signature (``Fact/timestamp``: it needs the seal's signature value, whose
/// SHA-256 is its imprint), its renewal by RFC 4998 evidence records (``Fact/renewal``: it
/// needs the token's TSA and genTime), and the capture app's tokens over the media
/// (``Fact/appTokens``). The seal's are `nil` when no seal is looked for
/// (``SealProvider/looksForSeal(_:)``).
final class TimestampProvider {
    private var timestampMemo: FactMemo<TimestampFacts?>
    private var renewalMemo: FactMemo<RenewalFacts?>
    private var appTokensMemo: FactMemo<[AppTokenFacts]>

    init(log: FactLog) {
        timestampMemo = FactMemo(.timestamp, log: log)
        renewalMemo = FactMemo(.renewal, log: log)
        appTokensMemo = FactMemo(.appTokens, log: log)
    }

    func timestamp(_ context: VerificationContext) -> TimestampFacts? {
        timestampMemo.value {
            guard SealProvider.looksForSeal(context) else { return nil }
            return TimestampFacts(context, seal: context.sealSignature?.parsed, crypto: context.crypto)
        }
    }

    func renewal(_ context: VerificationContext) -> RenewalFacts? {
        renewalMemo.value {
            guard let timestamp = timestamp(context) else { return nil }
            let verdict = TimestampVerdict(timestamp)
            return RenewalFacts(context, sealTSA: verdict.signer, sealGenTime: verdict.response?.genTime, crypto: context.crypto)
        }
    }

    /// The tokens in the app's forensic manifest, in order; none when it has none or did not parse.
    func appTokens(_ context: VerificationContext) -> [AppTokenFacts] {
        appTokensMemo.value { AppTokenFacts.all(context, crypto: context.crypto) }
    }
}
