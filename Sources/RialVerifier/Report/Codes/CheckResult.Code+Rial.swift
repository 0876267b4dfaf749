extension CheckResult.Code {
    // `rial/manifest.json` and the files appended to a package later (§8.5, §6).

    /// NOT CHECKED: a file under `rial/seal/` that checks 19 and 20 do not examine (check 22); its bytes are
    /// covered by the tag manifests, its meaning is not checked.
    public static let appendedUnrecognised = Self(RialList.appendedUnrecognised)
    /// - PASS: every record matches size, SHA-256 and SHA-512; nothing unlisted; ids, dates and capture
    ///   summary agree.
    /// - NOT PRESENT: bag directory without a rial manifest.
    public static let rialManifest = Self(RialList.rialManifest)
    /// FAIL: summary field differs from the files present (expected: stated, actual: recomputed).
    public static let rialManifestCaptureMismatch = Self(RialList.rialManifestCaptureMismatch)
    /// FAIL: UTC day of `created` differs from Bagging-Date.
    public static let rialManifestCreatedMismatch = Self(RialList.rialManifestCreatedMismatch)
    /// FAIL: a path listed more than once.
    public static let rialManifestFileDuplicate = Self(RialList.rialManifestFileDuplicate)
    /// FAIL: the record's path breaks the strict rules of §1.4.1 (packages and bag directories).
    public static let rialManifestFileInvalidPath = Self(RialList.rialManifestFileInvalidPath)
    /// FAIL: listed, but not in the input.
    public static let rialManifestFileMissing = Self(RialList.rialManifestFileMissing)
    /// FAIL: lists itself, a tag manifest, or a file under `rial/custody/` or `rial/seal/`.
    public static let rialManifestFileNotAllowed = Self(RialList.rialManifestFileNotAllowed)
    /// FAIL: stated role differs from the path's role (expected, actual).
    public static let rialManifestFileRoleMismatch = Self(RialList.rialManifestFileRoleMismatch)
    /// NOT CHECKED: SHA-256 not computed: a payload file of a bag directory without `manifest-sha256.txt` or
    /// `tagmanifest-sha256.txt` (tag files always get SHA-256, §8.4).
    public static let rialManifestFileSha256 = Self(RialList.rialManifestFileSha256)
    /// FAIL: SHA-256 differs.
    public static let rialManifestFileSha256Mismatch = Self(RialList.rialManifestFileSha256Mismatch)
    /// NOT CHECKED: SHA-512 not computed (as above, for SHA-512).
    public static let rialManifestFileSha512 = Self(RialList.rialManifestFileSha512)
    /// FAIL: SHA-512 differs.
    public static let rialManifestFileSha512Mismatch = Self(RialList.rialManifestFileSha512Mismatch)
    /// FAIL: size differs (expected: listed, actual: found).
    public static let rialManifestFileSizeMismatch = Self(RialList.rialManifestFileSizeMismatch)
    /// FAIL: no file may have this path in a package.
    public static let rialManifestFileUnexpectedPath = Self(RialList.rialManifestFileUnexpectedPath)
    /// FAIL: a file that must be listed is not: added or renamed.
    public static let rialManifestFileUnlisted = Self(RialList.rialManifestFileUnlisted)
    /// FAIL: breaks §6.7 or §6.8.
    public static let rialManifestMalformed = Self(RialList.rialManifestMalformed)
    /// FAIL: package without `rial/manifest.json`.
    public static let rialManifestMissing = Self(RialList.rialManifestMissing)
    /// FAIL: parses and validates, but is not byte-identical to the canonical serialisation of its content
    /// (§6.6).
    public static let rialManifestNotCanonical = Self(RialList.rialManifestNotCanonical)
    /// FAIL: differs from the package directory name.
    public static let rialManifestPackageIdMismatch = Self(RialList.rialManifestPackageIdMismatch)
    /// FAIL: present but too large to read.
    public static let rialManifestUnreadable = Self(RialList.rialManifestUnreadable)
}

extension CheckResult.Code {
    /// The codes this file declares, one case each, its raw value the code: a constant above is
    /// made from its case, and ``all`` takes every case (``CodeList``).
    enum RialList: String, CodeList {
        case appendedUnrecognised = "appended.unrecognised"
        case rialManifest = "rial.manifest"
        case rialManifestCaptureMismatch = "rial.manifest.capture.mismatch"
        case rialManifestCreatedMismatch = "rial.manifest.created.mismatch"
        case rialManifestFileDuplicate = "rial.manifest.file.duplicate"
        case rialManifestFileInvalidPath = "rial.manifest.file.invalid-path"
        case rialManifestFileMissing = "rial.manifest.file.missing"
        case rialManifestFileNotAllowed = "rial.manifest.file.not-allowed"
        case rialManifestFileRoleMismatch = "rial.manifest.file.role-mismatch"
        case rialManifestFileSha256 = "rial.manifest.file.sha256"
        case rialManifestFileSha256Mismatch = "rial.manifest.file.sha256-mismatch"
        case rialManifestFileSha512 = "rial.manifest.file.sha512"
        case rialManifestFileSha512Mismatch = "rial.manifest.file.sha512-mismatch"
        case rialManifestFileSizeMismatch = "rial.manifest.file.size-mismatch"
        case rialManifestFileUnexpectedPath = "rial.manifest.file.unexpected-path"
        case rialManifestFileUnlisted = "rial.manifest.file.unlisted"
        case rialManifestMalformed = "rial.manifest.malformed"
        case rialManifestMissing = "rial.manifest.missing"
        case rialManifestNotCanonical = "rial.manifest.not-canonical"
        case rialManifestPackageIdMismatch = "rial.manifest.package-id.mismatch"
        case rialManifestUnreadable = "rial.manifest.unreadable"
    }
}
