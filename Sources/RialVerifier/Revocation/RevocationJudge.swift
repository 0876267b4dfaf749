import RialCrypto
import RialFormat

/// How rial words a chain's revocation (``RevocationVerdict``): one finding, with its own code
/// for each state, naming the time that matters, every certificate's answer and the evidence
/// it came from. The seal, its timestamp and the custody events share these words.
struct RevocationJudge {
    let codes: CheckResult.Code.RevocationCodes
    /// The signature file the finding is about.
    let path: String
    /// The custody event, for custody findings.
    var seq: Int64? = nil

    func finding(_ facts: RevocationFacts) -> CheckResult {
        let verdict = RevocationVerdict(facts)
        let time = "\(Timestamp(seconds: facts.time.seconds).rfc3339), \(facts.time.basis)"
        let leaf = facts.certificates.first?.certificate
        let whom = leaf.map { "\(facts.role) \($0.subject)" } ?? facts.role
        let result: CheckResult
        switch verdict {
        case .notGiven:
            result = .notChecked(
                codes.checked, path,
                "revocation not checked: no revocation evidence was given (--crl, --ocsp) or stapled in the package, and rial fetches nothing, so whether \(facts.role)'s certificate was revoked is not known"
            )
        case .leafIsAnchor:
            result = .notChecked(
                codes.checked, path,
                "revocation not checked: \(facts.role)'s certificate is itself a trust anchor you gave, so no issuer above it could revoke it")
        case .good:
            result = .pass(codes.checked, path, "not revoked at \(time): \(Self.answers(facts))")
        case .revoked(let certificate, let at, let invalidSince, let reason, let evidence):
            let why = reason.map { " for \($0.name)" } ?? " (no reason stated)"
            let when: String
            if at <= facts.time.seconds {
                when = "at or before \(time)"
            } else if let invalidSince, invalidSince <= facts.time.seconds {
                when = "after \(time), but its invalidityDate says it was invalid from \(Timestamp(seconds: invalidSince).rfc3339), at or before that time"
            } else {
                when =
                    "after \(time); a TSA revoked for key compromise, or with no reason stated, vouches for no token it signed, whatever its genTime (RFC 3161 §4)"
            }
            result = .fail(
                codes.revoked, path,
                "\(certificate.subject) was revoked on \(Timestamp(seconds: at).rfc3339)\(why), \(when), by \(evidence)\(Self.compromiseNote(reason))")
        case .revokedLater(let certificate, let at, let reason, let evidence):
            let why = reason.map { " for \($0.name)" } ?? " (no reason stated)"
            let said =
                "\(certificate.subject) was revoked on \(Timestamp(seconds: at).rfc3339)\(why), after \(time), by \(evidence)\(Self.compromiseNote(reason))"
            result =
                facts.time.isProven
                ? .pass(codes.revokedLater, path, "\(said): the signature predates the revocation, and the trusted timestamp proves it; \(Self.answers(facts))")
                : .notChecked(
                    codes.revokedLater, path,
                    "\(said); nothing but the verifier's clock dates the signature, so nothing proves it was made before the revocation")
        case .notKnown(let certificate, let revocation):
            result = notKnown(certificate, revocation, time: time, whom: certificate === leaf ? whom : "\(certificate.subject), a CA on the chain of \(whom)")
        }
        return seq == nil ? result : result.about(seq: seq)
    }

    private func notKnown(_ certificate: Certificate, _ revocation: CertificateRevocation, time: String, whom: String) -> CheckResult {
        switch revocation {
        case .missing:
            return .notChecked(
                codes.missing, path, "revocation not known: none of the evidence given comes from the issuer of \(whom) and speaks about it (at \(time))")
        case .expired(let notAfter):
            return .notChecked(
                codes.missing, path,
                "revocation not known: \(whom) had expired on \(Timestamp(seconds: notAfter).rfc3339), before \(time), and a CRL or OCSP responder may drop an expired certificate (RFC 5280 §3.3), so evidence that does not list it proves nothing"
            )
        case .stale(let evidence):
            return .notChecked(
                codes.stale, path,
                "revocation not known: the issuer's evidence about \(whom), \(evidence), does not cover \(time) and lists no revocation: give evidence current at that time"
            )
        case .unknown(let evidence):
            return .notChecked(codes.unknown, path, "revocation not known: \(evidence) answers 'unknown' for \(whom) at \(time)")
        case .unauthorized(let why):
            return .notChecked(codes.unauthorized, path, "revocation not known: the evidence about \(whom) is not used: \(why)")
        case .notEvaluated(let error):
            return .notChecked(
                codes.checked, path,
                "revocation not known: OpenSSL could not check the evidence about \(whom) on this machine, so it is neither accepted nor rejected: \(error)")
        case .good, .revoked, .revokedLater:
            return .notChecked(codes.checked, path, "revocation not known for \(whom)")
        }
    }

    /// Each certificate's answer, leaf first: "CN=…: good by the CRL in … (thisUpdate …)".
    private static func answers(_ facts: RevocationFacts) -> String {
        facts.certificates.map { certificate, revocation in
            switch revocation {
            case .good(let evidence): "\(certificate.subject) not revoked by \(evidence)"
            case .revokedLater(let at, _, _): "\(certificate.subject) revoked later, on \(Timestamp(seconds: at).rfc3339)"
            default: "\(certificate.subject) not known"
            }
        }.joined(separator: "; ")
    }

    /// What a key compromise means, said whenever it is the reason.
    private static func compromiseNote(_ reason: RevocationReason?) -> String {
        guard let reason, reason.isCompromise else { return "" }
        return " — the reason is \(reason.name): the private key was in other hands from the invalidityDate the CA gives, else from the revocation date"
    }
}
