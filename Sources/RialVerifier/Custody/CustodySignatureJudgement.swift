import RialFormat
import RialCrypto

/// One custody event's signature (`NNNNNN.p7s`), judged once: valid over the event's exact
/// bytes, made by the event's actor, with a certificate trusted at the right time. The
/// signature check reports ``results``; the seal-record check and the report's custody
/// summary read ``state`` and the signer.
struct CustodySignatureJudgement {
    var results: [CheckResult] = []
    var state: SignatureState = .missing
    /// The signer's subject, when the signature parsed.
    var signer: String?
    /// The signer certificate's SHA-256, when the signature parsed.
    var fingerprint: String?

    var isValid: Bool { state == .validTrusted || state == .validUntrusted }

    /// Judges the signature of `file`, stored at `path` (`nil`: the event has none).
    init(_ file: CustodyEventFile, path: String?, anchors: [Certificate], verificationTime: Timestamp, bytes: (String) -> [UInt8]?) {
        let claimed = file.event?.actor.certificateSHA256
        guard let path else {
            if claimed != nil {
                results.append(.fail(.custodySignatureMissing, CustodyLogLayout.signaturePath(seq: file.seq),
                                     "the event names the certificate that signed it, but its signature file is missing: the signature was removed", seq: file.seq))
                state = .invalid
            } else if let event = file.event, event.imported == nil {
                results.append(.notPresent(.custodySignature, file.path,
                                           "the event is not signed: that \(event.actor.name) recorded it rests on the event's own word", seq: file.seq))
            }
            return
        }
        guard let event = file.event, let content = file.bytes, let digest = file.sha256.flatMap(Hex.decode) else {
            results.append(.notChecked(.custodySignature, path, "the event it signs could not be read, so there is nothing to check it against", seq: file.seq))
            state = .invalid
            return
        }
        let judge = DetachedSignatureJudge(codes: .custody, path: path, name: "the signature of event \(file.seq)",
                                           contentName: file.path, mismatchHint: "the event was edited after signing, or the signature belongs to another event",
                                           seq: file.seq)
        let signature = judge.judgeSignature(bytes(path), content: (content, digest))
        results += signature.results
        signer = signature.parsed?.signer.subject
        fingerprint = signature.parsed?.signer.fingerprintSHA256
        guard let parsed = signature.parsed, signature.isValid else {
            state = .invalid
            return
        }
        if let mismatch = CustodySignerIdentity.mismatch(parsed.signer, event.actor) {
            results.append(.fail(.custodySignerMismatch, path,
                                 "the signer is not the event's actor: \(mismatch); the signature was replaced by someone else's, or the actor edited", seq: file.seq))
            state = .invalid
            return
        }
        judgeTrust(parsed, event: event, path: path, seq: file.seq, judge: judge, anchors: anchors, now: verificationTime.seconds)
    }

    /// Events carry no trusted time. A certificate valid at the verification time is judged
    /// then, as a seal without a timestamp is; one that has expired since is judged at the
    /// signing time the signature claims (else the event's stated time), so a hand-over signed
    /// years ago stays valid, and the report says this rests on the signer's word. (The claimed
    /// signing time, not the event's: PACKAGED states the package's creation time, which
    /// `--created` may set before the certificate existed.)
    private mutating func judgeTrust(_ parsed: DetachedSignature, event: CustodyEvent, path: String, seq: Int64,
                                     judge: DetachedSignatureJudge, anchors: [Certificate], now: Int64) {
        let signer = parsed.signer
        let validNow = (signer.notBefore.map { $0 <= now } ?? true) && (signer.notAfter.map { $0 >= now } ?? true)
        let claimedTime = parsed.claimedSigningTime ?? event.timestamp.seconds
        let claimedWhat = parsed.claimedSigningTime == nil ? "the event's stated time (the signature claims no signing time)" : "the signing time the signature claims"
        let judgedAt = validNow ? now : claimedTime
        let why = validNow ? "the verification time (custody events carry no trusted timestamp)"
                           : "\(claimedWhat), as the certificate is no longer valid (custody events carry no trusted timestamp)"
        // An event that states a time after its certificate expired was signed with a retired
        // key, whatever signing time the signature claims.
        if !validNow, let notAfter = signer.notAfter, event.timestamp.seconds > notAfter {
            results.append(.fail(.custodyCertificateExpired, path,
                "the event states \(event.timestamp.rfc3339), after its signer's certificate expired on \(Timestamp(seconds: notAfter).rfc3339): it was signed with a retired key", seq: seq))
            state = .invalid
            return
        }
        let trust = judge.judgeCertificates(parsed, anchors: anchors, judgedAt: judgedAt, why: why)
        results += trust.results
        state = trust.state
        if !validNow, trust.state != .invalid {
            results.append(.notChecked(.custodySigningTime, path,
                "the signer's certificate is not valid at the verification time (valid \(CustodySignerIdentity.validity(signer))); it was at \(claimedWhat), \(Timestamp(seconds: claimedTime).rfc3339), but nothing proves the event was signed then", seq: seq))
        }
    }
}
