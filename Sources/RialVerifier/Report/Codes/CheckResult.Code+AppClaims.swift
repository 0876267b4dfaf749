extension CheckResult.Code {
    // The authentication bundle (§2.2, §8.5 check 14b) and the keys of the app's files no check
    // reads (§8.5 check 14c).

    /// FAIL: the file read as the app's authentication bundle does not parse strictly, is not an
    /// object, or a key has the wrong type or form (`image_hash` or `gps_hash` not 64 hex digits,
    /// `timestamp` not an integer); the message names the key.
    public static let appBundleMalformed = Self("app.bundle.malformed")
    /// - PASS: `image_hash` is the SHA-256 of a media file of the package (the message names it).
    /// - NOT CHECKED: the package withholds its media (hash-only).
    public static let appBundleImageHash = Self("app.bundle.image-hash")
    /// FAIL: `image_hash` is the SHA-256 of no media file of the package (expected: the media's, actual:
    /// `image_hash`).
    public static let appBundleImageHashMismatch = Self("app.bundle.image-hash.mismatch")
    /// NOT CHECKED: `encrypted_nuc_token` is shaped as an AES-GCM sealed box (nonce 12 ‖ ciphertext 64 ‖
    /// tag 16 = 92 bytes); what it encrypts needs the authority's key.
    public static let appBundleToken = Self("app.bundle.token")
    /// FAIL: `encrypted_nuc_token` is not base64, or not 92 bytes (e.g. the 64-byte ciphertext alone).
    public static let appBundleTokenMalformed = Self("app.bundle.token.malformed")
    /// PASS: `table_references` and `key_indices` hold 3 integers each, in 0–2499 and 0–999.
    public static let appBundleIndices = Self("app.bundle.indices")
    /// FAIL: `table_references` or `key_indices` does not hold 3 integers, or one is out of its range.
    public static let appBundleIndicesRange = Self("app.bundle.indices.range")
    /// - PASS: `timestamp` lies from 2 s before the capture began to 60 s after it ended.
    /// - NOT CHECKED: nothing in the package states when the capture was made.
    public static let appBundleTime = Self("app.bundle.time")
    /// FAIL: `timestamp` lies outside that window (expected: the window, actual: the time).
    public static let appBundleTimeMismatch = Self("app.bundle.time.mismatch")
    /// - NOT CHECKED: `gps_hash` is 64 hex digits, but what it hashes is not specified.
    /// - NOT PRESENT: `gps_hash` is `null` or absent.
    public static let appBundleGPSHash = Self("app.bundle.gps-hash")
    /// - PASS: `device_signature` is what the app's formula gives (base64 of SHA-256 over `image_hash` ‖
    ///   base64(sealed box) ‖ table id, key index, timestamp): a digest anyone can compute, not a signature.
    /// - NOT CHECKED: the formula cannot be applied (the token does not decode, or the three table ids or key
    ///   indices differ, so which the app hashed is not known).
    public static let appBundleDeviceSignature = Self("app.bundle.device-signature")
    /// FAIL: `device_signature` is not what the app's formula gives (expected: the recomputed value).
    public static let appBundleDeviceSignatureMismatch = Self("app.bundle.device-signature.mismatch")
    /// NOT CHECKED: who made the bundle: nothing in it is signed with a key (its `device_signature` is a
    /// digest anyone can compute).
    public static let appBundleAuthenticity = Self("app.bundle.authenticity")
    /// NOT CHECKED: keys of one of the app's files that no check reads or compares with anything (keys its
    /// format does not define, and claims rial carries without a check): the message names each, as a JSON
    /// path from the file, with why.
    public static let appKeysNotChecked = Self("app.keys.not-checked")

    /// Every code of the bundle and the key audit, for ``all``.
    static let appClaimCodes: [Self] = [
        .appBundleMalformed, .appBundleImageHash, .appBundleImageHashMismatch, .appBundleToken, .appBundleTokenMalformed,
        .appBundleIndices, .appBundleIndicesRange, .appBundleTime, .appBundleTimeMismatch, .appBundleGPSHash,
        .appBundleDeviceSignature, .appBundleDeviceSignatureMismatch, .appBundleAuthenticity, .appKeysNotChecked,
    ]
}
