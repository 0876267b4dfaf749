import RialFormat
import RialCrypto

/// What is known about the seal (`rial/seal/manifest.p7s`), established once, when a
/// check first asks (``SealProvider``): whether it is there, its signature over the exact bytes of `rial/manifest.json`,
/// and, when that is valid, its signer's certificates at the time they are judged at: the
/// trusted timestamp's genTime when there is one (RFC 3161 Appendix B), so a certificate that
/// expired after sealing does not break a timestamped seal, else the verification time.
///
/// ``SealCheck`` words the findings; ``state`` feeds the report's summary and the custody
/// seal-record rule.
struct SealFacts {
    /// Whether the policy demands a seal (`--require-seal`).
    let isRequired: Bool
    /// Whether the verifier gave seal anchors (`--trust`).
    let hasAnchors: Bool
    /// The signature, when present.
    let signature: DetachedSignatureFacts?
    /// The signer at the judged time, when the signature is valid.
    let trust: SignerTrustFacts?
    /// The revocation of the signer's chain at the same time, when the chain is trusted.
    let revocation: RevocationFacts?

    /// - Parameters:
    ///   - signature: the seal's signature facts (``signatureFacts(_:crypto:)``), `nil` when absent.
    ///   - trustedTime: the genTime of a valid token whose TSA is trusted, else `nil`.
    init(_ context: VerificationContext, signature: DetachedSignatureFacts?, trustedTime: Int64?, crypto: any VerifierCrypto) {
        isRequired = context.policy.requiresSeal
        hasAnchors = !context.policy.sealAnchors.isEmpty
        self.signature = signature
        guard let parsed = signature?.parsed, signature?.isValid == true else {
            (trust, revocation) = (nil, nil)
            return
        }
        let basis = trustedTime == nil ? "the verification time (no trusted timestamp)" : "the trusted timestamp's genTime"
        let time = RevocationTime(seconds: trustedTime ?? context.verificationTime.seconds, isProven: trustedTime != nil, basis: basis)
        let trust = SignerTrustFacts(
            parsed, anchors: context.policy.sealAnchors, judgedAt: time.seconds, basis: basis, crypto: crypto,
            intermediates: context.stapledRevocation.certificates)
        self.trust = trust
        revocation = trust.trustedChain.map {
            RevocationFacts(role: "the signer", chain: $0, time: time, evidence: context.revocationEvidence, anchors: context.policy.sealAnchors)
        }
    }

    /// The seal's signature over the manifest's exact bytes (read before the timestamp, whose
    /// imprint covers its signature value); `nil` when there is no seal file.
    static func signatureFacts(_ context: VerificationContext, crypto: any VerifierCrypto) -> DetachedSignatureFacts? {
        guard context.has(PackageLayout.seal) else { return nil }
        let manifest = context.bytes(PackageLayout.manifest).flatMap { bytes in
            context.inventory.files[PackageLayout.manifest]?.digests[.sha256].flatMap(Hex.decode).map { (bytes: bytes, sha256: $0) }
        }
        return DetachedSignatureFacts(bytes: context.bytes(PackageLayout.seal), content: manifest, crypto: crypto)
    }

    /// Whether a policy that requires a seal was given nothing to trust it by: anyone could
    /// have made a seal, so trust is not judged.
    var isRequiredWithoutAnchor: Bool { isRequired && !hasAnchors }

    /// The seal's state: missing, invalid unless its signature is valid, then as its signer's
    /// trust (``SignerTrust``) comes out.
    var state: SignatureState {
        guard let signature else { return .missing }
        guard let trust, signature.isValid else { return .invalid }
        if isRequiredWithoutAnchor { return .validUntrusted }
        if let revocation, RevocationVerdict(revocation).isRevoked { return .invalid }
        return SignerTrust(trust).state
    }

    /// The summary for the report's header.
    var summary: SealSummary {
        let parsed = signature?.parsed
        let signer = parsed?.signer
        let anchor = trust.flatMap { isRequiredWithoutAnchor ? nil : SignerTrust($0).anchor }
        return SealSummary(
            state: state, signerSubject: signer?.subject, signerIssuer: signer?.issuer, signerSerial: signer?.serialHex,
            signerFingerprint: signer?.fingerprintSHA256,
            claimedSigningTime: parsed?.claimedSigningTime.map { Timestamp(seconds: $0) },
            anchorSubject: anchor, judgedAt: trust.map { Timestamp(seconds: $0.judgedAt) })
    }
}
