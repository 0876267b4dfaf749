import RialFormat
import RialCrypto

/// What the checks judge: a base established before any check runs, and the facts over it,
/// each computed by its provider once, the first time a check asks (``Fact``).
///
/// The base is what every check reads and nothing costs much beyond the scan: the inventory,
/// the profile it is judged by, the injected time, policy, limits and crypto, the stapled
/// revocation evidence, the recognised capture-app files, and every JSON document parsed within
/// the memory budget. That parse is the one eager step, so that which documents fit the budget
/// (``ParsedDocuments``) is settled before any check runs, in a fixed order, the same way for
/// every run and whichever checks later ask (``settleBudget(_:inventory:appFiles:)``).
///
/// The facts (the tag files' encoding and `bag-info.txt`, rial's documents, the capture app's,
/// the metadata, the seal and its timestamp, their renewal, the app's tokens, the custody log
/// and its signatures, the `--media` copy's digest, the media probes) are computed on demand by
/// the providers under `Facts/`; a fact that needs another asks for it (``Fact/dependencies``),
/// so OpenSSL runs only for a check that needs a signature, and the `--media` file is read only
/// when the media check asks. Checks only read the context; none does I/O.
///
/// A context is used on one thread: the verifier runs its checks one after another.
struct VerificationContext {
    enum Profile {
        /// A `.rialpkg`: the strict profile of `schema/SPEC.md`.
        case package
        /// Any RFC 8493 bag directory.
        case bag
    }

    let inventory: Inventory
    /// The JSON documents, each parsed once within the input's budget.
    let documents: ParsedDocuments
    /// The payload's paths sorted by bytes, sorted once: the checks ask for them many times.
    let payloadPaths: [String]
    let profile: Profile
    let verificationTime: Timestamp
    /// Trust anchors and requirements, from the person verifying.
    let policy: VerificationPolicy
    /// The bounds the input is read within.
    let limits: VerificationLimits
    /// The OpenSSL operations the facts are established with; replaceable so tests can make
    /// them fail, or count them.
    let crypto: any VerifierCrypto
    /// Which file under `data/capture/` is which of the capture app's files (`schema/SPEC.md`
    /// §2.2), recognised as `rial pack` recognised them.
    let appFiles: AppFiles
    /// The revocation evidence stapled in the package (`rial/seal/revocation/`).
    let stapledRevocation: StapledRevocation
    /// The revocation evidence the findings use: the verifier's (`--crl`, `--ocsp`), then the package's.
    let revocationEvidence: [RevocationEvidenceFile]

    private let factLog = FactLog()
    let bagFacts: BagInfoProvider
    private let rialDocuments: RialDocumentProvider
    private let captureApp: CaptureAppProvider
    private let sealFacts: SealProvider
    private let timestamps: TimestampProvider
    private let custody: CustodyProvider
    private let mediaFacts: MediaProvider

    /// Establishes the base: the documents parsed within the budget, in their fixed order. No
    /// fact is computed here.
    /// - Parameters:
    ///   - externalMedia: a digest of the `--media` copy already taken (tests); `nil` hashes
    ///     `policy.externalMedia`, when given, if the media check applies and asks.
    ///   - crypto: the OpenSSL operations, replaceable so tests can make them fail.
    init(
        inventory: Inventory, profile: Profile, verificationTime: Timestamp, policy: VerificationPolicy = VerificationPolicy(),
        limits: VerificationLimits = VerificationLimits(), externalMedia: ExternalMediaDigest? = nil,
        crypto: any VerifierCrypto = OpenSSLCrypto()
    ) {
        self.inventory = inventory
        let documents = ParsedDocuments(inventory: inventory, limits: limits)
        self.documents = documents
        let stapled = StapledRevocation(inventory)
        stapledRevocation = stapled
        revocationEvidence = policy.revocationEvidence + stapled.evidence
        payloadPaths = inventory.payloadPaths
        self.profile = profile
        self.verificationTime = verificationTime
        self.policy = policy
        self.limits = limits
        self.crypto = crypto
        appFiles = Self.settleBudget(documents, inventory: inventory)
        bagFacts = BagInfoProvider(log: factLog)
        rialDocuments = RialDocumentProvider(log: factLog)
        captureApp = CaptureAppProvider(log: factLog)
        sealFacts = SealProvider(log: factLog)
        timestamps = TimestampProvider(log: factLog)
        custody = CustodyProvider(log: factLog)
        mediaFacts = MediaProvider(log: factLog, externalMedia: externalMedia)
    }

    /// Parses every kept JSON document within the budget, in a fixed order: rial's own
    /// (`rial/manifest.json`, `rial/chain.json` unless the scan parsed it, `rial/depth.json`),
    /// the capture files while they are recognised, the app's hash chain and forensic manifest,
    /// then every other `.json` file by path. Which documents fit the budget is thereby settled
    /// before any check runs, the same way for every run: the providers and checks that read a
    /// document later get the tree already built (or its refusal), so the order in which they
    /// ask cannot change what fits.
    /// - Returns: the capture app's files, recognised.
    private static func settleBudget(_ documents: ParsedDocuments, inventory: Inventory) -> AppFiles {
        _ = documents.json(PackageLayout.manifest)
        if inventory.parsedChain == nil { _ = documents.json(PackageLayout.chain) }
        _ = documents.json(PackageLayout.depthIndex)
        let capturePaths = inventory.files.keys.filter { $0.hasPrefix(PackageLayout.captureAppDirectory) }
        let appFiles = AppFiles(capturePaths: Array(capturePaths)) { path in
            try? documents.json(path)?.get()
        }
        for kind in [AppFileKind.hashChain, .forensicManifest] { if let path = appFiles[kind] { _ = documents.json(path) } }
        for path in inventory.tagFileBytes.keys.sorted(by: UTF8Order.precedes) where path.hasSuffix(".json") {
            _ = documents.json(path)
        }
        return appFiles
    }

    /// The facts computed so far, in the order they were first asked for (the laziness tests).
    var computedFacts: [Fact] { factLog.computed }

    // MARK: Facts, each computed on first ask (Facts/)

    /// The encoding `bagit.txt` declares for the other tag files (``BagInfoProvider``).
    var tagEncoding: TagFileEncoding? { bagFacts.tagEncoding(self) }
    /// `bag-info.txt`, parsed; `nil` when absent.
    var bagInfo: Result<BagInfo, FormatError>? { bagFacts.bagInfo(self) }
    /// `rial/manifest.json`, parsed strictly; `nil` when absent.
    var manifest: Result<PackageManifest, FormatError>? { rialDocuments.manifest(self) }
    /// `rial/chain.json`, parsed strictly; `nil` when absent.
    var chain: Result<FrameChain, FormatError>? { rialDocuments.chain(self) }
    /// `rial/depth.json`, parsed strictly; `nil` when absent.
    var depthIndex: Result<DepthIndex, FormatError>? { rialDocuments.depthIndex(self) }
    /// The app's forensic manifest (media digests, RFC 3161 tokens), parsed; `nil` when absent.
    var appManifest: Result<AppForensicManifest, FormatError>? { captureApp.documents(self).manifest }
    /// The app's own hash chain (HashChainData), parsed; `nil` when absent.
    var appChain: Result<AppHashChain, FormatError>? { captureApp.documents(self).chain }
    /// The metadata files, parsed.
    var metadataSources: MetadataSources? { captureApp.metadataSources(self) }
    /// The RFC 3161 tokens in the app's forensic manifest, read and established, in order.
    var appTokens: [AppTokenFacts] { timestamps.appTokens(self) }
    /// The seal's signature over the manifest (``SealProvider``).
    var sealSignature: DetachedSignatureFacts? { sealFacts.signature(self) }
    /// The seal: its signature over the manifest and its signer at the judged time; `nil` for
    /// a plain bag that is not asked for one.
    var seal: SealFacts? { sealFacts.seal(self) }
    /// The RFC 3161 token over the seal's signature value; `nil` when no seal is looked for.
    var timestamp: TimestampFacts? { timestamps.timestamp(self) }
    /// The renewal of that token by RFC 4998 evidence records; `nil` when ``timestamp`` is.
    var renewal: RenewalFacts? { timestamps.renewal(self) }
    /// The custody log, read; `nil` for a plain bag.
    var custodyLog: CustodyLog? { custody.custodyLog(self) }
    /// Each custody event's signature, established; the custody checks and the summary read it.
    var custodySignatures: [Int64: CustodySignatureFacts] { custody.signatures(self) }
    /// The copy of the media given with `--media`, hashed.
    var externalMedia: ExternalMediaDigest? { mediaFacts.externalMedia(self) }
    /// What the media libraries say each media file is; `nil` where the media is not examined
    /// (a plain bag, a version this verifier does not read, or the policy says not to).
    var media: MediaExamination? { mediaFacts.examination(self) }

    // MARK: Derived from the base and the facts

    /// The payload's paths under `subdirectory` (e.g. ``PackageLayout/mediaDirectory``), sorted by bytes.
    func payloadPaths(under subdirectory: String) -> [String] {
        payloadPaths.filter { $0.hasPrefix(subdirectory) }
    }

    /// Whether the input kept `rial/manifest.json`'s bytes (the manifest is then parsed, or
    /// says why not): known from the base, without parsing it.
    var hasRialManifest: Bool { inventory.tagFileBytes[PackageLayout.manifest] != nil }

    /// Whether the rial parts (`rial/…`, the capture's claims) are judged: always in a package;
    /// in a plain bag only when it kept `rial/manifest.json`.
    var judgesRialParts: Bool { profile == .package || hasRialManifest }

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

    /// A JSON payload or tag file the package holds, parsed strictly (once; ``documents``).
    func parseJSON(_ path: String) -> Result<JSONValue, FormatError>? {
        documents.json(path)
    }

    /// Whether the input has a file at `path`.
    func has(_ path: String) -> Bool { inventory.files[path] != nil }

    /// The tag file's bytes, when present and small enough to have been kept.
    func bytes(_ path: String) -> [UInt8]? { inventory.tagFileBytes[path] }

    /// The subject used for findings about the whole input.
    var packageSubject: String { inventory.rootName.map { $0 + "/" } ?? "bag" }
}
