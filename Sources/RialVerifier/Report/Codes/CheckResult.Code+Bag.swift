extension CheckResult.Code {
    // BagIt: the layout of the archive or bag directory, `bagit.txt`, `bag-info.txt` and the manifests (`schema/SPEC.md` §8.5 steps 1–7).

    public static let archiveLayout = Self("archive.layout")
    public static let archiveLayoutNoRoot = Self("archive.layout.no-root")
    public static let archiveLimitTagFileSize = Self("archive.limit.tag-file-size")
    public static let bagDeclaration = Self("bag.declaration")
    public static let bagDeclarationEncoding = Self("bag.declaration.encoding")
    public static let bagDeclarationMalformed = Self("bag.declaration.malformed")
    public static let bagDeclarationMissing = Self("bag.declaration.missing")
    public static let bagDeclarationUnreadable = Self("bag.declaration.unreadable")
    public static let bagDeclarationVersion = Self("bag.declaration.version")
    public static let bagEntryInvalidName = Self("bag.entry.invalid-name")
    public static let bagEntryUnreadable = Self("bag.entry.unreadable")
    public static let bagEntryUnsupportedType = Self("bag.entry.unsupported-type")
    public static let bagInfo = Self("bag.info")
    public static let bagInfoBaggingDateInvalid = Self("bag.info.bagging-date.invalid")
    public static let bagInfoExternalIdentifierMismatch = Self("bag.info.external-identifier.mismatch")
    public static let bagInfoFieldMissing = Self("bag.info.field-missing")
    public static let bagInfoFieldRepeated = Self("bag.info.field-repeated")
    public static let bagInfoMalformed = Self("bag.info.malformed")
    public static let bagInfoMissing = Self("bag.info.missing")
    public static let bagInfoUnreadable = Self("bag.info.unreadable")
    public static let bagLayout = Self("bag.layout")
    public static let bagLimitTagFileSize = Self("bag.limit.tag-file-size")
    public static let bagManifestNone = Self("bag.manifest.none")
    public static let bagManifestsAgree = Self("bag.manifests.agree")
    public static let bagManifestsDisagree = Self("bag.manifests.disagree")
    public static let bagPayloadOxum = Self("bag.payload-oxum")
    public static let bagPayloadOxumMalformed = Self("bag.payload-oxum.malformed")
    public static let bagPayloadOxumMismatch = Self("bag.payload-oxum.mismatch")
    public static let bagPayloadOxumMissing = Self("bag.payload-oxum.missing")
    public static let bagTagmanifest = Self("bag.tagmanifest")

    /// Every bag code, for ``all``.
    static let bagCodes: [Self] = [
        .archiveLayout, .archiveLayoutNoRoot, .archiveLimitTagFileSize, .bagDeclaration, .bagDeclarationEncoding,
        .bagDeclarationMalformed, .bagDeclarationMissing, .bagDeclarationUnreadable, .bagDeclarationVersion, .bagEntryInvalidName,
        .bagEntryUnreadable, .bagEntryUnsupportedType, .bagInfo, .bagInfoBaggingDateInvalid, .bagInfoExternalIdentifierMismatch,
        .bagInfoFieldMissing, .bagInfoFieldRepeated, .bagInfoMalformed, .bagInfoMissing, .bagInfoUnreadable, .bagLayout,
        .bagLimitTagFileSize, .bagManifestNone, .bagManifestsAgree,
        .bagManifestsDisagree, .bagPayloadOxum, .bagPayloadOxumMalformed, .bagPayloadOxumMismatch, .bagPayloadOxumMissing,
        .bagTagmanifest,
    ]
}
