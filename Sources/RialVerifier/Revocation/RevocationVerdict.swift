import RialCrypto

/// The rule over ``RevocationFacts``: one state for the whole chain. A revocation anywhere on
/// it fails; otherwise the first certificate (leaf first) whose revocation is not known leaves
/// the chain not checked; otherwise a revocation after the time passes only when a trusted
/// time proves the signature predates it; otherwise the chain is good. An inconclusive answer
/// is never a verdict.
enum RevocationVerdict {
    /// No evidence was given: rial fetches nothing.
    case notGiven
    /// The leaf is itself a trust anchor the verifier gave: there is nothing above it to revoke it.
    case leafIsAnchor
    case good
    case revoked(Certificate, at: Int64, invalidSince: Int64?, reason: RevocationReason?, evidence: String)
    case revokedLater(Certificate, at: Int64, reason: RevocationReason?, evidence: String)
    /// The certificate whose revocation is not known, and why.
    case notKnown(Certificate, CertificateRevocation)

    init(_ facts: RevocationFacts) {
        guard facts.hasEvidence else { self = .notGiven; return }
        guard !facts.certificates.isEmpty else { self = .leafIsAnchor; return }
        for (certificate, revocation) in facts.certificates {
            switch revocation {
            case .revoked(let at, let invalidSince, let reason, let evidence):
                self = .revoked(certificate, at: at, invalidSince: invalidSince, reason: reason, evidence: evidence)
                return
            case .revokedLater(let at, let reason, let evidence) where facts.compromiseFailsAtAnyDate && (reason == nil || reason?.isCompromise == true):
                self = .revoked(certificate, at: at, invalidSince: nil, reason: reason, evidence: evidence)
                return
            default: continue
            }
        }
        for (certificate, revocation) in facts.certificates {
            switch revocation {
            case .good, .revokedLater, .revoked: continue
            case .missing, .expired, .stale, .unknown, .unauthorized, .notEvaluated:
                self = .notKnown(certificate, revocation)
                return
            }
        }
        for (certificate, revocation) in facts.certificates {
            if case .revokedLater(let at, let reason, let evidence) = revocation {
                self = .revokedLater(certificate, at: at, reason: reason, evidence: evidence)
                return
            }
        }
        self = .good
    }

    /// Whether the chain was revoked before the time that matters.
    var isRevoked: Bool {
        if case .revoked = self { return true }
        return false
    }
}
