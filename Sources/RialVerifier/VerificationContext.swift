import RialFormat
import RialCrypto

/// Everything the checks judge, read and parsed once, built complete here before any check
/// runs: the inventory, the profile it is judged by, the injected time and policy, every tag
/// file and claim parsed, the seal and the custody signatures evaluated, and the copy of the
/// media the person verifying holds, hashed. Checks only read it; none does I/O.
struct VerificationContext {
    enum Profile {
        /// A `.rialpkg`: the strict profile of `schema/SPEC.md`.
        case package
        /// Any RFC 8493 bag directory.
        case bag
    }

    let inventory: Inventory
    let profile: Profile
    let verificationTime: Timestamp
    /// Trust anchors and requirements, from the person verifying.
    let policy: VerificationPolicy
    /// `bag-info.txt`, parsed; `nil` when absent.
    let bagInfo: Result<BagInfo, FormatError>?
    /// `rial/manifest.json`, parsed strictly; `nil` when absent.
    let manifest: Result<PackageManifest, FormatError>?
    /// `rial/chain.json`, parsed strictly; `nil` when absent.
    let chain: Result<FrameChain, FormatError>?
    /// `rial/depth.json`, parsed strictly; `nil` when absent.
    let depthIndex: Result<DepthIndex, FormatError>?
    /// The metadata files, parsed.
    private(set) var metadataSources: MetadataSources?
    /// The seal and its timestamp, judged together (each depends on the other).
    private(set) var sealEvaluation: SealEvaluation?
    /// The custody log, read; `nil` for a plain bag.
    private(set) var custodyLog: CustodyLog?
    /// Each custody event's signature, judged; the custody checks and the summary read it.
    private(set) var custodySignatures: [Int64: CustodySignatureJudgement] = [:]
    /// The copy of the media given with `--media`, hashed.
    let externalMedia: ExternalMediaDigest?

    /// Parses and evaluates everything in the order the parts depend on each other: the tag
    /// files first, the metadata and the seal over them, the custody log last, because its
    /// seal-record rule needs the seal's signer.
    init(inventory: Inventory, profile: Profile, verificationTime: Timestamp, policy: VerificationPolicy = VerificationPolicy(),
         limits: VerificationLimits = VerificationLimits(), externalMedia: ExternalMediaDigest? = nil) {
        self.inventory = inventory
        self.profile = profile
        self.verificationTime = verificationTime
        self.policy = policy
        self.externalMedia = externalMedia
        bagInfo = inventory.tagFileBytes[PackageLayout.bagInfo].map { bytes in
            Result { () throws(FormatError) -> BagInfo in try BagInfo.parse(bytes) }
        }
        manifest = inventory.tagFileBytes[PackageLayout.manifest].map { bytes in
            Result { () throws(FormatError) -> PackageManifest in try PackageManifest(json: StrictJSONParser.parse(bytes)) }
        }
        chain = inventory.tagFileBytes[PackageLayout.chain].map { bytes in
            Result { () throws(FormatError) -> FrameChain in try FrameChain(json: StrictJSONParser.parse(bytes)) }
        }
        depthIndex = inventory.tagFileBytes[PackageLayout.depthIndex].map { bytes in
            Result { () throws(FormatError) -> DepthIndex in try DepthIndex(json: StrictJSONParser.parse(bytes)) }
        }
        metadataSources = MetadataSources(self)
        sealEvaluation = SealEvaluation(self, policy: policy)
        custodyLog = CustodyLog(inventory: inventory, profile: profile, hasManifest: manifest != nil, limits: limits)
        if let log = custodyLog {
            for file in log.files {
                custodySignatures[file.seq] = CustodySignatureJudgement(file, path: log.signaturePaths[file.seq], anchors: policy.sealAnchors,
                                                                        verificationTime: verificationTime, bytes: { inventory.tagFileBytes[$0] })
            }
        }
    }

    /// The manifest when it parsed.
    var parsedManifest: PackageManifest? {
        if case .success(let manifest)? = manifest { return manifest }
        return nil
    }

    /// The SHA-256 of `rial/manifest.json`: the package's fingerprint, and what the custody
    /// log's first event links to.
    var manifestSHA256: String? { inventory.files[PackageLayout.manifest]?.digests[.sha256] }

    /// The chain when it parsed; checks that need it stay silent otherwise (``ChainStructureCheck``
    /// reports why).
    var parsedChain: FrameChain? {
        if case .success(let chain)? = chain { return chain }
        return nil
    }

    var parsedDepthIndex: DepthIndex? {
        if case .success(let index)? = depthIndex { return index }
        return nil
    }

    /// Parses a small JSON payload or tag file the package holds, strictly.
    func parseJSON(_ path: String) -> Result<JSONValue, FormatError>? {
        guard let bytes = bytes(path) else { return nil }
        return Result { () throws(FormatError) -> JSONValue in try StrictJSONParser.parse(bytes) }
    }

    /// Whether the input has a file at `path`.
    func has(_ path: String) -> Bool { inventory.files[path] != nil }

    /// The tag file's bytes, when present and small enough to have been kept.
    func bytes(_ path: String) -> [UInt8]? { inventory.tagFileBytes[path] }

    /// The subject used for findings about the whole input.
    var packageSubject: String { inventory.rootName.map { $0 + "/" } ?? "bag" }
}

/// One verification check: a small, independent rule over a ``VerificationContext``.
protocol VerificationCheck {
    /// Every finding, passing ones included; never an empty list for a check that applies.
    func run(_ context: VerificationContext) -> [CheckResult]
}
