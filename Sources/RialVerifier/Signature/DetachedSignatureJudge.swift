import RialFormat
import RialCrypto

/// How rial words its findings about a detached CMS signature over some exact bytes: first its
/// shape and value (``DetachedSignatureFacts``), then its signer's certificates and trust
/// (``SignerTrust``). The seal check (over `rial/manifest.json`) and the custody signature
/// check (each event over its own file) both use this one piece of code, so the two can never
/// drift apart (`schema/SPEC.md` §14.2–14.4, §15.6).
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
    /// Whether revocation of the signer is judged in a finding of its own (the seal's and
    /// custody signers' are; a receipt's signer is not), so the trust finding says which.
    var judgesRevocation = true

    /// The findings about the signature itself: one failure, a NOT CHECKED (no content to check
    /// against, or OpenSSL could not check), or the pass. Without content only the signature's
    /// own shape is judged.
    func findings(_ facts: DetachedSignatureFacts) -> [CheckResult] {
        func fail(_ code: CheckResult.Code, _ message: String) -> [CheckResult] { [finding(.fail(code, path, message))] }
        let parsed: DetachedSignature
        switch facts.reading {
        case .unreadable:
            return fail(codes.fileMalformed, "\(name) is too large to read; a signature is a few kilobytes")
        case .empty:
            return fail(codes.fileEmpty, "\(name) is an empty file (zero bytes): a placeholder, not a signature")
        case .malformed(.malformed(let why)):
            return fail(codes.fileMalformed, "\(name) is not a DER CMS structure: \(why)")
        case .malformed(.shape(let why)):
            return fail(codes.fileStructure, "\(name) is not a detached CMS SignedData with one signer: \(why)")
        case .malformed(.algorithm(let why)):
            return fail(codes.fileAlgorithm, "\(name) must use SHA-256 and ECDSA P-256: \(why)")
        case .parsed(let signature):
            parsed = signature
        }
        switch facts.valueProblem {
        case .empty?:
            return fail(codes.signatureEmpty, "the signature value of \(name) is zero bytes long: a placeholder, not a signature")
        case .placeholder(let why)?:
            return fail(codes.signaturePlaceholder, "the signature value of \(name) is a placeholder, not an ECDSA signature: \(why)")
        case .highS?:
            return fail(
                codes.signatureHighS,
                "the ECDSA signature of \(name) is in its high-S form; rial accepts only the canonical low-S form, because the high-S twin is a second valid signature anyone can make without the key, and a timestamp covers the exact signature bytes (schema/SPEC.md §14.3)"
            )
        case nil:
            break
        }
        guard facts.hasContent else {
            return [finding(.notChecked(codes.signature, path, "\(contentName) is missing or unreadable, so there is nothing to check \(name) against"))]
        }
        guard facts.signsContent else {
            return fail(codes.contentMismatch, "\(name) was made over other bytes than \(contentName): \(mismatchHint)")
        }
        switch facts.verification {
        case .success(true)?:
            return [
                finding(
                    .pass(
                        codes.signature, path,
                        "valid ECDSA P-256 signature over the exact bytes of \(contentName) by \(parsed.signer.subject) (certificate SHA-256 \(parsed.signer.fingerprintSHA256))"
                    ))
            ]
        case .failure(let error)?:
            return [
                finding(.notChecked(codes.signature, path, "OpenSSL could not check \(name) on this machine, so it is neither accepted nor rejected: \(error)"))
            ]
        case .success(false)?, nil:
            return fail(
                codes.signatureInvalid,
                "\(name) does not verify under the public key of the certificate it names (\(parsed.signer.subject)): it was made with another key, or altered")
        }
    }

    /// The finding about the signer's certificates and trust, as ``SignerTrust`` judged them
    /// at the facts' time.
    func findings(_ trust: SignerTrust, _ facts: SignerTrustFacts) -> [CheckResult] {
        let signer = facts.signer
        let judged = "\(Timestamp(seconds: facts.judgedAt).rfc3339), \(facts.judgedAtBasis)"
        func fail(_ code: CheckResult.Code, _ message: String) -> [CheckResult] { [finding(.fail(code, path, message))] }
        switch trust {
        case .certificateExpired(let notAfter):
            return fail(codes.certificateExpired, "the signer's certificate expired on \(Timestamp(seconds: notAfter).rfc3339), before \(judged)")
        case .certificateNotYetValid(let notBefore):
            return fail(codes.certificateNotYetValid, "the signer's certificate is valid only from \(Timestamp(seconds: notBefore).rfc3339), after \(judged)")
        case .claimedAfterExpiry(let claimed, let notAfter):
            return fail(
                codes.certificateExpired,
                "the signingTime \(Timestamp(seconds: claimed).rfc3339) that \(name) claims is after its certificate expired on \(Timestamp(seconds: notAfter).rfc3339)"
            )
        case .noAnchors:
            return [
                finding(
                    .notChecked(
                        codes.trust, path,
                        "signature valid, signer not trusted: no trust anchor was given (--trust, --trust-dir), and certificates inside a package are never anchors; signer \(signer.subject), certificate SHA-256 \(signer.fingerprintSHA256)"
                    ))
            ]
        case .notEvaluated(let error):
            return [
                finding(
                    .notChecked(
                        codes.trust, path,
                        "signature valid, but OpenSSL could not validate the signer's chain on this machine, so \(signer.subject) is neither trusted nor rejected: \(error)"
                    ))
            ]
        case .trusted(let anchor):
            return [
                finding(
                    .pass(
                        codes.trust, path,
                        "the signer \(signer.subject) chains to \(anchor ?? "an anchor"), an anchor given with --trust; certificates judged at \(judged); \(judgesRevocation ? "revocation is judged in its own finding" : "revocation is not judged here")"
                    ))
            ]
        case .untrusted(let reason, let ownRoot):
            let note = ownRoot.map { "; the package carries its own root \($0.subject), which is never an anchor" } ?? ""
            let message = "signature valid, signer not trusted: \(signer.subject) does not chain to any anchor given with --trust (\(reason))\(note)"
            // A seal is the package's claim of who made it: an examiner who names the anchors and
            // gets another signer has a failed expectation. A custody event signed by someone else
            // (the lab, a courier) is only unjudged: untrusted is not broken (§15.6).
            guard codes.untrustedSignerFails else {
                return [
                    finding(.notChecked(codes.signerUntrusted, path, message + "; who signed it is not established: give its root with --trust to judge it"))
                ]
            }
            return fail(codes.signerUntrusted, message)
        case .chainExpired(let reason):
            return fail(codes.certificateExpired, "a certificate on the signer's chain was not valid at \(judged): \(reason)")
        case .chainNotYetValid(let reason):
            return fail(codes.certificateNotYetValid, "a certificate on the signer's chain was not yet valid at \(judged): \(reason)")
        case .chainInvalid(let reason):
            return fail(codes.certificateInvalid, "the signer's certificate chain is not valid: \(reason)")
        }
    }

    private func finding(_ result: CheckResult) -> CheckResult { seq == nil ? result : result.about(seq: seq) }
}
