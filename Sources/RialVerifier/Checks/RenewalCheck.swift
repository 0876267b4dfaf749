import RialFormat

/// The renewal of the seal's timestamp by RFC 4998 evidence records (`schema/SPEC.md` §14.12):
/// the rule is ``RenewalFacts``; this check words it, one finding for the record and one for
/// each stray file under `rial/seal/renewal/`.
struct RenewalCheck: VerificationCheck {
    var needs: Set<Fact> { [.renewal] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard let facts = context.renewal else { return [] }
        let strays: [CheckResult] = facts.strays.map { .fail(.timestampRenewalMalformed, $0.path, $0.why) }
        switch facts.outcome {
        case .absent:
            return strays
        case .notRenewed:
            return strays + [
                .notPresent(
                    .timestampRenewal, PackageLayout.sealTimestamp,
                    "the seal's timestamp was never renewed (no RFC 4998 evidence record under rial/seal/renewal/)")
            ]
        case .malformed(let path, let why):
            return strays + [.fail(.timestampRenewalMalformed, path, why)]
        case .hashMismatch(let path, let why, let expected, let actual):
            return strays + [.fail(.timestampRenewalHashMismatch, path, why, expected: expected, actual: actual)]
        case .tokenInvalid(let path, let why):
            return strays + [.fail(.timestampRenewalTokenInvalid, path, why)]
        case .notChecked(let path, let why):
            return strays + [.notChecked(.timestampRenewal, path, why)]
        case .gap(let path, let why, let expected, let actual):
            return strays + [.fail(.timestampRenewalGap, path, why, expected: expected, actual: actual)]
        case .expired(let path, let why, let expected, let actual):
            return strays + [.fail(.timestampRenewalExpired, path, why, expected: expected, actual: actual)]
        case .valid(let path, let words, _):
            return strays + [.pass(.timestampRenewal, path, words)]
        }
    }
}
