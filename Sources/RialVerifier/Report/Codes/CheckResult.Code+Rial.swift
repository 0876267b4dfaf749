extension CheckResult.Code {
    // `rial/manifest.json` and the files appended to a package later (§8.5, §6).

    public static let appendedUnrecognised = Self("appended.unrecognised")
    public static let rialManifest = Self("rial.manifest")
    public static let rialManifestCaptureMismatch = Self("rial.manifest.capture.mismatch")
    public static let rialManifestCreatedMismatch = Self("rial.manifest.created.mismatch")
    public static let rialManifestFileDuplicate = Self("rial.manifest.file.duplicate")
    public static let rialManifestFileInvalidPath = Self("rial.manifest.file.invalid-path")
    public static let rialManifestFileMissing = Self("rial.manifest.file.missing")
    public static let rialManifestFileNotAllowed = Self("rial.manifest.file.not-allowed")
    public static let rialManifestFileRoleMismatch = Self("rial.manifest.file.role-mismatch")
    public static let rialManifestFileSha256 = Self("rial.manifest.file.sha256")
    public static let rialManifestFileSha256Mismatch = Self("rial.manifest.file.sha256-mismatch")
    public static let rialManifestFileSha512 = Self("rial.manifest.file.sha512")
    public static let rialManifestFileSha512Mismatch = Self("rial.manifest.file.sha512-mismatch")
    public static let rialManifestFileSizeMismatch = Self("rial.manifest.file.size-mismatch")
    public static let rialManifestFileUnexpectedPath = Self("rial.manifest.file.unexpected-path")
    public static let rialManifestFileUnlisted = Self("rial.manifest.file.unlisted")
    public static let rialManifestMalformed = Self("rial.manifest.malformed")
    public static let rialManifestMissing = Self("rial.manifest.missing")
    public static let rialManifestNotCanonical = Self("rial.manifest.not-canonical")
    public static let rialManifestPackageIdMismatch = Self("rial.manifest.package-id.mismatch")
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
