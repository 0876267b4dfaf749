import RialFormat

/// Every event's signature valid over the event's exact bytes, made by the event's actor, with
/// a certificate trusted at the right time; an unsigned appended event is NOT PRESENT. The
/// facts (``CustodySignatureFacts``) were established once, when first asked (``CustodyProvider``); the
/// rules and their wording are here.
struct CustodySignatureCheck: CustodyLogCheck {
    func run(_ log: CustodyLog, _ context: VerificationContext) -> [CheckResult] {
        log.files.flatMap { file in context.custodySignatures[file.seq].map(findings) ?? [] }
    }

    private func findings(_ facts: CustodySignatureFacts) -> [CheckResult] {
        let seq = facts.seq
        guard let path = facts.path else {
            if facts.event?.actor.certificateSHA256 != nil {
                return [
                    .fail(
                        .custodySignatureMissing, CustodyLogLayout.signaturePath(seq: seq),
                        "the event names the certificate that signed it, but its signature file is missing: the signature was removed", seq: seq)
                ]
            }
            if let event = facts.event, event.imported == nil {
                return [
                    .notPresent(
                        .custodySignature, facts.eventPath,
                        "the event is not signed: that \(event.actor.name) recorded it rests on the event's own word", seq: seq)
                ]
            }
            return []
        }
        guard let signature = facts.signature, let event = facts.event else {
            return [.notChecked(.custodySignature, path, "the event it signs could not be read, so there is nothing to check it against", seq: seq)]
        }
        let judge = DetachedSignatureJudge(
            codes: .custody, path: path, name: "the signature of event \(seq)", contentName: facts.eventPath,
            mismatchHint: "the event was edited after signing, or the signature belongs to another event", seq: seq)
        var results = judge.findings(signature)
        guard let parsed = signature.parsed, signature.isValid else { return results }
        if let mismatch = facts.identityMismatch {
            results.append(
                .fail(
                    .custodySignerMismatch, path,
                    "the signer is not the event's actor: \(mismatch); the signature was replaced by someone else's, or the actor edited", seq: seq))
            return results
        }
        if CustodySignatureFacts.isStatedAfterExpiry(event, parsed.signer, validNow: facts.isValidNow), let notAfter = parsed.signer.notAfter {
            results.append(
                .fail(
                    .custodyCertificateExpired, path,
                    "the event states \(event.timestamp.rfc3339), after its signer's certificate expired on \(Timestamp(seconds: notAfter).rfc3339): it was signed with a retired key",
                    seq: seq))
            return results
        }
        guard let trustFacts = facts.trust else { return results }
        let trust = SignerTrust(trustFacts)
        results += judge.findings(trust, trustFacts)
        if case .trusted = trust, let revocation = facts.revocation {
            results.append(RevocationJudge(codes: .custody, path: path, seq: seq).finding(revocation))
        }
        if !facts.isValidNow, trust.state != .invalid {
            let claimed = CustodySignatureFacts.claimedTime(parsed, event)
            results.append(
                .notChecked(
                    .custodySigningTime, path,
                    "the signer's certificate is not valid at the verification time (valid \(CustodySignerIdentity.validity(parsed.signer))); it was at \(CustodySignatureFacts.claimedWhat(parsed)), \(Timestamp(seconds: claimed).rfc3339), but nothing proves the event was signed then",
                    seq: seq))
        }
        return results
    }
}
