import RialCrypto

extension CheckResult.Code {
    /// The codes of one BagIt manifest, payload (`bag.manifest.ALG…`) or tag
    /// (`bag.tagmanifest.ALG…`), for each algorithm BagIt names.
    public struct ManifestCodes: Sendable {
        /// Every listed file is present and matches, and every file is listed.
        public let passed: CheckResult.Code
        /// A package lacks this manifest (only SHA-256 and SHA-512 are required).
        public var absent: CheckResult.Code { child("absent") }
        /// The manifest is too large to read.
        public var unreadable: CheckResult.Code { child("unreadable") }
        /// Not UTF-8, a line without a path, or a digest of the wrong shape.
        public var malformed: CheckResult.Code { child("malformed") }
        /// A path listed more than once.
        public var duplicate: CheckResult.Code { child("duplicate") }
        /// A listed path breaks the path rules (package only).
        public var invalidPath: CheckResult.Code { child("invalid-path") }
        /// A path this manifest may not list.
        public var notAllowed: CheckResult.Code { child("not-allowed") }
        /// Listed, but no such file.
        public var missing: CheckResult.Code { child("missing") }
        /// The digest differs.
        public var mismatch: CheckResult.Code { child("mismatch") }
        /// A file the manifest does not list: added or renamed.
        public var unlisted: CheckResult.Code { child("unlisted") }

        /// Every code of the manifest; `absent` only for the algorithms a package requires.
        var all: [CheckResult.Code] {
            [passed, unreadable, malformed, duplicate, invalidPath, notAllowed, missing, mismatch, unlisted]
                + (algorithm.isRequiredInPackages ? [absent] : [])
        }

        fileprivate let algorithm: DigestAlgorithm

        private func child(_ name: String) -> CheckResult.Code { CheckResult.Code(passed.rawValue + "." + name) }
    }

    /// `manifest-ALG.txt`'s codes.
    public static func payloadManifest(_ algorithm: DigestAlgorithm) -> ManifestCodes {
        ManifestCodes(passed: Self("bag.manifest." + algorithm.rawValue), algorithm: algorithm)
    }

    /// `tagmanifest-ALG.txt`'s codes.
    public static func tagManifest(_ algorithm: DigestAlgorithm) -> ManifestCodes {
        ManifestCodes(passed: Self("bag.tagmanifest." + algorithm.rawValue), algorithm: algorithm)
    }

    /// Every manifest code, for ``all``.
    static let manifestCodes: [Self] = DigestAlgorithm.allCases.flatMap { payloadManifest($0).all + tagManifest($0).all }

    /// Every code the verifier can emit: the set `schema/SPEC.md` §8.6 lists. Derived, not kept
    /// by hand: every case of every area's ``CodeList`` (each constant is made from one) and
    /// every manifest code.
    public static let all: [Self] = lists.flatMap { $0.codes } + manifestCodes

    /// Each `CheckResult.Code+<Area>.swift` file's list; a test holds it to the lists declared.
    static let lists: [any CodeList.Type] = [
        BagList.self, RialList.self, ChainList.self, MetadataList.self, AppList.self, MediaList.self, SealList.self,
        AppTimestampList.self, CustodyList.self, AppClaimList.self, RevocationList.self, ReceiptList.self, RenewalList.self,
    ]

    /// The code of a list's case: the only way a `CheckResult.Code+<Area>.swift` file makes a
    /// code, so every constant is a case of its file's list, and so in ``all``.
    init(_ listed: some CodeList) { self.init(listed.rawValue) }
}

/// The codes one `CheckResult.Code+<Area>.swift` file declares, one case each, its raw value
/// the code.
protocol CodeList: CaseIterable, RawRepresentable where RawValue == String {}

extension CodeList {
    /// Every code of the list.
    static var codes: [CheckResult.Code] { allCases.map { CheckResult.Code($0.rawValue) } }
}

private extension DigestAlgorithm {
    /// A package must have this algorithm's manifests (§5.3).
    var isRequiredInPackages: Bool { self == .sha256 || self == .sha512 }
}
