import RialFormat
import RialCrypto

/// What is known about one custody event's signature (`NNNNNN.p7s`), established once, when a
/// check first asks (``CustodyProvider``): whether there is one, whether it is valid over the event's exact
/// bytes, whether its signer is the event's actor, and its certificates at the time they are
/// judged at. ``CustodySignatureCheck`` words the findings; ``state`` feeds the custody
/// seal-record rule and the report's custody summary.
struct CustodySignatureFacts {
    let seq: Int64
    let eventPath: String
    /// The signature file; `nil` when the event has none.
    let path: String?
    /// The event, when it parsed.
    let event: CustodyEvent?
    /// The signature over the event, when there is a file and the event could be read.
    let signature: DetachedSignatureFacts?
    /// Why the signer's certificate does not name the event's actor; `nil` when it does.
    let identityMismatch: String?
    /// Whether the signer's certificate is valid at the verification time.
    let isValidNow: Bool
    /// The signer at the judged time, when the signature is valid and made by the actor.
    let trust: SignerTrustFacts?
    /// The revocation of the signer's chain at the verification time, when the chain is trusted.
    let revocation: RevocationFacts?

    /// - Parameter path: the event's signature file, `nil` when it has none.
    init(
        _ file: CustodyEventFile, path: String?, anchors: [Certificate], revocationEvidence: [RevocationEvidenceFile] = [], intermediates: [Certificate] = [],
        verificationTime: Timestamp, crypto: any VerifierCrypto,
        bytes: (String) -> [UInt8]?
    ) {
        seq = file.seq
        eventPath = file.path
        self.path = path
        event = file.event
        let content = file.bytes.flatMap { bytes in file.sha256.flatMap(Hex.decode).map { (bytes: bytes, sha256: $0) } }
        guard let path, let event = file.event, let content else {
            (signature, identityMismatch, isValidNow, trust, revocation) = (nil, nil, false, nil, nil)
            return
        }
        let signature = DetachedSignatureFacts(bytes: bytes(path), content: content, crypto: crypto)
        self.signature = signature
        let now = verificationTime.seconds
        guard let parsed = signature.parsed, signature.isValid else {
            (identityMismatch, isValidNow, trust, revocation) = (nil, false, nil, nil)
            return
        }
        let signer = parsed.signer
        identityMismatch = CustodySignerIdentity.mismatch(signer, event.actor)
        isValidNow = (signer.notBefore.map { $0 <= now } ?? true) && (signer.notAfter.map { $0 >= now } ?? true)
        guard identityMismatch == nil, !Self.isStatedAfterExpiry(event, signer, validNow: isValidNow) else {
            (trust, revocation) = (nil, nil)
            return
        }
        // Events carry no trusted time. A certificate valid at the verification time is judged
        // then, as a seal without a timestamp is; one that has expired since is judged at the
        // signing time the signature claims (else the event's stated time), so a hand-over
        // signed years ago stays valid, and the report says this rests on the signer's word.
        // (The claimed signing time, not the event's: PACKAGED states the package's creation
        // time, which `--created` may set before the certificate existed.)
        let basis =
            isValidNow
            ? "the verification time (custody events carry no trusted timestamp)"
            : "\(Self.claimedWhat(parsed)), as the certificate is no longer valid (custody events carry no trusted timestamp)"
        let trust = SignerTrustFacts(
            parsed, anchors: anchors, judgedAt: isValidNow ? now : Self.claimedTime(parsed, event),
            basis: basis, crypto: crypto, intermediates: intermediates)
        self.trust = trust
        // With no trusted time, revocation is judged at the verification time: a signer revoked
        // before it could have signed the event afterwards, for all anyone can prove.
        let time = RevocationTime(seconds: now, isProven: false, basis: "the verification time (custody events carry no trusted timestamp)")
        revocation = trust.trustedChain.map {
            RevocationFacts(role: "the signer", chain: $0, time: time, evidence: revocationEvidence, anchors: anchors)
        }
    }

    /// An event that states a time after its certificate expired was signed with a retired
    /// key, whatever signing time the signature claims.
    static func isStatedAfterExpiry(_ event: CustodyEvent, _ signer: Certificate, validNow: Bool) -> Bool {
        guard !validNow, let notAfter = signer.notAfter else { return false }
        return event.timestamp.seconds > notAfter
    }

    /// The time an event whose certificate has expired is judged at.
    static func claimedTime(_ parsed: DetachedSignature, _ event: CustodyEvent) -> Int64 {
        parsed.claimedSigningTime ?? event.timestamp.seconds
    }

    /// What ``claimedTime(_:_:)`` is, for messages.
    static func claimedWhat(_ parsed: DetachedSignature) -> String {
        parsed.claimedSigningTime == nil ? "the event's stated time (the signature claims no signing time)" : "the signing time the signature claims"
    }

    /// The signer's certificate, when the signature parsed.
    var signerCertificate: Certificate? { signature?.parsed?.signer }
    /// The signer's subject, when the signature parsed.
    var signer: String? { signature?.parsed?.signer.subject }
    /// The signer certificate's SHA-256, when the signature parsed.
    var fingerprint: String? { signature?.parsed?.signer.fingerprintSHA256 }

    /// The signature's state: missing when unsigned (invalid when the event names a
    /// certificate), invalid unless valid, by the actor and not stated after expiry, then as
    /// its signer's trust (``SignerTrust``) comes out.
    var state: SignatureState {
        guard path != nil else { return event?.actor.certificateSHA256 != nil ? .invalid : .missing }
        guard let trust else { return .invalid }
        return SignerTrust(trust).state
    }

    var isValid: Bool { state == .validTrusted || state == .validUntrusted }
}
