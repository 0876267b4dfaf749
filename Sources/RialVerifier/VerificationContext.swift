import RialFormat
import RialCrypto

/// What the checks share: the inventory, the profile it is judged by, the injected time, and
/// the tag files parsed once.
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
    /// `bag-info.txt`, parsed; `nil` when absent.
    let bagInfo: Result<BagInfo, FormatError>?
    /// `rial/manifest.json`, parsed strictly; `nil` when absent.
    let manifest: Result<PackageManifest, FormatError>?
    /// `rial/chain.json`, parsed strictly; `nil` when absent.
    let chain: Result<FrameChain, FormatError>?
    /// `rial/depth.json`, parsed strictly; `nil` when absent.
    let depthIndex: Result<DepthIndex, FormatError>?
    /// The seal and its timestamp, judged once for both their checks; set by ``Verifier``.
    var sealEvaluation: SealEvaluation?
    /// The custody log, judged once; set by ``Verifier``.
    var custodyEvaluation: CustodyEvaluation?
    /// The metadata files, parsed once; set by ``Verifier``.
    var metadataSources: MetadataSources?
    /// A copy of the media the person verifying holds (`--media`).
    var externalMedia: String?

    init(inventory: Inventory, profile: Profile, verificationTime: Timestamp) {
        self.inventory = inventory
        self.profile = profile
        self.verificationTime = verificationTime
        bagInfo = inventory.tagFileBytes[PackageLayout.bagInfo].map { bytes in
            Result { () throws(FormatError) -> BagInfo in try BagInfo.parse(bytes) }
        }
        manifest = inventory.tagFileBytes[PackageLayout.manifest].map { bytes in
            Result { () throws(FormatError) -> PackageManifest in
                try PackageManifest(json: StrictJSONParser.parse(bytes))
            }
        }
        chain = inventory.tagFileBytes[PackageLayout.chain].map { bytes in
            Result { () throws(FormatError) -> FrameChain in try FrameChain(json: StrictJSONParser.parse(bytes)) }
        }
        depthIndex = inventory.tagFileBytes[PackageLayout.depthIndex].map { bytes in
            Result { () throws(FormatError) -> DepthIndex in try DepthIndex(json: StrictJSONParser.parse(bytes)) }
        }
    }

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
