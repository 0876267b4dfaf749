import RialFormat
import RialCrypto

/// The RFC 3161 timestamp over the seal's signature value: imprint, signature, the TSA's
/// time-stamping usage and chain at genTime, and genTime's plausibility. The rule is
/// ``TimestampVerdict`` over the context's ``TimestampFacts``; this check words it.
struct TimestampCheck: VerificationCheck {
    var needs: Set<Fact> { [.timestamp] }

    private let path = PackageLayout.sealTimestamp

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard let facts = context.timestamp else { return [] }
        let others: [CheckResult] = facts.otherTokens.map {
            .fail(.timestampUnexpectedFile, $0, "a timestamp response under another name than rial/seal/manifest.tsr; it covers nothing this verifier knows")
        }
        return others + findings(TimestampVerdict(facts), facts)
    }

    private func findings(_ verdict: TimestampVerdict, _ facts: TimestampFacts) -> [CheckResult] {
        func fail(_ code: CheckResult.Code, _ message: String, expected: String? = nil, actual: String? = nil) -> [CheckResult] {
            [.fail(code, path, message, expected: expected, actual: actual)]
        }
        switch verdict {
        case .absent:
            if facts.isRequired {
                return fail(
                    .timestampRequired,
                    "the verification policy requires a trusted timestamp (--require-timestamp) and the package has none: it was never timestamped, or the token was stripped"
                )
            }
            // A TSA chain serves a token; without one, the token was removed.
            if facts.hasChainFile {
                return [
                    .fail(
                        .timestampChainOrphaned, PackageLayout.sealTimestampChain,
                        "the package carries the TSA's certificate chain but no timestamp for it to serve: the token (rial/seal/manifest.tsr) was removed")
                ]
            }
            return [.notPresent(.timestamp, path, "the package has no trusted timestamp: nothing proves when it was sealed")]
        case .withoutSeal:
            return fail(.timestampWithoutSeal, "a timestamp is present but the seal it covers is missing or unreadable")
        case .unreadable:
            return fail(.timestampMalformed, "the timestamp response is empty or too large to read")
        case .malformed(let why):
            return fail(.timestampMalformed, "not an RFC 3161 timestamp response: \(why)")
        case .notGranted(let why):
            return fail(.timestampNotGranted, "the response carries no token: \(why)")
        case .chainMalformed(let error, _):
            return fail(.timestampChainMalformed, "rial/seal/tsa-chain.pem is not a list of PEM certificates: \(error)")
        case .imprintAlgorithm(let response):
            return fail(
                .timestampImprintAlgorithm,
                "the token's message imprint is not SHA-256; rial accepts only SHA-256 imprints (OpenSSL itself does not check this)",
                expected: "2.16.840.1.101.3.4.2.1 (SHA-256)", actual: response.imprintAlgorithm)
        case .imprintMismatch(let response, let expected):
            return fail(
                .timestampImprintMismatch, "the token timestamps other bytes than this seal's signature value",
                expected: Hex.encode(expected), actual: Hex.encode(response.imprint))
        case .signerMissing:
            return fail(.timestampSignerMissing, "the TSA's certificate is neither in the token nor in rial/seal/tsa-chain.pem")
        case .signatureInvalid(_, let signer):
            return fail(.timestampSignatureInvalid, "the token's signature does not verify under the key of \(signer.subject)")
        case .notForTimeStamping(_, let signer):
            return fail(
                .timestampTsaEku,
                "the TSA certificate \(signer.subject) lacks the critical extended key usage timeStamping (and only it) that RFC 3161 §2.3 requires")
        case .genTimeInFuture(let response, _):
            return fail(
                .timestampTimeFuture, "the token's genTime is after the verification time",
                expected: "no later than \(facts.verificationTime.rfc3339)", actual: Timestamp(seconds: response.genTime).rfc3339)
        case .genTimeBeforePackage(let response, _, let created):
            return fail(
                .timestampTimeBeforePackage,
                "the token's genTime is before the package was created, so before the seal could exist; the token was made for something else or a clock was wrong",
                expected: "no earlier than \(created.rfc3339)", actual: Timestamp(seconds: response.genTime).rfc3339)
        case .opensslRejects(_, _, let problem):
            return fail(.timestampSignatureInvalid, "OpenSSL's RFC 3161 verification rejects the token: \(problem)")
        case .notEvaluated(_, _, let error):
            return [.notChecked(.timestampToken, path, "OpenSSL could not check the token on this machine, so it is neither accepted nor rejected: \(error)")]
        case .valid(let response, let signer, let trust):
            let when = "genTime \(Timestamp(seconds: response.genTime).rfc3339), TSA \(signer.subject), token serial \(response.serialHex)"
            var results: [CheckResult] = [
                .pass(.timestampToken, path, "an RFC 3161 token over the SHA-256 of the seal's signature value: \(when)"),
                trustFinding(trust, response, signer),
            ]
            if case .trusted = trust, let revocation = facts.revocation {
                results.append(RevocationJudge(codes: .timestamp, path: path).finding(revocation))
            }
            return results
        }
    }

    private func trustFinding(_ trust: TimestampVerdict.TSATrust, _ response: TimeStampResponse, _ signer: Certificate) -> CheckResult {
        switch trust {
        case .requiredWithoutAnchor:
            return .fail(
                .timestampRequired, path, "the policy requires a trusted timestamp, but no TSA anchor was given: without one, anyone could have made this token"
            )
        case .noAnchor:
            return .notChecked(
                .timestampTrust, path,
                "timestamp valid, TSA not trusted: no TSA anchor was given (--tsa-trust); TSA \(signer.subject), certificate SHA-256 \(signer.fingerprintSHA256)"
            )
        case .notEvaluated(let error):
            return .notChecked(
                .timestampTrust, path,
                "timestamp valid, but OpenSSL could not judge the TSA's chain on this machine, so \(signer.subject) is neither trusted nor rejected: \(error)")
        case .opensslRejects(let problem):
            return .fail(.timestampTsaInvalid, path, "OpenSSL's RFC 3161 verification rejects the TSA's chain: \(problem)")
        case .trusted(let anchor):
            return .pass(
                .timestampTrust, path,
                "the TSA \(signer.subject) chains to \(anchor), an anchor given with --tsa-trust, with every certificate valid at genTime; revocation is judged in its own finding"
            )
        case .untrusted(let reason):
            return .fail(.timestampTsaUntrusted, path, "the TSA \(signer.subject) does not chain to any anchor given with --tsa-trust: \(reason)")
        case .expired(let reason):
            return .fail(
                .timestampTsaExpired, path,
                "a certificate of the TSA's chain was not valid at genTime \(Timestamp(seconds: response.genTime).rfc3339): \(reason)")
        case .invalid(let reason):
            return .fail(.timestampTsaInvalid, path, "the TSA's certificate chain is not valid for time stamping: \(reason)")
        }
    }
}
