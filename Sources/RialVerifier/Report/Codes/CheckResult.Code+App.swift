extension CheckResult.Code {
    // The capture app's own files and integrity claims (§2.2, §8.5 check 14a).

    /// FAIL: more than one file under `data/capture/` reads as the same one of the app's files (two custody
    /// logs, two forensic manifests): none of them is interpreted, since nothing says which the app meant.
    public static let appFilesAmbiguous = Self(AppList.appFilesAmbiguous)
    /// NOT CHECKED: a file the capture app exported that rial does not interpret (its `README.txt`, a file
    /// it adds later): carried verbatim, covered by the manifests and the seal, its content not checked.
    public static let appFileNotInterpreted = Self(AppList.appFileNotInterpreted)
    /// FAIL: the app's forensic manifest is too large to read, does not parse strictly, or breaks §2.2.
    public static let appManifestMalformed = Self(AppList.appManifestMalformed)
    /// NOT CHECKED: the forensic manifest holds keys §2.2 does not define (the message lists them): carried,
    /// not interpreted.
    public static let appManifestUnreadKeys = Self(AppList.appManifestUnreadKeys)
    /// FAIL: the forensic manifest's `fileName` names no file under `data/media/` (and the package does not
    /// withhold its media).
    public static let appMediaMissing = Self(AppList.appMediaMissing)
    /// PASS, a note: the forensic manifest's `fileName` names no file under `data/media/`, and the one media file
    /// whose SHA-256 or SHA-512 is the one the manifest records is held against it instead: the recording was
    /// renamed after the app hashed it (expected: `fileName`, actual: the media's name; the message names both).
    public static let appMediaFoundByContent = Self(AppList.appMediaFoundByContent)
    /// - PASS: the SHA-256 the app recorded (`sha256Hash`) is the media's.
    /// - NOT CHECKED: the package withholds its media (hash-only).
    public static let appMediaSHA256 = Self(AppList.appMediaSHA256)
    /// FAIL: the media's SHA-256 is not the one the app recorded (expected: the app's, actual: the media's).
    public static let appMediaSHA256Mismatch = Self(AppList.appMediaSHA256Mismatch)
    /// - PASS: the SHA-512 the app recorded (`sha512Hash`) is the media's.
    /// - NOT CHECKED: the package withholds its media (hash-only).
    public static let appMediaSHA512 = Self(AppList.appMediaSHA512)
    /// FAIL: the media's SHA-512 is not the one the app recorded (expected: the app's, actual: the media's).
    public static let appMediaSHA512Mismatch = Self(AppList.appMediaSHA512Mismatch)
    /// FAIL: the media's size is not the `fileSize` the app recorded (expected: the app's, actual: the media's).
    public static let appMediaSizeMismatch = Self(AppList.appMediaSizeMismatch)
    /// PASS: the app's hash chain holds together on its own: its final hash is its last frame hash, and its
    /// checkpoints are, in order, those of every 150th frame (or of the capture descriptor's interval), each
    /// that frame's hash (the message gives the counts).
    public static let appChain = Self(AppList.appChain)
    /// FAIL: the app's hash chain is too large to read, does not parse strictly, or breaks §2.2.
    public static let appChainMalformed = Self(AppList.appChainMalformed)
    /// FAIL: `finalHash` is not the last of `frameHashes` (expected: the last frame hash, actual: `finalHash`).
    public static let appChainFinalMismatch = Self(AppList.appChainFinalMismatch)
    /// FAIL: a checkpoint's hash is not the frame hash of the frame it names, or it names a frame the chain
    /// does not have (expected: the frame's hash, actual: the checkpoint's).
    public static let appChainCheckpointMismatch = Self(AppList.appChainCheckpointMismatch)
    /// FAIL: the checkpoints are not those of frames 150, 300, 450, … (or the descriptor's interval) with
    /// `index` 0, 1, 2, … in order (expected and actual: index and frame).
    public static let appChainCheckpointOrder = Self(AppList.appChainCheckpointOrder)
    /// FAIL: an App Attest `assertion` is not base64 of a CBOR map with a non-empty byte string `signature`
    /// and a byte string `authenticatorData` of at least 37 bytes (§16.8): it is no assertion at all.
    public static let appAssertionMalformed = Self(AppList.appAssertionMalformed)
}

extension CheckResult.Code {
    /// The codes this file declares, one case each, its raw value the code: a constant above is
    /// made from its case, and ``all`` takes every case (``CodeList``).
    enum AppList: String, CodeList {
        case appFilesAmbiguous = "app.files.ambiguous"
        case appFileNotInterpreted = "app.file.not-interpreted"
        case appManifestMalformed = "app.manifest.malformed"
        case appManifestUnreadKeys = "app.manifest.unread-keys"
        case appMediaMissing = "app.media.missing"
        case appMediaFoundByContent = "app.media.found-by-content"
        case appMediaSHA256 = "app.media.sha256"
        case appMediaSHA256Mismatch = "app.media.sha256.mismatch"
        case appMediaSHA512 = "app.media.sha512"
        case appMediaSHA512Mismatch = "app.media.sha512.mismatch"
        case appMediaSizeMismatch = "app.media.size.mismatch"
        case appChain = "app.chain"
        case appChainMalformed = "app.chain.malformed"
        case appChainFinalMismatch = "app.chain.final-mismatch"
        case appChainCheckpointMismatch = "app.chain.checkpoint-mismatch"
        case appChainCheckpointOrder = "app.chain.checkpoint-order"
        case appAssertionMalformed = "app.assertion.malformed"
    }
}
