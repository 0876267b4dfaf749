import RialCrypto

/// What is known about the revocation of one trusted chain (a seal's signer, a TSA, a custody
/// event's signer), established once with the signer it judges: each certificate below the
/// anchor, judged at the time that matters from the evidence the verifier gave.
/// ``RevocationVerdict`` is the rule over these facts, ``RevocationJudge`` words it.
struct RevocationFacts {
    /// Whose chain it is, for messages: "the signer", "the TSA".
    let role: String
    let time: RevocationTime
    /// Whether any evidence was given at all.
    let hasEvidence: Bool
    /// Each certificate below the anchor, leaf first, with what the evidence says of it; empty
    /// when the leaf is itself an anchor.
    let certificates: [(certificate: Certificate, revocation: CertificateRevocation)]
    /// Whether a revocation at any date fails when its reason is key compromise or unstated: a
    /// TSA's (RFC 3161 §4), whose tokens carry only their own word for when they were made.
    let compromiseFailsAtAnyDate: Bool

    /// - Parameters:
    ///   - chain: the trusted chain, leaf first, the anchor last (``TrustStore/Outcome/trusted(chain:)``).
    ///   - evidence: the files the verifier gave.
    ///   - anchors: the anchors the chain was trusted by; an OCSP responder must reach them too.
    init(
        role: String, chain: [Certificate], time: RevocationTime, evidence: [RevocationEvidenceFile], anchors: [Certificate],
        compromiseFailsAtAnyDate: Bool = false
    ) {
        self.role = role
        self.time = time
        hasEvidence = !evidence.isEmpty
        self.compromiseFailsAtAnyDate = compromiseFailsAtAnyDate
        guard hasEvidence, chain.count > 1 else {
            certificates = chain.count > 1 ? chain.dropLast().map { ($0, .missing) } : []
            return
        }
        certificates = chain.indices.dropLast().map { index in
            (
                chain[index],
                CertificateRevocation(
                    chain[index], issuerChain: Array(chain[(index + 1)...]), at: time.seconds,
                    evidence: evidence, anchors: anchors)
            )
        }
    }
}
