import RialCrypto
import RialFormat

/// What the person verifying brings: whom they trust, and what they insist on.
///
/// Anchors come only from here, never from the package: a certificate inside a package can
/// help build a chain but cannot end one.
public struct VerificationPolicy: Sendable {
    /// Roots (or self-signed signer certificates) a seal's signer must chain to.
    public var sealAnchors: [Certificate]
    /// Roots a time-stamping authority must chain to.
    public var timestampAnchors: [Certificate]
    /// Fail a package without a seal, so stripping it is a failure, not a quiet pass.
    public var requiresSeal: Bool
    /// Fail a package without a timestamp token.
    public var requiresTimestamp: Bool
    /// The SHA-256 of a custody event recorded at a hand-over (lowercase hex): the log must
    /// still hold it, so dropping newer events is caught (`schema/SPEC.md` §15.7).
    public var custodyHead: String?
    /// A copy of the media, held apart from a hash-only package, to check against the SHA-256
    /// the package states (`rial verify --media`).
    public var externalMedia: String?
    /// Whether each media file is read by the media libraries (in a confined child process)
    /// and held against every claim about it (`schema/SPEC.md` §8.5 check 15a). On by default;
    /// off (`rial verify --no-examine-media`) for a fixity sweep that needs only the digests:
    /// the media checks are then NOT CHECKED, and each package saves the probe's start-up.
    public var examinesMedia = true
    /// Where each seal anchor came from, by its SHA-256 fingerprint, so the report's settings
    /// can name the file; an anchor without an entry (a library caller's) is reported without one.
    public var sealAnchorOrigins: [String: TrustAnchorOrigin] = [:]
    /// Where each time-stamping authority anchor came from, by its SHA-256 fingerprint.
    public var timestampAnchorOrigins: [String: TrustAnchorOrigin] = [:]
    /// CRLs and OCSP responses the verifier gives (`--crl`, `--ocsp`), in the order given: the
    /// only revocation evidence used, since nothing is fetched. Empty: revocation is NOT CHECKED.
    public var revocationEvidence: [RevocationEvidenceFile] = []
    /// The time the person verifying states the package is judged at (`--at`), instead of the
    /// clock: certificates, revocation evidence and "not in the future" are judged then, and the
    /// same inputs give the same report, byte for byte (`schema/SPEC.md` §8.8). `nil`: the clock.
    public var statedTime: Timestamp?
    /// Who verifies, named in the report's settings (`--examiner`); `nil`: not stated.
    public var examiner: Examiner?
    /// Whether the package file as a whole is hashed as it is read, so the report names its
    /// SHA-256 and size (`subject.sha256`, `subject.size`): what a signed receipt needs to say
    /// which bytes were examined. Off by default: it costs a third digest over the package.
    public var hashesPackageFile = false

    /// A policy; the default trusts no anchor and requires nothing, so a seal is at best "valid, signer not trusted".
    public init(
        sealAnchors: [Certificate] = [], timestampAnchors: [Certificate] = [],
        requiresSeal: Bool = false, requiresTimestamp: Bool = false, custodyHead: String? = nil
    ) {
        self.custodyHead = custodyHead
        self.sealAnchors = sealAnchors
        self.timestampAnchors = timestampAnchors
        self.requiresSeal = requiresSeal
        self.requiresTimestamp = requiresTimestamp
    }
}
