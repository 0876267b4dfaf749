extension CheckResult.Code {
    // The capture app's own files and integrity claims (§2.2, §8.5 check 14a).

    /// FAIL: more than one file under `data/capture/` reads as the same one of the app's files (two custody
    /// logs, two forensic manifests): none of them is interpreted, since nothing says which the app meant.
    public static let appFilesAmbiguous = Self("app.files.ambiguous")
    /// NOT CHECKED: a file the capture app exported that rial does not interpret (its `README.txt`, a file
    /// it adds later): carried verbatim, covered by the manifests and the seal, its content not checked.
    public static let appFileNotInterpreted = Self("app.file.not-interpreted")
    /// FAIL: the app's forensic manifest is too large to read, does not parse strictly, or breaks §2.2.
    public static let appManifestMalformed = Self("app.manifest.malformed")
    /// NOT CHECKED: the forensic manifest holds keys §2.2 does not define (the message lists them): carried,
    /// not interpreted.
    public static let appManifestUnreadKeys = Self("app.manifest.unread-keys")
    /// FAIL: the forensic manifest's `fileName` names no file under `data/media/` (and the package does not
    /// withhold its media).
    public static let appMediaMissing = Self("app.media.missing")
    /// PASS, a note: the forensic manifest's `fileName` names no file under `data/media/`, and the one media file
    /// whose SHA-256 or SHA-512 is the one the manifest records is held against it instead: the recording was
    /// renamed after the app hashed it (expected: `fileName`, actual: the media's name; the message names both).
    public static let appMediaFoundByContent = Self("app.media.found-by-content")
    /// - PASS: the SHA-256 the app recorded (`sha256Hash`) is the media's.
    /// - NOT CHECKED: the package withholds its media (hash-only).
    public static let appMediaSHA256 = Self("app.media.sha256")
    /// FAIL: the media's SHA-256 is not the one the app recorded (expected: the app's, actual: the media's).
    public static let appMediaSHA256Mismatch = Self("app.media.sha256.mismatch")
    /// - PASS: the SHA-512 the app recorded (`sha512Hash`) is the media's.
    /// - NOT CHECKED: the package withholds its media (hash-only).
    public static let appMediaSHA512 = Self("app.media.sha512")
    /// FAIL: the media's SHA-512 is not the one the app recorded (expected: the app's, actual: the media's).
    public static let appMediaSHA512Mismatch = Self("app.media.sha512.mismatch")
    /// FAIL: the media's size is not the `fileSize` the app recorded (expected: the app's, actual: the media's).
    public static let appMediaSizeMismatch = Self("app.media.size.mismatch")
    /// PASS: the app's hash chain holds together on its own: its final hash is its last frame hash, and its
    /// checkpoints are, in order, those of every 150th frame (or of the capture descriptor's interval), each
    /// that frame's hash (the message gives the counts).
    public static let appChain = Self("app.chain")
    /// FAIL: the app's hash chain is too large to read, does not parse strictly, or breaks §2.2.
    public static let appChainMalformed = Self("app.chain.malformed")
    /// FAIL: `finalHash` is not the last of `frameHashes` (expected: the last frame hash, actual: `finalHash`).
    public static let appChainFinalMismatch = Self("app.chain.final-mismatch")
    /// FAIL: a checkpoint's hash is not the frame hash of the frame it names, or it names a frame the chain
    /// does not have (expected: the frame's hash, actual: the checkpoint's).
    public static let appChainCheckpointMismatch = Self("app.chain.checkpoint-mismatch")
    /// FAIL: the checkpoints are not those of frames 150, 300, 450, … (or the descriptor's interval) with
    /// `index` 0, 1, 2, … in order (expected and actual: index and frame).
    public static let appChainCheckpointOrder = Self("app.chain.checkpoint-order")
    /// FAIL: an App Attest `assertion` is not base64 of a CBOR map with a non-empty byte string `signature`
    /// and a byte string `authenticatorData` of at least 37 bytes (§16.8): it is no assertion at all.
    public static let appAssertionMalformed = Self("app.assertion.malformed")

    /// Every code of the app's files, for ``all``.
    static let appCodes: [Self] = [
        .appFilesAmbiguous, .appFileNotInterpreted, .appManifestMalformed, .appManifestUnreadKeys, .appMediaFoundByContent, .appMediaMissing,
        .appMediaSHA256, .appMediaSHA256Mismatch, .appMediaSHA512, .appMediaSHA512Mismatch, .appMediaSizeMismatch,
        .appChain, .appChainMalformed, .appChainFinalMismatch, .appChainCheckpointMismatch, .appChainCheckpointOrder,
        .appAssertionMalformed,
    ]
}
