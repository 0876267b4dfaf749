import RialFormat
import RialCrypto

/// How rial words its findings about the RFC 3161 token beside a receipt (`R.json.tsr`): the
/// rule is ``TimestampVerdict``, the seal token's; only the codes and words differ.
struct ReceiptTimestampJudge {
    /// The token file, the subject of every finding.
    let path: String

    /// - Parameter verdict: `nil` when the receipt has no token.
    func findings(_ verdict: TimestampVerdict?) -> [CheckResult] {
        func invalid(_ message: String) -> [CheckResult] { [.fail(.receiptTimestampInvalid, path, message)] }
        guard let verdict else {
            return [
                .notPresent(
                    .receiptTimestamp, path,
                    "the receipt has no RFC 3161 token: nothing but its signer's word says when it was made (rial timestamp request/attach on the receipt add one)"
                )
            ]
        }
        switch verdict {
        case .absent:
            return [.notPresent(.receiptTimestamp, path, "the receipt has no RFC 3161 token")]
        case .withoutSeal:
            return invalid("a token is present but the receipt's signature it covers is missing or unreadable")
        case .unreadable:
            return invalid("the token file is empty or too large to read")
        case .malformed(let why):
            return invalid("not an RFC 3161 timestamp response: \(why)")
        case .notGranted(let why):
            return invalid("the response carries no token: \(why)")
        case .chainMalformed(let error, _):
            return invalid("the TSA chain beside the token is not a list of PEM certificates: \(error)")
        case .imprintAlgorithm(let response):
            return [
                .fail(
                    .receiptTimestampInvalid, path, "the token's message imprint is not SHA-256", expected: "2.16.840.1.101.3.4.2.1 (SHA-256)",
                    actual: response.imprintAlgorithm)
            ]
        case .imprintMismatch(let response, let expected):
            return [
                .fail(
                    .receiptTimestampMismatch, path,
                    "the token timestamps other bytes than this receipt's signature value: it belongs to another receipt, or the signature was replaced",
                    expected: Hex.encode(expected), actual: Hex.encode(response.imprint))
            ]
        case .signerMissing:
            return invalid("the TSA's certificate is neither in the token nor in the chain beside it")
        case .signatureInvalid(_, let signer):
            return invalid("the token's signature does not verify under the key of \(signer.subject)")
        case .notForTimeStamping(_, let signer):
            return invalid("the TSA certificate \(signer.subject) lacks the critical extended key usage timeStamping that RFC 3161 §2.3 requires")
        case .genTimeInFuture(let response, _):
            return invalid("the token's genTime \(Timestamp(seconds: response.genTime).rfc3339) is after the verification time")
        case .genTimeBeforePackage(let response, _, let created):
            return invalid(
                "the token's genTime \(Timestamp(seconds: response.genTime).rfc3339) is before the report was made (\(created.rfc3339)): it was made for something else"
            )
        case .opensslRejects(_, _, let problem):
            return invalid("OpenSSL's RFC 3161 verification rejects the token: \(problem)")
        case .notEvaluated(_, _, let error):
            return [.notChecked(.receiptTimestamp, path, "OpenSSL could not check the token on this machine, so it is neither accepted nor rejected: \(error)")]
        case .valid(let response, let signer, let trust):
            let when = "genTime \(Timestamp(seconds: response.genTime).rfc3339), TSA \(signer.subject), token serial \(response.serialHex)"
            return [
                .pass(.receiptTimestamp, path, "an RFC 3161 token over the SHA-256 of the receipt signature's value: \(when)"),
                trustFinding(trust, response, signer),
            ]
        }
    }

    private func trustFinding(_ trust: TimestampVerdict.TSATrust, _ response: TimeStampResponse, _ signer: Certificate) -> CheckResult {
        switch trust {
        case .requiredWithoutAnchor, .noAnchor:
            return .notChecked(
                .receiptTimestampTrust, path,
                "token valid, TSA not trusted: no TSA anchor was given (--tsa-trust); TSA \(signer.subject), certificate SHA-256 \(signer.fingerprintSHA256)")
        case .notEvaluated(let error):
            return .notChecked(.receiptTimestampTrust, path, "token valid, but OpenSSL could not judge the TSA's chain on this machine: \(error)")
        case .trusted(let anchor):
            return .pass(
                .receiptTimestampTrust, path,
                "the TSA \(signer.subject) chains to \(anchor), an anchor given with --tsa-trust, with every certificate valid at genTime (revocation of the TSA is not judged for a receipt)"
            )
        case .opensslRejects(let problem):
            return .fail(.receiptTimestampUntrusted, path, "OpenSSL's RFC 3161 verification rejects the TSA's chain: \(problem)")
        case .untrusted(let reason):
            return .fail(.receiptTimestampUntrusted, path, "the TSA \(signer.subject) does not chain to any anchor given with --tsa-trust: \(reason)")
        case .expired(let reason):
            return .fail(
                .receiptTimestampUntrusted, path,
                "a certificate of the TSA's chain was not valid at genTime \(Timestamp(seconds: response.genTime).rfc3339): \(reason)")
        case .invalid(let reason):
            return .fail(.receiptTimestampUntrusted, path, "the TSA's certificate chain is not valid for time stamping: \(reason)")
        }
    }
}
