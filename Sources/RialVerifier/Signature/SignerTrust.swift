import RialCrypto

/// The rule for trusting a valid signature's signer, over ``SignerTrustFacts``: the
/// certificate valid at the time judged, no claimed signing time after its expiry, then a
/// chain to an anchor the verifier gave. Without anchors trust is not checked: a certificate
/// inside a package is never an anchor. One rule, so the seal and custody events, and their
/// summaries, can never drift apart (`schema/SPEC.md` §14.4, §15.6).
enum SignerTrust {
    case certificateExpired(notAfter: Int64)
    case certificateNotYetValid(notBefore: Int64)
    /// The signature claims a signing time after its certificate expired.
    case claimedAfterExpiry(claimed: Int64, notAfter: Int64)
    case noAnchors
    case trusted(anchor: String?)
    /// No chain to an anchor; `ownRoot` is a root the package carries, which is never one.
    case untrusted(reason: String, ownRoot: Certificate?)
    case chainExpired(reason: String)
    case chainNotYetValid(reason: String)
    case chainInvalid(reason: String)
    /// OpenSSL could not validate the chain on this machine.
    case notEvaluated(CryptoError)

    init(_ facts: SignerTrustFacts) {
        let signer = facts.signer
        if let notAfter = signer.notAfter, notAfter < facts.judgedAt {
            self = .certificateExpired(notAfter: notAfter)
        } else if let notBefore = signer.notBefore, notBefore > facts.judgedAt {
            self = .certificateNotYetValid(notBefore: notBefore)
        } else if let claimed = facts.claimedSigningTime, let notAfter = signer.notAfter, claimed > notAfter {
            self = .claimedAfterExpiry(claimed: claimed, notAfter: notAfter)
        } else {
            switch facts.chain {
            case nil: self = .noAnchors
            case .failure(let error)?: self = .notEvaluated(error)
            case .success(.trusted(let chain))?: self = .trusted(anchor: chain.last?.subject)
            case .success(.untrusted(let reason))?:
                let ownRoot = facts.embeddedCertificates.first { $0.isSelfIssued && !facts.anchorFingerprints.contains($0.fingerprintSHA256) }
                self = .untrusted(reason: reason, ownRoot: ownRoot)
            case .success(.expired(let reason))?: self = .chainExpired(reason: reason)
            case .success(.notYetValid(let reason))?: self = .chainNotYetValid(reason: reason)
            case .success(.invalid(let reason))?: self = .chainInvalid(reason: reason)
            }
        }
    }

    /// The signature's state: valid and trusted only with a chain to an anchor; a signer not
    /// shown to chain (no anchors, none reached, or not checked) is valid but untrusted.
    var state: SignatureState {
        switch self {
        case .trusted: .validTrusted
        case .noAnchors, .untrusted, .notEvaluated: .validUntrusted
        case .certificateExpired, .certificateNotYetValid, .claimedAfterExpiry, .chainExpired, .chainNotYetValid, .chainInvalid: .invalid
        }
    }

    /// The anchor reached, when trusted.
    var anchor: String? {
        if case .trusted(let anchor) = self { return anchor }
        return nil
    }
}
