import RialFormat
import RialCrypto

/// How rial judges a detached CMS signature over some exact bytes: first its shape and value,
/// then its signer's certificates and trust. The seal (over `rial/manifest.json`) and every
/// signed custody event (over its own file) are judged by this one piece of code, so the two
/// can never drift apart (`schema/SPEC.md` §14.2–14.4, §15.6).
struct DetachedSignatureJudge {
    /// The codes of its findings: ``CheckResult/Code/SignatureCodes/seal`` or ``CheckResult/Code/SignatureCodes/custody``.
    let codes: CheckResult.Code.SignatureCodes
    /// The signature file, the subject of every finding.
    let path: String
    /// What the signature is, in a sentence: "the seal", "the signature of event 3".
    let name: String
    /// The file it must sign.
    let contentName: String
    /// How the signed bytes can differ, for the content-mismatch message.
    let mismatchHint: String
    /// The custody event, for custody findings.
    var seq: Int64? = nil

    /// What the signature check established.
    struct Signature {
        var results: [CheckResult] = []
        /// The parsed signature when its shape was sound.
        var parsed: DetachedSignature?
        /// Whether it is a valid signature over the content.
        var isValid = false
    }

    /// What the certificate check established.
    struct Trust {
        var results: [CheckResult] = []
        var state: SignatureState
        var anchor: String?
    }

    /// Judges `bytes` as a signature over `content`, whose SHA-256 is `contentSHA256`. Without
    /// content (it is missing or unreadable) only the signature's own shape is judged, and the
    /// signature is NOT CHECKED.
    func judgeSignature(_ bytes: [UInt8]?, content: (bytes: [UInt8], sha256: [UInt8])?) -> Signature {
        var outcome = Signature()
        func fail(_ code: CheckResult.Code, _ message: String) { outcome.results.append(finding(.fail(code, path, message))) }
        guard let bytes else {
            fail(codes.fileMalformed, "\(name) is too large to read; a signature is a few kilobytes")
            return outcome
        }
        guard !bytes.isEmpty else {
            fail(codes.fileEmpty, "\(name) is an empty file (zero bytes): a placeholder, not a signature")
            return outcome
        }
        let parsed: DetachedSignature
        do {
            parsed = try DetachedSignature(der: bytes)
        } catch {
            switch error {
            case .malformed(let why): fail(codes.fileMalformed, "\(name) is not a DER CMS structure: \(why)")
            case .shape(let why): fail(codes.fileStructure, "\(name) is not a detached CMS SignedData with one signer: \(why)")
            case .algorithm(let why): fail(codes.fileAlgorithm, "\(name) must use SHA-256 and ECDSA P-256: \(why)")
            }
            return outcome
        }
        outcome.parsed = parsed
        if let problem = ECDSASignatureValue.problem(with: parsed.signatureValue) {
            switch problem {
            case .empty:
                fail(codes.signatureEmpty, "the signature value of \(name) is zero bytes long: a placeholder, not a signature")
            case .placeholder(let why):
                fail(codes.signaturePlaceholder, "the signature value of \(name) is a placeholder, not an ECDSA signature: \(why)")
            case .highS:
                fail(codes.signatureHighS, "the ECDSA signature of \(name) is in its high-S form; rial accepts only the canonical low-S form, because the high-S twin is a second valid signature anyone can make without the key, and a timestamp covers the exact signature bytes (schema/SPEC.md §14.3)")
            }
            return outcome
        }
        guard let content else {
            outcome.results.append(finding(.notChecked(codes.signature, path, "\(contentName) is missing or unreadable, so there is nothing to check \(name) against")))
            return outcome
        }
        guard parsed.signsContent(sha256: content.sha256) else {
            fail(codes.contentMismatch, "\(name) was made over other bytes than \(contentName): \(mismatchHint)")
            return outcome
        }
        guard parsed.signatureVerifies(), parsed.opensslVerifies(content: content.bytes) else {
            fail(codes.signatureInvalid, "\(name) does not verify under the public key of the certificate it names (\(parsed.signer.subject)): it was made with another key, or altered")
            return outcome
        }
        outcome.results.append(finding(.pass(codes.signature, path,
            "valid ECDSA P-256 signature over the exact bytes of \(contentName) by \(parsed.signer.subject) (certificate SHA-256 \(parsed.signer.fingerprintSHA256))")))
        outcome.isValid = true
        return outcome
    }

    /// Judges the signer's certificates at `judgedAt` (`why` says what that time is) and,
    /// when `anchors` are given, whether the signer chains to one. Without anchors trust is
    /// NOT CHECKED: a certificate inside a package is never an anchor.
    func judgeCertificates(_ parsed: DetachedSignature, anchors: [Certificate], judgedAt: Int64, why: String) -> Trust {
        let signer = parsed.signer
        let judged = "\(Timestamp(seconds: judgedAt).rfc3339), \(why)"
        func fail(_ code: CheckResult.Code, _ message: String) -> Trust {
            Trust(results: [finding(.fail(code, path, message))], state: .invalid)
        }
        if let notAfter = signer.notAfter, notAfter < judgedAt {
            return fail(codes.certificateExpired, "the signer's certificate expired on \(Timestamp(seconds: notAfter).rfc3339), before \(judged)")
        }
        if let notBefore = signer.notBefore, notBefore > judgedAt {
            return fail(codes.certificateNotYetValid, "the signer's certificate is valid only from \(Timestamp(seconds: notBefore).rfc3339), after \(judged)")
        }
        if let claimed = parsed.claimedSigningTime, let notAfter = signer.notAfter, claimed > notAfter {
            return fail(codes.certificateExpired, "the signingTime \(Timestamp(seconds: claimed).rfc3339) that \(name) claims is after its certificate expired on \(Timestamp(seconds: notAfter).rfc3339)")
        }
        guard !anchors.isEmpty else {
            let result = CheckResult.notChecked(codes.trust, path,
                "signature valid, signer not trusted: no trust anchor was given (--trust, --trust-dir), and certificates inside a package are never anchors; signer \(signer.subject), certificate SHA-256 \(signer.fingerprintSHA256)")
            return Trust(results: [finding(result)], state: .validUntrusted)
        }
        switch TrustStore(anchors: anchors).validate(signer, intermediates: parsed.embeddedCertificates, at: judgedAt, purpose: .any) {
        case .trusted(let chain):
            let anchor = chain.last?.subject
            let result = CheckResult.pass(codes.trust, path,
                "the signer \(signer.subject) chains to \(anchor ?? "an anchor"), an anchor given with --trust; certificates judged at \(judged) (revocation is not checked offline)")
            return Trust(results: [finding(result)], state: .validTrusted, anchor: anchor)
        case .untrusted(let reason):
            let anchorPrints = Set(anchors.map(\.fingerprintSHA256))
            let ownRoot = parsed.embeddedCertificates.first { $0.isSelfIssued && !anchorPrints.contains($0.fingerprintSHA256) }
            let note = ownRoot.map { "; the package carries its own root \($0.subject), which is never an anchor" } ?? ""
            var trust = fail(codes.signerUntrusted, "signature valid, signer not trusted: \(signer.subject) does not chain to any anchor given with --trust (\(reason))\(note)")
            trust.state = .validUntrusted
            return trust
        case .expired(let reason):
            return fail(codes.certificateExpired, "a certificate on the signer's chain was not valid at \(judged): \(reason)")
        case .notYetValid(let reason):
            return fail(codes.certificateNotYetValid, "a certificate on the signer's chain was not yet valid at \(judged): \(reason)")
        case .invalid(let reason):
            return fail(codes.certificateInvalid, "the signer's certificate chain is not valid: \(reason)")
        }
    }

    private func finding(_ result: CheckResult) -> CheckResult { seq == nil ? result : result.about(seq: seq) }
}
