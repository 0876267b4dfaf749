import RialArchive
import RialCrypto
import RialFormat
import RialMedia

/// What the verdict was reached with, so a second examiner can repeat it and get the same
/// answer: the anchors trusted, what was required, the custody head and media copy given,
/// the time the package was judged at, the revocation evidence given and the verifier's version
/// (`schema/SPEC.md` §9.1.3).
///
/// A verdict depends on these as much as on the package: the same package passes without
/// `--require-seal` and fails with it, and a seal is trusted only against the anchors given.
public struct VerificationSettings: Sendable {
    /// Every anchor given, signers' first, each in the order given.
    public let trustAnchors: [TrustAnchorSummary]
    /// `--require-seal`.
    public let requiresSeal: Bool
    /// `--require-timestamp`.
    public let requiresTimestamp: Bool
    /// `--custody-head`: the SHA-256 of the event recorded at the last hand-over; `nil` when
    /// none was given, so dropped newer events could not be noticed.
    public let custodyHead: String?
    /// `--media`: the copy of the media held apart, as given.
    public let externalMedia: String?
    /// The time the package was judged at.
    public let verificationTime: Timestamp
    /// Whether ``verificationTime`` was stated by the person verifying (`--at`), not read from
    /// the clock: then the report is the same, byte for byte, whenever it is made again.
    public let isVerificationTimeStated: Bool
    /// The verifier's version (`RialToolkit.version`).
    public let toolVersion: String
    /// What the media probe read the media in on this machine, as it said (its seccomp
    /// allow-list and the namespaces the kernel gave it, `MediaProbe.confinementInForce`);
    /// `nil` when no media was examined. Two machines whose probes differ here can be told
    /// apart.
    public let mediaProbeConfinement: String?
    /// The libraries the verdict was reached with, as they said at run time: OpenSSL and
    /// libarchive (this process), then, when media was examined, the media probe's (FFmpeg's
    /// libraries, libheif, libexif, libiptcdata, Exempi, libseccomp), in that order.
    public let libraries: [(name: String, version: String)]
    /// The revocation evidence the verdicts used: the verifier's in the order given, then the
    /// package's stapled files; each file's kind, source, name and SHA-256. Empty when there was
    /// none: then revocation was not checked.
    public let revocationEvidence: [RevocationEvidenceSummary]
    /// Whether the media was examined by the media libraries (`--no-examine-media` turns it
    /// off): the media findings depend on it, so a re-run needs to know (report version 1.9).
    public let examinesMedia: Bool
    /// Who verified, when stated (`--examiner`).
    public let examiner: Examiner?

    /// The libraries this process runs with and, once a media probe has answered, the probe's
    /// libraries and confinement: what a run of many verifications (an audit) depended on.
    public static func environment() -> (libraries: [(name: String, version: String)], mediaProbeConfinement: String?) {
        let probe = MediaProbe.environmentInForce
        return (ownLibraries + (probe?.libraries ?? []).map { ($0.name, $0.version) }, probe?.confinement)
    }

    /// The verifier's own libraries, as they say at run time.
    private static var ownLibraries: [(name: String, version: String)] {
        [("OpenSSL", OpenSSLLibrary.version), ("libarchive", LibarchiveLibrary.version)]
    }

    /// - Parameter stapled: the revocation evidence stapled in the package, after the verifier's.
    init(policy: VerificationPolicy, verificationTime: Timestamp, stapled: [RevocationEvidenceFile] = [], mediaProbe: MediaProbeEnvironment? = nil) {
        trustAnchors =
            policy.sealAnchors.map { TrustAnchorSummary(role: .signer, certificate: $0, origin: policy.sealAnchorOrigins[$0.fingerprintSHA256]) }
            + policy.timestampAnchors.map { TrustAnchorSummary(role: .tsa, certificate: $0, origin: policy.timestampAnchorOrigins[$0.fingerprintSHA256]) }
        requiresSeal = policy.requiresSeal
        requiresTimestamp = policy.requiresTimestamp
        custodyHead = policy.custodyHead
        externalMedia = policy.externalMedia
        self.verificationTime = verificationTime
        isVerificationTimeStated = policy.statedTime != nil
        toolVersion = RialToolkit.version
        mediaProbeConfinement = mediaProbe?.confinement
        libraries = Self.ownLibraries + (mediaProbe?.libraries ?? []).map { ($0.name, $0.version) }
        revocationEvidence = (policy.revocationEvidence + stapled).map(RevocationEvidenceSummary.init)
        examinesMedia = policy.examinesMedia
        examiner = policy.examiner
    }
}
