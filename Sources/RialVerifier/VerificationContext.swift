import RialFormat
import RialCrypto

/// Everything the checks judge, read and parsed once, built complete here before any check
/// runs: the inventory, the profile it is judged by, the injected time and policy, every tag
/// file and claim parsed, the facts about the seal, its timestamp, the capture app's timestamp
/// tokens and the custody signatures (parsed values and the outcomes of the cryptographic
/// operations) established, and the copy of the media the person verifying holds, hashed. Checks only read it; none does I/O.
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
    /// `bag-info.txt`, parsed; `nil` when absent.
    let bagInfo: Result<BagInfo, FormatError>?
    /// The encoding `bagit.txt` declares for the other tag files; UTF-8 for a package (which
    /// must declare it) and for a bag whose declaration cannot be read (check 2 says why);
    /// `nil` for a bag that declares one rial does not read.
    let tagEncoding: TagFileEncoding?
    /// `rial/manifest.json`, parsed strictly; `nil` when absent.
    let manifest: Result<PackageManifest, FormatError>?
    /// `rial/chain.json`, parsed strictly; `nil` when absent.
    let chain: Result<FrameChain, FormatError>?
    /// `rial/depth.json`, parsed strictly; `nil` when absent.
    let depthIndex: Result<DepthIndex, FormatError>?
    /// Which file under `data/capture/` is which of the capture app's files (`schema/SPEC.md`
    /// §2.2), recognised as `rial pack` recognised them.
    let appFiles: AppFiles
    /// The app's forensic manifest (media digests, RFC 3161 tokens), parsed; `nil` when absent.
    private(set) var appManifest: Result<AppForensicManifest, FormatError>?
    /// The app's own hash chain (HashChainData), parsed; `nil` when absent.
    private(set) var appChain: Result<AppHashChain, FormatError>?
    /// The metadata files, parsed.
    private(set) var metadataSources: MetadataSources?
    /// The RFC 3161 tokens in the app's forensic manifest, read and established, in order.
    private(set) var appTokens: [AppTokenFacts] = []
    /// The seal: its signature over the manifest and its signer at the judged time; `nil` for
    /// a plain bag that is not asked for one.
    private(set) var seal: SealFacts?
    /// The revocation evidence stapled in the package (`rial/seal/revocation/`).
    let stapledRevocation: StapledRevocation
    /// The revocation evidence the findings use: the verifier's (`--crl`, `--ocsp`), then the package's.
    let revocationEvidence: [RevocationEvidenceFile]
    /// The RFC 3161 token over the seal's signature value; `nil` when ``seal`` is.
    private(set) var timestamp: TimestampFacts?
    /// The renewal of that token by RFC 4998 evidence records; `nil` when ``timestamp`` is.
    private(set) var renewal: RenewalFacts?
    /// The custody log, read; `nil` for a plain bag.
    private(set) var custodyLog: CustodyLog?
    /// Each custody event's signature, established; the custody checks and the summary read it.
    private(set) var custodySignatures: [Int64: CustodySignatureFacts] = [:]
    /// The copy of the media given with `--media`, hashed.
    private(set) var externalMedia: ExternalMediaDigest?
    /// What the media libraries say each media file is; `nil` where the media is not examined
    /// (a plain bag, a version this verifier does not read, or the policy says not to).
    private(set) var media: MediaExamination?

    /// Parses and evaluates everything in the order the parts depend on each other: the tag
    /// files first, the metadata and the seal over them, the custody log last, because its
    /// seal-record rule needs the seal's signer.
    /// - Parameters:
    ///   - externalMedia: a digest of the `--media` copy already taken (tests); `nil` hashes
    ///     `policy.externalMedia`, when given, if the media check applies.
    ///   - crypto: the OpenSSL operations, replaceable so tests can make them fail.
    init(inventory: Inventory, profile: Profile, verificationTime: Timestamp, policy: VerificationPolicy = VerificationPolicy(),
         limits: VerificationLimits = VerificationLimits(), externalMedia: ExternalMediaDigest? = nil,
         crypto: any VerifierCrypto = OpenSSLCrypto()) {
        self.inventory = inventory
        let documents = ParsedDocuments(inventory: inventory, limits: limits)
        let stapled = StapledRevocation(inventory)
        stapledRevocation = stapled
        revocationEvidence = policy.revocationEvidence + stapled.evidence
        self.documents = documents
        payloadPaths = inventory.payloadPaths
        self.profile = profile
        self.verificationTime = verificationTime
        self.policy = policy
        let encoding = Self.tagEncoding(inventory, profile: profile)
        tagEncoding = encoding
        bagInfo = inventory.tagFileBytes[PackageLayout.bagInfo].map { bytes in
            Result { () throws(FormatError) -> BagInfo in try BagInfo.parse(Self.utf8(bytes, encoding, file: PackageLayout.bagInfo)) }
        }
        manifest = documents.read(PackageLayout.manifest) { json throws(FormatError) in try PackageManifest(json: json) }
        if let parsed = inventory.parsedChain {
            chain = .success(parsed)
        } else {
            chain = documents.read(PackageLayout.chain) { json throws(FormatError) in try FrameChain(json: json) }
        }
        depthIndex = documents.read(PackageLayout.depthIndex) { json throws(FormatError) in try DepthIndex(json: json) }
        let capturePaths = inventory.files.keys.filter { $0.hasPrefix(PackageLayout.captureAppDirectory) }
        appFiles = AppFiles(capturePaths: Array(capturePaths)) { path in
            try? documents.json(path)?.get()
        }
        appManifest = nil
        appChain = nil
        metadataSources = nil
        if let path = appFiles[.hashChain] {
            appChain = documents.read(path) { json throws(FormatError) in try AppHashChain(json: json) }
                ?? .failure(FormatError(.limitExceeded, "it is larger than a verifier reads into memory"))
        }
        if let path = appFiles[.forensicManifest] {
            let source = String(path.split(separator: "/").last ?? "")
            appManifest = documents.read(path) { json throws(FormatError) in try AppForensicManifest(json: json, source: source) }
                ?? .failure(FormatError(.limitExceeded, "it is larger than a verifier reads into memory"))
        }
        // Every other kept JSON file now, rial's own and the app's recognised files having come
        // first: which documents fit the budget is settled before any check runs, the same way
        // for every run.
        for path in inventory.tagFileBytes.keys.sorted(by: UTF8Order.precedes) where path.hasSuffix(".json") {
            _ = documents.json(path)
        }
        metadataSources = MetadataSources(self)
        appTokens = AppTokenFacts.all(self, crypto: crypto)
        // The copy of the media (`--media`) is read only where the media check applies: a
        // package, or a bag that states a rial manifest of a version this verifier reads. A
        // multi-GiB file is not hashed for a plain bag or a package that will be refused.
        if let given = externalMedia {
            self.externalMedia = given
        } else if let path = policy.externalMedia, judgesRialParts, !Self.isUnsupportedVersion(manifest) {
            self.externalMedia = ExternalMediaDigest(path: path)
        }
        if judgesRialParts, policy.examinesMedia, !Self.isUnsupportedVersion(manifest) {
            media = MediaExamination(self)
        }
        // The seal and its timestamp depend on each other: the token's imprint covers the
        // seal's signature value, and a trusted token's genTime is when the seal's
        // certificates are judged (RFC 3161 Appendix B). A plain bag has no seal to look for,
        // unless the policy demands one: then stripping rial/ must not make a required seal pass.
        if judgesRialParts || policy.requiresSeal || policy.requiresTimestamp {
            let signature = SealFacts.signatureFacts(self, crypto: crypto)
            let timestamp = TimestampFacts(self, seal: signature?.parsed, crypto: crypto)
            self.timestamp = timestamp
            let verdict = TimestampVerdict(timestamp)
            renewal = RenewalFacts(self, sealTSA: verdict.signer, sealGenTime: verdict.response?.genTime, crypto: crypto)
            seal = SealFacts(self, signature: signature, trustedTime: timestamp.trustedGenTime, crypto: crypto)
        }
        custodyLog = CustodyLog(inventory: inventory, documents: documents, profile: profile, hasManifest: manifest != nil, limits: limits,
                                appLogPath: appPath(.custodyLog))
        if let log = custodyLog {
            for file in log.files {
                custodySignatures[file.seq] = CustodySignatureFacts(file, path: log.signaturePaths[file.seq], anchors: policy.sealAnchors,
                                                                    revocationEvidence: revocationEvidence, intermediates: stapledRevocation.certificates, verificationTime: verificationTime, crypto: crypto, bytes: { inventory.tagFileBytes[$0] })
            }
        }
    }

    private static func isUnsupportedVersion(_ manifest: Result<PackageManifest, FormatError>?) -> Bool {
        if case .failure(let error)? = manifest { return error.code == .unsupportedVersion }
        return false
    }

    /// Whether the rial parts (`rial/…`, the capture's claims) are judged: always in a package;
    /// in a plain bag only when it kept `rial/manifest.json`.
    /// The payload's paths under `subdirectory` (e.g. ``PackageLayout/mediaDirectory``), sorted by bytes.
    func payloadPaths(under subdirectory: String) -> [String] {
        payloadPaths.filter { $0.hasPrefix(subdirectory) }
    }

    var judgesRialParts: Bool { profile == .package || manifest != nil }

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

    /// Where the app's file of `kind` is: the path recognised, or the name rial's own capture
    /// layout gives it (which the input then does not have).
    /// When several files read as `kind`, none is read: the path is then one no input holds.
    func appPath(_ kind: AppFileKind) -> String {
        if let path = appFiles[kind] { return path }
        let canonical = PackageLayout.captureAppDirectory + kind.fileName
        return appFiles.ambiguous[kind] == nil ? canonical : canonical + " (ambiguous: not read)"
    }

    /// The app's hash chain when it parsed.
    var parsedAppChain: AppHashChain? { try? appChain?.get() }

    /// The app's forensic manifest when it parsed.
    var parsedAppManifest: AppForensicManifest? { try? appManifest?.get() }

    /// The media the app's forensic manifest describes, when the input holds it
    /// (`schema/SPEC.md` §2.2): `data/media/<fileName>`, or else, found by content, the one
    /// file under `data/media/` whose SHA-256 or SHA-512 is the one the manifest records (a
    /// renamed recording).
    var appMediaPath: String? { appMedia?.path }

    /// ``appMediaPath`` and whether it was found by content rather than by its name.
    var appMedia: AppMediaLocation? {
        guard let manifest = parsedAppManifest else { return nil }
        return AppMediaLocation.find(manifest, in: payloadPaths(under: PackageLayout.mediaDirectory)) { inventory.files[$0]?.digests ?? [:] }
    }

    /// Whether the input has a file at `path`.
    func has(_ path: String) -> Bool { inventory.files[path] != nil }

    /// The tag file's bytes, when present and small enough to have been kept.
    func bytes(_ path: String) -> [UInt8]? { inventory.tagFileBytes[path] }

    /// A BagIt text file's bytes (`bag-info.txt`, a manifest, `fetch.txt`) as UTF-8, converted
    /// from the encoding `bagit.txt` declares (§5.1); `nil` when not kept.
    /// - Throws: ``FormatError`` `.invalidUTF8` when it is not text in that encoding, or the
    ///   encoding is one rial does not read.
    func tagText(_ path: String) throws(FormatError) -> [UInt8]? {
        try bytes(path).map { bytes throws(FormatError) in try Self.utf8(bytes, tagEncoding, file: path) }
    }

    /// A payload or tag manifest, read in the declared encoding (§5.1) and parsed; in a plain
    /// bag a path written `./data/…` is read as `data/…` (BagIt 0.97 tools wrote it so, and
    /// bagit-python reads it so), and one written `*data/…` as `data/…` (md5sum's binary-mode
    /// mark, as `md5sum -b` writes it). `nil` when its bytes were not kept.
    /// - Throws: ``FormatError`` for a manifest that is not text in that encoding or does not parse.
    func bagManifest(_ fileName: String, algorithm: DigestAlgorithm) throws(FormatError) -> BagManifest? {
        guard let text = try tagText(fileName) else { return nil }
        let manifest = try BagManifest.parse(text, algorithm: algorithm.rawValue, digestByteCount: algorithm.byteCount, fileName: fileName)
        guard profile == .bag, manifest.entries.contains(where: { Self.oldFormPrefix($0.path) > 0 }) else { return manifest }
        return BagManifest(algorithm: manifest.algorithm, entries: manifest.entries.map { entry in
            let prefix = Self.oldFormPrefix(entry.path)
            return prefix > 0 ? BagManifest.Entry(path: String(entry.path.dropFirst(prefix)), digest: entry.digest) : entry
        })
    }

    /// How many leading characters of a plain bag's manifest path are an older tool's marks, not
    /// the path: md5sum's binary-mode `*`, then `./`.
    static func oldFormPrefix(_ path: String) -> Int {
        let star = path.hasPrefix("*") && !path.hasPrefix("**") ? 1 : 0
        return star + (path.dropFirst(star).hasPrefix("./") ? 2 : 0)
    }

    private static func utf8(_ bytes: [UInt8], _ encoding: TagFileEncoding?, file: String) throws(FormatError) -> [UInt8] {
        guard let encoding else {
            throw FormatError(.invalidUTF8, "\(file) is in an encoding rial does not read (bagit.txt declares it; rial reads \(TagFileEncoding.supported))")
        }
        return try encoding.utf8(bytes, file: file)
    }

    /// The tag-file encoding of the input: a package is UTF-8 (check 2 fails any other), and a
    /// bag is what its `bagit.txt` declares.
    private static func tagEncoding(_ inventory: Inventory, profile: Profile) -> TagFileEncoding? {
        guard profile == .bag, let bytes = inventory.tagFileBytes[PackageLayout.bagDeclaration],
              let declaration = try? BagDeclaration.parse(bytes) else { return .utf8 }
        return TagFileEncoding(declared: declaration.encoding)
    }

    /// The subject used for findings about the whole input.
    var packageSubject: String { inventory.rootName.map { $0 + "/" } ?? "bag" }
}
