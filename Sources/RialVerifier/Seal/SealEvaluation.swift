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

    private mutating func judgeSignature(_ context: VerificationContext, policy: VerificationPolicy) -> Signature? {
        let path = PackageLayout.seal
        guard context.has(path) else {
            if policy.requiresSeal {
                sealResults.append(.fail("seal.required", path, "the verification policy requires a seal (--require-seal) and the package has none: it was never sealed, or its seal was stripped"))
            } else {
                sealResults.append(.notPresent("seal", path, "the package is not sealed: nothing proves who made it"))
            }
            seal = summary(.missing)
            return nil
        }
        guard let bytes = context.bytes(path) else {
            fail("seal.malformed", "the seal is too large to read; a seal is a few kilobytes")
            return nil
        }
        guard !bytes.isEmpty else {
            fail("seal.empty", "the seal file is empty (zero bytes): a placeholder, not a signature")
            return nil
        }
        let parsed: DetachedSignature
        do {
            parsed = try DetachedSignature(der: bytes)
        } catch {
            switch error {
            case .malformed(let why): fail("seal.malformed", "the seal is not a DER CMS structure: \(why)")
            case .shape(let why): fail("seal.structure", "the seal is not a detached CMS SignedData with one signer: \(why)")
            case .algorithm(let why): fail("seal.algorithm", "the seal must use SHA-256 and ECDSA P-256: \(why)")
            }
            return nil
        }
        if let problem = ECDSASignatureValue.problem(with: parsed.signatureValue) {
            switch problem {
            case .empty:
                fail("seal.signature.empty", "the seal's signature value is zero bytes long: a placeholder, not a signature", parsed)
            case .placeholder(let why):
                fail("seal.signature.placeholder", "the seal's signature value is a placeholder, not an ECDSA signature: \(why)", parsed)
            case .highS:
                fail("seal.signature.high-s", "the ECDSA signature is in its high-S form; rial accepts only the canonical low-S form, because the high-S twin is a second valid seal anyone can make without the key, and a timestamp covers the exact signature bytes (schema/SPEC.md §14)", parsed)
            }
            return Signature(parsed: parsed, isValid: false)
        }
        guard let manifest = context.bytes(PackageLayout.manifest),
              let fingerprint = context.inventory.files[PackageLayout.manifest]?.digests[.sha256].flatMap(Hex.decode) else {
            sealResults.append(.notChecked("seal.signature", path, "rial/manifest.json is missing or unreadable, so there is nothing to check the seal against"))
            seal = summary(.invalid, parsed)
            return Signature(parsed: parsed, isValid: false)
        }
        guard parsed.signsContent(sha256: fingerprint) else {
            fail("seal.content.mismatch", "the seal was made over other bytes than this package's rial/manifest.json: the manifest was edited after sealing, or the seal was taken from another package", parsed)
            return Signature(parsed: parsed, isValid: false)
        }
        guard parsed.signatureVerifies(), parsed.opensslVerifies(content: manifest) else {
            fail("seal.signature.invalid", "the signature does not verify under the public key of the certificate the seal names (\(parsed.signer.subject)): it was made with another key, or altered", parsed)
            return Signature(parsed: parsed, isValid: false)
        }
        sealResults.append(.pass("seal.signature", path,
                                 "valid ECDSA P-256 signature over the exact bytes of rial/manifest.json by \(parsed.signer.subject) (certificate SHA-256 \(parsed.signer.fingerprintSHA256))"))
        return Signature(parsed: parsed, isValid: true)
    }

    private mutating func fail(_ code: String, _ message: String, _ parsed: DetachedSignature? = nil) {
        sealResults.append(.fail(code, PackageLayout.seal, message))
        seal = summary(.invalid, parsed)
    }

    // MARK: - The timestamp

    /// - Returns: genTime when the token is valid and its TSA trusted.
    private mutating func judgeTimestamp(_ context: VerificationContext, policy: VerificationPolicy, signature: Signature?) -> Int64? {
        let path = PackageLayout.sealTimestamp
        let otherTokens = context.inventory.files.keys.filter { PackageLayout.isTimestampResponse($0) && $0 != path }
        for other in otherTokens.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            timestampResults.append(.fail("timestamp.unexpected-file", other, "a timestamp response under another name than rial/seal/manifest.tsr; it covers nothing this verifier knows"))
        }
        guard context.has(path) else {
            if policy.requiresTimestamp {
                timestampResults.append(.fail("timestamp.required", path, "the verification policy requires a trusted timestamp (--require-timestamp) and the package has none: it was never timestamped, or the token was stripped"))
            } else {
                timestampResults.append(.notPresent("timestamp", path, "the package has no trusted timestamp: nothing proves when it was sealed"))
            }
            timestamp = timestampSummary(.missing)
            return nil
        }
        guard let signature else {
            timestampFail("timestamp.without-seal", "a timestamp is present but the seal it covers is missing or unreadable")
            return nil
        }
        guard let bytes = context.bytes(path), !bytes.isEmpty else {
            timestampFail("timestamp.malformed", "the timestamp response is empty or too large to read")
            return nil
        }
        let response: TimeStampResponse
        do {
            response = try TimeStampResponse(der: bytes)
        } catch {
            switch error {
            case .malformed(let why): timestampFail("timestamp.malformed", "not an RFC 3161 timestamp response: \(why)")
            case .notGranted(let why): timestampFail("timestamp.not-granted", "the response carries no token: \(why)")
            }
            return nil
        }
        var chain: [Certificate] = []
        if let pem = context.bytes(PackageLayout.sealTimestampChain) {
            do {
                chain = try Certificate.load(pem: pem, source: PackageLayout.sealTimestampChain)
            } catch {
                timestampFail("timestamp.chain.malformed", "rial/seal/tsa-chain.pem is not a list of PEM certificates: \(error)", response)
                return nil
            }
        }
        let expectedImprint = (try? StreamingDigest.digest(.sha256, of: signature.parsed.signatureValue)) ?? []
        guard response.imprintIsSHA256 else {
            timestampFail("timestamp.imprint.algorithm", "the token's message imprint is not SHA-256; rial accepts only SHA-256 imprints (OpenSSL itself does not check this)", response,
                          expected: "2.16.840.1.101.3.4.2.1 (SHA-256)", actual: response.imprintAlgorithm)
            return nil
        }
        guard response.imprint == expectedImprint else {
            timestampFail("timestamp.imprint.mismatch", "the token timestamps other bytes than this seal's signature value", response,
                          expected: Hex.encode(expectedImprint), actual: Hex.encode(response.imprint))
            return nil
        }
        guard let signer = response.signer(extra: chain) else {
            timestampFail("timestamp.signer.missing", "the TSA's certificate is neither in the token nor in rial/seal/tsa-chain.pem", response)
            return nil
        }
        guard response.signatureVerifies(extra: chain) else {
            timestampFail("timestamp.signature.invalid", "the token's signature does not verify under the key of \(signer.subject)", response, signer: signer)
            return nil
        }
        guard signer.hasCriticalTimeStampingUsageOnly else {
            timestampFail("timestamp.tsa.eku", "the TSA certificate \(signer.subject) lacks the critical extended key usage timeStamping (and only it) that RFC 3161 §2.3 requires", response, signer: signer)
            return nil
        }
        if response.genTime > context.verificationTime.seconds {
            timestampFail("timestamp.time.future", "the token's genTime is after the verification time", response, signer: signer,
                          expected: "no later than \(context.verificationTime.rfc3339)", actual: Timestamp(seconds: response.genTime).rfc3339)
            return nil
        }
        if case .success(let manifest)? = context.manifest, response.genTime < manifest.created.seconds {
            timestampFail("timestamp.time.before-package", "the token's genTime is before the package was created, so before the seal could exist; the token was made for something else or a clock was wrong", response, signer: signer,
                          expected: "no earlier than \(manifest.created.rfc3339)", actual: Timestamp(seconds: response.genTime).rfc3339)
            return nil
        }
        let intermediates = response.embeddedCertificates + chain
        // OpenSSL's own RFC 3161 check short of trust: signature and the ESS binding of the
        // token to this very certificate.
        if let problem = response.opensslProblem(anchors: [signer], intermediates: intermediates, imprint: expectedImprint, signerOnly: true) {
            timestampFail("timestamp.signature.invalid", "OpenSSL's RFC 3161 verification rejects the token: \(problem)", response, signer: signer)
            return nil
        }
        let when = "genTime \(Timestamp(seconds: response.genTime).rfc3339), TSA \(signer.subject), token serial \(response.serialHex)"
        timestampResults.append(.pass("timestamp.token", path, "an RFC 3161 token over the SHA-256 of the seal's signature value: \(when)"))

        guard !policy.timestampAnchors.isEmpty else {
            if policy.requiresTimestamp {
                timestampResults.append(.fail("timestamp.required", path, "the policy requires a trusted timestamp, but no TSA anchor was given: without one, anyone could have made this token"))
                timestamp = timestampSummary(.validUntrusted, response, signer)
                return nil
            }
            timestampResults.append(.notChecked("timestamp.trust", path,
                                                "timestamp valid, TSA not trusted: no TSA anchor was given (--tsa-trust); TSA \(signer.subject), certificate SHA-256 \(signer.fingerprintSHA256)"))
            timestamp = timestampSummary(.validUntrusted, response, signer)
            return nil
        }
        switch TrustStore(anchors: policy.timestampAnchors).validate(signer, intermediates: intermediates, at: response.genTime, purpose: .timeStamping) {
        case .trusted(let trustedChain):
            if let problem = response.opensslProblem(anchors: policy.timestampAnchors, intermediates: intermediates, imprint: expectedImprint) {
                timestampResults.append(.fail("timestamp.tsa.invalid", path, "OpenSSL's RFC 3161 verification rejects the TSA's chain: \(problem)"))
                timestamp = timestampSummary(.invalid, response, signer)
                return nil
            }
            let anchor = trustedChain.last?.subject ?? "an anchor"
            timestampResults.append(.pass("timestamp.trust", path, "the TSA \(signer.subject) chains to \(anchor), an anchor given with --tsa-trust, with every certificate valid at genTime (revocation is not checked offline)"))
            timestamp = timestampSummary(.validTrusted, response, signer)
            return response.genTime
        case .untrusted(let reason):
            timestampResults.append(.fail("timestamp.tsa.untrusted", path, "the TSA \(signer.subject) does not chain to any anchor given with --tsa-trust: \(reason)"))
            timestamp = timestampSummary(.validUntrusted, response, signer)
        case .expired(let reason), .notYetValid(let reason):
            timestampResults.append(.fail("timestamp.tsa.expired", path, "a certificate of the TSA's chain was not valid at genTime \(Timestamp(seconds: response.genTime).rfc3339): \(reason)"))
            timestamp = timestampSummary(.invalid, response, signer)
        case .invalid(let reason):
            timestampResults.append(.fail("timestamp.tsa.invalid", path, "the TSA's certificate chain is not valid for time stamping: \(reason)"))
            timestamp = timestampSummary(.invalid, response, signer)
        }
        return nil
    }

    private mutating func timestampFail(_ code: String, _ message: String, _ response: TimeStampResponse? = nil, signer: Certificate? = nil,
                                        expected: String? = nil, actual: String? = nil) {
        timestampResults.append(.fail(code, PackageLayout.sealTimestamp, message, expected: expected, actual: actual))
        timestamp = timestampSummary(.invalid, response, signer)
    }

    // MARK: - Trust in the signer

    private mutating func judgeTrust(_ context: VerificationContext, policy: VerificationPolicy, signature: Signature?, trustedTime: Int64?) {
        guard let signature, signature.isValid else { return }
        let signer = signature.parsed.signer
        let path = PackageLayout.seal
        let judgedAt = trustedTime ?? context.verificationTime.seconds
        let why = trustedTime == nil ? "the verification time (no trusted timestamp)" : "the trusted timestamp's genTime"
        let judged = "\(Timestamp(seconds: judgedAt).rfc3339), \(why)"

        if let notAfter = signer.notAfter, notAfter < judgedAt {
            certificateFail("seal.certificate.expired", "the signer's certificate expired on \(Timestamp(seconds: notAfter).rfc3339), before \(judged)", signature.parsed, judgedAt)
            return
        }
        if let notBefore = signer.notBefore, notBefore > judgedAt {
            certificateFail("seal.certificate.not-yet-valid", "the signer's certificate is valid only from \(Timestamp(seconds: notBefore).rfc3339), after \(judged)", signature.parsed, judgedAt)
            return
        }
        if let claimed = signature.parsed.claimedSigningTime, let notAfter = signer.notAfter, claimed > notAfter {
            certificateFail("seal.certificate.expired", "the seal's own signingTime \(Timestamp(seconds: claimed).rfc3339) is after its certificate expired on \(Timestamp(seconds: notAfter).rfc3339)", signature.parsed, judgedAt)
            return
        }
        guard !policy.sealAnchors.isEmpty else {
            if policy.requiresSeal {
                sealResults.append(.fail("seal.required", path, "the policy requires a trusted seal, but no trust anchor was given: without one, anyone could have made this seal"))
                seal = summary(.validUntrusted, signature.parsed, judgedAt: judgedAt)
                return
            }
            sealResults.append(.notChecked("seal.trust", path,
                                           "signature valid, signer not trusted: no trust anchor was given (--trust, --trust-dir), and certificates inside a package are never anchors; signer \(signer.subject), certificate SHA-256 \(signer.fingerprintSHA256)"))
            seal = summary(.validUntrusted, signature.parsed, judgedAt: judgedAt)
            return
        }
        switch TrustStore(anchors: policy.sealAnchors).validate(signer, intermediates: signature.parsed.embeddedCertificates, at: judgedAt, purpose: .any) {
        case .trusted(let chain):
            let anchor = chain.last?.subject
            sealResults.append(.pass("seal.trust", path, "the signer \(signer.subject) chains to \(anchor ?? "an anchor"), an anchor given with --trust; certificates judged at \(judged) (revocation is not checked offline)"))
            seal = summary(.validTrusted, signature.parsed, anchor: anchor, judgedAt: judgedAt)
        case .untrusted(let reason):
            let anchorPrints = Set(policy.sealAnchors.map(\.fingerprintSHA256))
            let ownRoot = signature.parsed.embeddedCertificates.first { $0.isSelfIssued && !anchorPrints.contains($0.fingerprintSHA256) }
            let note = ownRoot.map { "; the package carries its own root \($0.subject), which is never an anchor" } ?? ""
            sealResults.append(.fail("seal.signer.untrusted", path, "signature valid, signer not trusted: \(signer.subject) does not chain to any anchor given with --trust (\(reason))\(note)"))
            seal = summary(.validUntrusted, signature.parsed, judgedAt: judgedAt)
        case .expired(let reason):
            certificateFail("seal.certificate.expired", "a certificate on the signer's chain was not valid at \(judged): \(reason)", signature.parsed, judgedAt)
        case .notYetValid(let reason):
            certificateFail("seal.certificate.not-yet-valid", "a certificate on the signer's chain was not yet valid at \(judged): \(reason)", signature.parsed, judgedAt)
        case .invalid(let reason):
            certificateFail("seal.certificate.invalid", "the signer's certificate chain is not valid: \(reason)", signature.parsed, judgedAt)
        }
    }

    private mutating func certificateFail(_ code: String, _ message: String, _ parsed: DetachedSignature, _ judgedAt: Int64) {
        sealResults.append(.fail(code, PackageLayout.seal, message))
        seal = summary(.invalid, parsed, judgedAt: judgedAt)
    }

    // MARK: - Summaries

    private func summary(_ state: SealState, _ parsed: DetachedSignature? = nil, anchor: String? = nil, judgedAt: Int64? = nil) -> SealSummary {
        let signer = parsed?.signer
        return SealSummary(state: state, signerSubject: signer?.subject, signerIssuer: signer?.issuer, signerSerial: signer?.serialHex,
                           signerFingerprint: signer?.fingerprintSHA256,
                           claimedSigningTime: parsed?.claimedSigningTime.map { Timestamp(seconds: $0) },
                           anchorSubject: anchor, judgedAt: judgedAt.map { Timestamp(seconds: $0) })
    }

    private func timestampSummary(_ state: SealState, _ response: TimeStampResponse? = nil, _ signer: Certificate? = nil) -> TimestampSummary {
        TimestampSummary(state: state, genTime: response.map { Timestamp(seconds: $0.genTime) }, genTimeText: response?.genTimeText,
                         serial: response?.serialHex, policy: response?.policy,
                         tsaSubject: signer?.subject, tsaSerial: signer?.serialHex, tsaFingerprint: signer?.fingerprintSHA256)
    }
}
