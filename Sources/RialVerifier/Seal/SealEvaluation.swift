import RialFormat
import RialCrypto

/// The seal (`rial/seal/manifest.p7s`) and its timestamp (`rial/seal/manifest.tsr`), judged
/// together once, because each depends on the other: the timestamp covers the seal's
/// signature value, and a trusted timestamp's genTime is the time the signer's certificates
/// are judged at (RFC 3161 Appendix B), so a certificate that expired after sealing does not
/// break a timestamped seal.
///
/// ``SealCheck`` and ``TimestampCheck`` report what this found.
struct SealEvaluation {
    private(set) var sealResults: [CheckResult] = []
    private(set) var timestampResults: [CheckResult] = []
    private(set) var seal: SealSummary?
    private(set) var timestamp: TimestampSummary?

    init(_ context: VerificationContext, policy: VerificationPolicy) {
        // A plain bag has no seal to look for, unless the policy demands one: then stripping
        // rial/ altogether must not turn a required seal into a pass.
        guard context.profile == .package || context.manifest != nil || policy.requiresSeal || policy.requiresTimestamp else { return }
        let signature = judgeSignature(context, policy: policy)
        let trustedTime = judgeTimestamp(context, policy: policy, signature: signature)
        judgeTrust(context, policy: policy, signature: signature, trustedTime: trustedTime)
    }

    // MARK: - The signature

    /// The parsed seal when its signature is valid over the manifest's exact bytes, or the
    /// parsed seal with `isValid == false` when only its shape is sound.
    private struct Signature {
        let parsed: DetachedSignature
        let isValid: Bool
    }

    private static let judge = DetachedSignatureJudge(
        codes: .seal, path: PackageLayout.seal, name: "the seal", contentName: "rial/manifest.json",
        mismatchHint: "the manifest was edited after sealing, or the seal was taken from another package")

    private mutating func judgeSignature(_ context: VerificationContext, policy: VerificationPolicy) -> Signature? {
        let path = PackageLayout.seal
        guard context.has(path) else {
            if policy.requiresSeal {
                sealResults.append(.fail(.sealRequired, path, "the verification policy requires a seal (--require-seal) and the package has none: it was never sealed, or its seal was stripped"))
            } else {
                sealResults.append(.notPresent(.seal, path, "the package is not sealed: nothing proves who made it"))
            }
            seal = summary(.missing)
            return nil
        }
        let manifest = context.bytes(PackageLayout.manifest).flatMap { bytes in
            context.inventory.files[PackageLayout.manifest]?.digests[.sha256].flatMap(Hex.decode).map { (bytes: bytes, sha256: $0) }
        }
        let outcome = Self.judge.judgeSignature(context.bytes(path), content: manifest)
        sealResults += outcome.results
        guard let parsed = outcome.parsed else {
            seal = summary(.invalid)
            return nil
        }
        if !outcome.isValid { seal = summary(.invalid, parsed) }
        return Signature(parsed: parsed, isValid: outcome.isValid)
    }

    // MARK: - The timestamp

    /// - Returns: genTime when the token is valid and its TSA trusted.
    private mutating func judgeTimestamp(_ context: VerificationContext, policy: VerificationPolicy, signature: Signature?) -> Int64? {
        let path = PackageLayout.sealTimestamp
        let otherTokens = context.inventory.files.keys.filter { PackageLayout.isTimestampResponse($0) && $0 != path }
        for other in otherTokens.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            timestampResults.append(.fail(.timestampUnexpectedFile, other, "a timestamp response under another name than rial/seal/manifest.tsr; it covers nothing this verifier knows"))
        }
        guard context.has(path) else {
            if policy.requiresTimestamp {
                timestampResults.append(.fail(.timestampRequired, path, "the verification policy requires a trusted timestamp (--require-timestamp) and the package has none: it was never timestamped, or the token was stripped"))
            } else {
                timestampResults.append(.notPresent(.timestamp, path, "the package has no trusted timestamp: nothing proves when it was sealed"))
            }
            timestamp = timestampSummary(.missing)
            return nil
        }
        guard let signature else {
            timestampFail(.timestampWithoutSeal, "a timestamp is present but the seal it covers is missing or unreadable")
            return nil
        }
        guard let bytes = context.bytes(path), !bytes.isEmpty else {
            timestampFail(.timestampMalformed, "the timestamp response is empty or too large to read")
            return nil
        }
        let response: TimeStampResponse
        do {
            response = try TimeStampResponse(der: bytes)
        } catch {
            switch error {
            case .malformed(let why): timestampFail(.timestampMalformed, "not an RFC 3161 timestamp response: \(why)")
            case .notGranted(let why): timestampFail(.timestampNotGranted, "the response carries no token: \(why)")
            }
            return nil
        }
        var chain: [Certificate] = []
        if let pem = context.bytes(PackageLayout.sealTimestampChain) {
            do {
                chain = try Certificate.load(pem: pem, source: PackageLayout.sealTimestampChain)
            } catch {
                timestampFail(.timestampChainMalformed, "rial/seal/tsa-chain.pem is not a list of PEM certificates: \(error)", response)
                return nil
            }
        }
        let expectedImprint = (try? StreamingDigest.digest(.sha256, of: signature.parsed.signatureValue)) ?? []
        guard response.imprintIsSHA256 else {
            timestampFail(.timestampImprintAlgorithm, "the token's message imprint is not SHA-256; rial accepts only SHA-256 imprints (OpenSSL itself does not check this)", response,
                          expected: "2.16.840.1.101.3.4.2.1 (SHA-256)", actual: response.imprintAlgorithm)
            return nil
        }
        guard response.imprint == expectedImprint else {
            timestampFail(.timestampImprintMismatch, "the token timestamps other bytes than this seal's signature value", response,
                          expected: Hex.encode(expectedImprint), actual: Hex.encode(response.imprint))
            return nil
        }
        guard let signer = response.signer(extra: chain) else {
            timestampFail(.timestampSignerMissing, "the TSA's certificate is neither in the token nor in rial/seal/tsa-chain.pem", response)
            return nil
        }
        guard response.signatureVerifies(extra: chain) else {
            timestampFail(.timestampSignatureInvalid, "the token's signature does not verify under the key of \(signer.subject)", response, signer: signer)
            return nil
        }
        guard signer.hasCriticalTimeStampingUsageOnly else {
            timestampFail(.timestampTsaEku, "the TSA certificate \(signer.subject) lacks the critical extended key usage timeStamping (and only it) that RFC 3161 §2.3 requires", response, signer: signer)
            return nil
        }
        if response.genTime > context.verificationTime.seconds {
            timestampFail(.timestampTimeFuture, "the token's genTime is after the verification time", response, signer: signer,
                          expected: "no later than \(context.verificationTime.rfc3339)", actual: Timestamp(seconds: response.genTime).rfc3339)
            return nil
        }
        if case .success(let manifest)? = context.manifest, response.genTime < manifest.created.seconds {
            timestampFail(.timestampTimeBeforePackage, "the token's genTime is before the package was created, so before the seal could exist; the token was made for something else or a clock was wrong", response, signer: signer,
                          expected: "no earlier than \(manifest.created.rfc3339)", actual: Timestamp(seconds: response.genTime).rfc3339)
            return nil
        }
        let intermediates = response.embeddedCertificates + chain
        // OpenSSL's own RFC 3161 check short of trust: signature and the ESS binding of the
        // token to this very certificate.
        if let problem = response.opensslProblem(anchors: [signer], intermediates: intermediates, imprint: expectedImprint, signerOnly: true) {
            timestampFail(.timestampSignatureInvalid, "OpenSSL's RFC 3161 verification rejects the token: \(problem)", response, signer: signer)
            return nil
        }
        let when = "genTime \(Timestamp(seconds: response.genTime).rfc3339), TSA \(signer.subject), token serial \(response.serialHex)"
        timestampResults.append(.pass(.timestampToken, path, "an RFC 3161 token over the SHA-256 of the seal's signature value: \(when)"))

        guard !policy.timestampAnchors.isEmpty else {
            if policy.requiresTimestamp {
                timestampResults.append(.fail(.timestampRequired, path, "the policy requires a trusted timestamp, but no TSA anchor was given: without one, anyone could have made this token"))
                timestamp = timestampSummary(.validUntrusted, response, signer)
                return nil
            }
            timestampResults.append(.notChecked(.timestampTrust, path,
                                                "timestamp valid, TSA not trusted: no TSA anchor was given (--tsa-trust); TSA \(signer.subject), certificate SHA-256 \(signer.fingerprintSHA256)"))
            timestamp = timestampSummary(.validUntrusted, response, signer)
            return nil
        }
        switch TrustStore(anchors: policy.timestampAnchors).validate(signer, intermediates: intermediates, at: response.genTime, purpose: .timeStamping) {
        case .trusted(let trustedChain):
            if let problem = response.opensslProblem(anchors: policy.timestampAnchors, intermediates: intermediates, imprint: expectedImprint) {
                timestampResults.append(.fail(.timestampTsaInvalid, path, "OpenSSL's RFC 3161 verification rejects the TSA's chain: \(problem)"))
                timestamp = timestampSummary(.invalid, response, signer)
                return nil
            }
            let anchor = trustedChain.last?.subject ?? "an anchor"
            timestampResults.append(.pass(.timestampTrust, path, "the TSA \(signer.subject) chains to \(anchor), an anchor given with --tsa-trust, with every certificate valid at genTime (revocation is not checked offline)"))
            timestamp = timestampSummary(.validTrusted, response, signer)
            return response.genTime
        case .untrusted(let reason):
            timestampResults.append(.fail(.timestampTsaUntrusted, path, "the TSA \(signer.subject) does not chain to any anchor given with --tsa-trust: \(reason)"))
            timestamp = timestampSummary(.validUntrusted, response, signer)
        case .expired(let reason), .notYetValid(let reason):
            timestampResults.append(.fail(.timestampTsaExpired, path, "a certificate of the TSA's chain was not valid at genTime \(Timestamp(seconds: response.genTime).rfc3339): \(reason)"))
            timestamp = timestampSummary(.invalid, response, signer)
        case .invalid(let reason):
            timestampResults.append(.fail(.timestampTsaInvalid, path, "the TSA's certificate chain is not valid for time stamping: \(reason)"))
            timestamp = timestampSummary(.invalid, response, signer)
        }
        return nil
    }

    private mutating func timestampFail(_ code: CheckResult.Code, _ message: String, _ response: TimeStampResponse? = nil, signer: Certificate? = nil,
                                        expected: String? = nil, actual: String? = nil) {
        timestampResults.append(.fail(code, PackageLayout.sealTimestamp, message, expected: expected, actual: actual))
        timestamp = timestampSummary(.invalid, response, signer)
    }

    // MARK: - Trust in the signer

    private mutating func judgeTrust(_ context: VerificationContext, policy: VerificationPolicy, signature: Signature?, trustedTime: Int64?) {
        guard let signature, signature.isValid else { return }
        let judgedAt = trustedTime ?? context.verificationTime.seconds
        if policy.requiresSeal && policy.sealAnchors.isEmpty {
            sealResults.append(.fail(.sealRequired, PackageLayout.seal, "the policy requires a trusted seal, but no trust anchor was given: without one, anyone could have made this seal"))
            seal = summary(.validUntrusted, signature.parsed, judgedAt: judgedAt)
            return
        }
        let why = trustedTime == nil ? "the verification time (no trusted timestamp)" : "the trusted timestamp's genTime"
        let trust = Self.judge.judgeCertificates(signature.parsed, anchors: policy.sealAnchors, judgedAt: judgedAt, why: why)
        sealResults += trust.results
        seal = summary(trust.state, signature.parsed, anchor: trust.anchor, judgedAt: judgedAt)
    }

    // MARK: - Summaries

    private func summary(_ state: SignatureState, _ parsed: DetachedSignature? = nil, anchor: String? = nil, judgedAt: Int64? = nil) -> SealSummary {
        let signer = parsed?.signer
        return SealSummary(state: state, signerSubject: signer?.subject, signerIssuer: signer?.issuer, signerSerial: signer?.serialHex,
                           signerFingerprint: signer?.fingerprintSHA256,
                           claimedSigningTime: parsed?.claimedSigningTime.map { Timestamp(seconds: $0) },
                           anchorSubject: anchor, judgedAt: judgedAt.map { Timestamp(seconds: $0) })
    }

    private func timestampSummary(_ state: SignatureState, _ response: TimeStampResponse? = nil, _ signer: Certificate? = nil) -> TimestampSummary {
        TimestampSummary(state: state, genTime: response.map { Timestamp(seconds: $0.genTime) }, genTimeText: response?.genTimeText,
                         serial: response?.serialHex, policy: response?.policy,
                         tsaSubject: signer?.subject, tsaSerial: signer?.serialHex, tsaFingerprint: signer?.fingerprintSHA256)
    }
}
