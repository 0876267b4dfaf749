extension CheckResult.Code {
    // `rial/manifest.json` and the files appended to a package later (§8.5, §6).

    /// NOT CHECKED: a file under `rial/seal/` that checks 19 and 20 do not examine (check 22); its bytes are
    /// covered by the tag manifests, its meaning is not checked.
    public static let appendedUnrecognised = Self("appended.unrecognised")
    /// - PASS: every record matches size, SHA-256 and SHA-512; nothing unlisted; ids, dates and capture
    ///   summary agree.
    /// - NOT PRESENT: bag directory without a rial manifest.
    public static let rialManifest = Self("rial.manifest")
    /// FAIL: summary field differs from the files present (expected: stated, actual: recomputed).
    public static let rialManifestCaptureMismatch = Self("rial.manifest.capture.mismatch")
    /// FAIL: UTC day of `created` differs from Bagging-Date.
    public static let rialManifestCreatedMismatch = Self("rial.manifest.created.mismatch")
    /// FAIL: a path listed more than once.
    public static let rialManifestFileDuplicate = Self("rial.manifest.file.duplicate")
    /// FAIL: the record's path breaks the strict rules of §1.4.1 (packages and bag directories).
    public static let rialManifestFileInvalidPath = Self("rial.manifest.file.invalid-path")
    /// FAIL: listed, but not in the input.
    public static let rialManifestFileMissing = Self("rial.manifest.file.missing")
    /// FAIL: lists itself, a tag manifest, or a file under `rial/custody/` or `rial/seal/`.
    public static let rialManifestFileNotAllowed = Self("rial.manifest.file.not-allowed")
    /// FAIL: stated role differs from the path's role (expected, actual).
    public static let rialManifestFileRoleMismatch = Self("rial.manifest.file.role-mismatch")
    /// NOT CHECKED: SHA-256 not computed: a payload file of a bag directory without `manifest-sha256.txt` or
    /// `tagmanifest-sha256.txt` (tag files always get SHA-256, §8.4).
    public static let rialManifestFileSha256 = Self("rial.manifest.file.sha256")
    /// FAIL: SHA-256 differs.
    public static let rialManifestFileSha256Mismatch = Self("rial.manifest.file.sha256-mismatch")
    /// NOT CHECKED: SHA-512 not computed (as above, for SHA-512).
    public static let rialManifestFileSha512 = Self("rial.manifest.file.sha512")
    /// FAIL: SHA-512 differs.
    public static let rialManifestFileSha512Mismatch = Self("rial.manifest.file.sha512-mismatch")
    /// FAIL: size differs (expected: listed, actual: found).
    public static let rialManifestFileSizeMismatch = Self("rial.manifest.file.size-mismatch")
    /// FAIL: no file may have this path in a package.
    public static let rialManifestFileUnexpectedPath = Self("rial.manifest.file.unexpected-path")
    /// FAIL: a file that must be listed is not: added or renamed.
    public static let rialManifestFileUnlisted = Self("rial.manifest.file.unlisted")
    /// FAIL: breaks §6.7 or §6.8.
    public static let rialManifestMalformed = Self("rial.manifest.malformed")
    /// FAIL: package without `rial/manifest.json`.
    public static let rialManifestMissing = Self("rial.manifest.missing")
    /// FAIL: parses and validates, but is not byte-identical to the canonical serialisation of its content
    /// (§6.6).
    public static let rialManifestNotCanonical = Self("rial.manifest.not-canonical")
    /// FAIL: differs from the package directory name.
    public static let rialManifestPackageIdMismatch = Self("rial.manifest.package-id.mismatch")
    /// FAIL: present but too large to read.
    public static let rialManifestUnreadable = Self("rial.manifest.unreadable")

    /// Every rial code, for ``all``.
    static let rialCodes: [Self] = [
        .appendedUnrecognised, .rialManifest, .rialManifestCaptureMismatch, .rialManifestCreatedMismatch,
        .rialManifestFileDuplicate, .rialManifestFileInvalidPath, .rialManifestFileMissing, .rialManifestFileNotAllowed,
        .rialManifestFileRoleMismatch, .rialManifestFileSha256, .rialManifestFileSha256Mismatch, .rialManifestFileSha512,
        .rialManifestFileSha512Mismatch, .rialManifestFileSizeMismatch, .rialManifestFileUnexpectedPath,
        .rialManifestFileUnlisted, .rialManifestMalformed, .rialManifestMissing, .rialManifestNotCanonical,
        .rialManifestPackageIdMismatch, .rialManifestUnreadable,
    ]
}
