import RialCrypto

/// What is known about a valid signature's signer at the time it is judged at: the
/// certificate's dates, and the outcome of path validation to the verifier's anchors
/// (established only when anchors were given). ``SignerTrust`` is the rule over these facts.
struct SignerTrustFacts {
    let signer: Certificate
    /// The signingTime the signature claims; not proof of time.
    let claimedSigningTime: Int64?
    /// The certificates the signature carries: intermediates, never anchors.
    let embeddedCertificates: [Certificate]
    /// The time the certificates are judged at.
    let judgedAt: Int64
    /// What ``judgedAt`` is, for messages: "the verification time (no trusted timestamp)".
    let judgedAtBasis: String
    /// The fingerprints of the verifier's anchors; empty when none was given.
    let anchorFingerprints: Set<String>
    /// Path validation to the anchors at ``judgedAt``; `nil` without anchors, a failure when
    /// OpenSSL could not run it.
    let chain: Result<TrustStore.Outcome, CryptoError>?

    /// The chain, leaf to anchor, when path validation reached an anchor.
    var trustedChain: [Certificate]? {
        if case .success(.trusted(let chain))? = chain { return chain }
        return nil
    }

    /// - Parameter intermediates: certificates from elsewhere in the package (stapled,
    ///   `rial/seal/revocation/*.crt`) that may complete the chain; never anchors.
    init(
        _ signature: DetachedSignature, anchors: [Certificate], judgedAt: Int64, basis: String, crypto: any VerifierCrypto,
        intermediates extra: [Certificate] = []
    ) {
        signer = signature.signer
        claimedSigningTime = signature.claimedSigningTime
        embeddedCertificates = signature.embeddedCertificates
        self.judgedAt = judgedAt
        judgedAtBasis = basis
        anchorFingerprints = Set(anchors.map(\.fingerprintSHA256))
        let signer = signature.signer, intermediates = signature.embeddedCertificates + extra
        chain =
            anchors.isEmpty
            ? nil
            : Result { () throws(CryptoError) -> TrustStore.Outcome in
                try crypto.validate(signer, in: TrustStore(anchors: anchors), intermediates: intermediates, at: judgedAt, purpose: .any)
            }
    }
}
