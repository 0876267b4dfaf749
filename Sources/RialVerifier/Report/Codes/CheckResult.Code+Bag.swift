extension CheckResult.Code {
    // BagIt: the layout of the archive or bag directory, `bagit.txt`, `bag-info.txt` and the manifests (`schema/SPEC.md` §8.5 steps 1–7).

    /// PASS: the archive kept to the strict profile (§4.4), so it has one top-level directory, named by a
    /// package id, and only regular files and directories, with valid, unique, non-colliding names, read to
    /// the end; and no file was over a limit of §8.3.
    public static let archiveLayout = Self(BagList.archiveLayout)
    /// FAIL: no entry had a valid name, so there is no package directory. (Not reached by rial 0.1.0: an
    /// archive without entries is `input.not-a-package`, §8.2.).
    public static let archiveLayoutNoRoot = Self(BagList.archiveLayoutNoRoot)
    /// FAIL: a tag file or parsed payload file (§8.3, step 4) over 64 MiB, or one that would take the kept
    /// bytes over 256 MiB (the message says which); hashed, not parsed.
    public static let archiveLimitTagFileSize = Self(BagList.archiveLimitTagFileSize)
    /// FAIL: a kept JSON file not parsed because, parsed, the package's JSON files would take more
    /// memory than the verifier's budget (§8.3, step 4: 192 MiB, an estimate of the parsed values).
    public static let archiveLimitParsedJSON = Self(BagList.archiveLimitParsedJSON)
    /// PASS: declares an accepted BagIt version and a tag-file encoding rial reads (UTF-8 for a package).
    public static let bagDeclaration = Self(BagList.bagDeclaration)
    /// FAIL: encoding not UTF-8 (package), or not one rial reads (bag: UTF-8, ISO-8859-1, UTF-16); with
    /// expected and actual.
    public static let bagDeclarationEncoding = Self(BagList.bagDeclarationEncoding)
    /// NOT CHECKED: an entry of `fetch.txt`: rial never fetches, so the file is checked only if the bag
    /// holds it.
    public static let bagFetch = Self(BagList.bagFetch)
    /// FAIL: a line of `fetch.txt` that is not `URL LENGTH FILEPATH`, whose path would be written outside
    /// `data/` (absolute, `~`, a `..` component, a Windows path), whose URL has no scheme, or whose
    /// length is neither a number nor `-`; or `fetch.txt` cannot be read in the declared encoding.
    public static let bagFetchInvalid = Self(BagList.bagFetchInvalid)
    /// FAIL: not UTF-8, not exactly two lines, or wrong labels.
    public static let bagDeclarationMalformed = Self(BagList.bagDeclarationMalformed)
    /// FAIL: absent (package), or could not be read (bag directory).
    public static let bagDeclarationMissing = Self(BagList.bagDeclarationMissing)
    /// FAIL: present but too large to read.
    public static let bagDeclarationUnreadable = Self(BagList.bagDeclarationUnreadable)
    /// FAIL: version not `1.0` (package), or not `0.97`/`1.0` (bag); with expected and actual.
    public static let bagDeclarationVersion = Self(BagList.bagDeclarationVersion)
    /// FAIL: breaks the BagIt rules of §1.4.1.
    public static let bagEntryInvalidName = Self(BagList.bagEntryInvalidName)
    /// FAIL: a file in the bag directory could not be read; it is left out of the inventory.
    public static let bagEntryUnreadable = Self(BagList.bagEntryUnreadable)
    /// FAIL: symbolic link or special file; not followed.
    public static let bagEntryUnsupportedType = Self(BagList.bagEntryUnsupportedType)
    /// - PASS: package: required fields present once, External-Identifier names the package, valid
    ///   Bagging-Date. Bag: well-formed.
    /// - NOT PRESENT: bag directory without `bag-info.txt`.
    public static let bagInfo = Self(BagList.bagInfo)
    /// FAIL: not a valid `YYYY-MM-DD` (actual: value).
    public static let bagInfoBaggingDateInvalid = Self(BagList.bagInfoBaggingDateInvalid)
    /// FAIL: differs from the package directory name (expected: directory, actual: value).
    public static let bagInfoExternalIdentifierMismatch = Self(BagList.bagInfoExternalIdentifierMismatch)
    /// FAIL: a required field is absent.
    public static let bagInfoFieldMissing = Self(BagList.bagInfoFieldMissing)
    /// FAIL: a required field appears more than once.
    public static let bagInfoFieldRepeated = Self(BagList.bagInfoFieldRepeated)
    /// FAIL: not UTF-8, a line without a label, or an orphan continuation.
    public static let bagInfoMalformed = Self(BagList.bagInfoMalformed)
    /// FAIL: package without `bag-info.txt`.
    public static let bagInfoMissing = Self(BagList.bagInfoMissing)
    /// FAIL: present but too large to read.
    public static let bagInfoUnreadable = Self(BagList.bagInfoUnreadable)
    /// PASS: bag directory: no links, special files, invalid names, unreadable or oversized tag files.
    public static let bagLayout = Self(BagList.bagLayout)
    /// FAIL: bag directory: as `archive.limit.tag-file-size`.
    public static let bagLimitTagFileSize = Self(BagList.bagLimitTagFileSize)
    /// FAIL: bag directory: as `archive.limit.parsed-json`.
    public static let bagLimitParsedJSON = Self(BagList.bagLimitParsedJSON)
    /// FAIL: bag directory with no payload manifest of a supported algorithm.
    public static let bagManifestNone = Self(BagList.bagManifestNone)
    /// - PASS: all payload manifests list the same paths.
    /// - NOT CHECKED: fewer than two readable payload manifests.
    public static let bagManifestsAgree = Self(BagList.bagManifestsAgree)
    /// FAIL: listed in some payload manifests but not in others.
    public static let bagManifestsDisagree = Self(BagList.bagManifestsDisagree)
    /// - PASS: stated bytes and count equal the payload's.
    /// - NOT CHECKED: package whose `bag-info.txt` is missing, unreadable or malformed.
    /// - NOT PRESENT: bag directory with no readable `bag-info.txt`, or no Payload-Oxum.
    public static let bagPayloadOxum = Self(BagList.bagPayloadOxum)
    /// FAIL: repeated, or not `OCTETS.COUNT` (actual: the values, joined by `, `).
    public static let bagPayloadOxumMalformed = Self(BagList.bagPayloadOxumMalformed)
    /// FAIL: differs from the payload (expected: stated, actual: found).
    public static let bagPayloadOxumMismatch = Self(BagList.bagPayloadOxumMismatch)
    /// FAIL: package's `bag-info.txt` has no Payload-Oxum.
    public static let bagPayloadOxumMissing = Self(BagList.bagPayloadOxumMissing)
    /// NOT PRESENT: bag directory without tag manifests.
    public static let bagTagmanifest = Self(BagList.bagTagmanifest)
    /// PASS: a package's BagIt tag files (`bagit.txt`, `bag-info.txt`, the manifests and tag manifests)
    /// are each in the one byte form rial writes (§5), so the package has no second byte form.
    public static let bagForm = Self(BagList.bagForm)
    /// FAIL: a package's tag file reads as the same content but is not in the byte form rial writes (§5):
    /// a digest in capitals, one space or a TAB before a path, CR LF line ends, a folded or padded
    /// `bag-info.txt` line, payload manifest lines out of order (expected and actual: the first line that
    /// differs).
    public static let bagFormNotCanonical = Self(BagList.bagFormNotCanonical)
}

extension CheckResult.Code {
    /// The codes this file declares, one case each, its raw value the code: a constant above is
    /// made from its case, and ``all`` takes every case (``CodeList``).
    enum BagList: String, CodeList {
        case archiveLayout = "archive.layout"
        case archiveLayoutNoRoot = "archive.layout.no-root"
        case archiveLimitTagFileSize = "archive.limit.tag-file-size"
        case archiveLimitParsedJSON = "archive.limit.parsed-json"
        case bagDeclaration = "bag.declaration"
        case bagDeclarationEncoding = "bag.declaration.encoding"
        case bagFetch = "bag.fetch"
        case bagFetchInvalid = "bag.fetch.invalid"
        case bagDeclarationMalformed = "bag.declaration.malformed"
        case bagDeclarationMissing = "bag.declaration.missing"
        case bagDeclarationUnreadable = "bag.declaration.unreadable"
        case bagDeclarationVersion = "bag.declaration.version"
        case bagEntryInvalidName = "bag.entry.invalid-name"
        case bagEntryUnreadable = "bag.entry.unreadable"
        case bagEntryUnsupportedType = "bag.entry.unsupported-type"
        case bagInfo = "bag.info"
        case bagInfoBaggingDateInvalid = "bag.info.bagging-date.invalid"
        case bagInfoExternalIdentifierMismatch = "bag.info.external-identifier.mismatch"
        case bagInfoFieldMissing = "bag.info.field-missing"
        case bagInfoFieldRepeated = "bag.info.field-repeated"
        case bagInfoMalformed = "bag.info.malformed"
        case bagInfoMissing = "bag.info.missing"
        case bagInfoUnreadable = "bag.info.unreadable"
        case bagLayout = "bag.layout"
        case bagLimitTagFileSize = "bag.limit.tag-file-size"
        case bagLimitParsedJSON = "bag.limit.parsed-json"
        case bagManifestNone = "bag.manifest.none"
        case bagManifestsAgree = "bag.manifests.agree"
        case bagManifestsDisagree = "bag.manifests.disagree"
        case bagPayloadOxum = "bag.payload-oxum"
        case bagPayloadOxumMalformed = "bag.payload-oxum.malformed"
        case bagPayloadOxumMismatch = "bag.payload-oxum.mismatch"
        case bagPayloadOxumMissing = "bag.payload-oxum.missing"
        case bagTagmanifest = "bag.tagmanifest"
        case bagForm = "bag.form"
        case bagFormNotCanonical = "bag.form.not-canonical"
    }
}
