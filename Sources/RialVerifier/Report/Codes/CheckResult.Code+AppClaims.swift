extension CheckResult.Code {
    // The authentication bundle (§2.2, §8.5 check 14b) and the keys of the app's files no check
    // reads (§8.5 check 14c).

    /// FAIL: the file read as the app's authentication bundle does not parse strictly, is not an
    /// object, or a key has the wrong type or form (`image_hash` or `gps_hash` not 64 hex digits,
    /// `timestamp` not an integer); the message names the key.
    public static let appBundleMalformed = Self(AppClaimList.appBundleMalformed)
    /// - PASS: `image_hash` is the SHA-256 of a media file of the package (the message names it).
    /// - NOT CHECKED: the package withholds its media (hash-only).
    public static let appBundleImageHash = Self(AppClaimList.appBundleImageHash)
    /// FAIL: `image_hash` is the SHA-256 of no media file of the package (expected: the media's, actual:
    /// `image_hash`).
    public static let appBundleImageHashMismatch = Self(AppClaimList.appBundleImageHashMismatch)
    /// NOT CHECKED: `encrypted_nuc_token` is shaped as an AES-GCM sealed box (nonce 12 ‖ ciphertext 64 ‖
    /// tag 16 = 92 bytes); what it encrypts needs the authority's key.
    public static let appBundleToken = Self(AppClaimList.appBundleToken)
    /// FAIL: `encrypted_nuc_token` is not base64, or not 92 bytes (e.g. the 64-byte ciphertext alone).
    public static let appBundleTokenMalformed = Self(AppClaimList.appBundleTokenMalformed)
    /// PASS: `table_references` and `key_indices` hold 3 integers each, in 0–2499 and 0–999.
    public static let appBundleIndices = Self(AppClaimList.appBundleIndices)
    /// FAIL: `table_references` or `key_indices` does not hold 3 integers, or one is out of its range.
    public static let appBundleIndicesRange = Self(AppClaimList.appBundleIndicesRange)
    /// - PASS: `timestamp` lies from 2 s before the capture began to 60 s after it ended.
    /// - NOT CHECKED: nothing in the package states when the capture was made.
    public static let appBundleTime = Self(AppClaimList.appBundleTime)
    /// FAIL: `timestamp` lies outside that window (expected: the window, actual: the time).
    public static let appBundleTimeMismatch = Self(AppClaimList.appBundleTimeMismatch)
    /// - NOT CHECKED: `gps_hash` is 64 hex digits, but what it hashes is not specified.
    /// - NOT PRESENT: `gps_hash` is `null` or absent.
    public static let appBundleGPSHash = Self(AppClaimList.appBundleGPSHash)
    /// - PASS: `device_signature` is what the app's formula gives (base64 of SHA-256 over `image_hash` ‖
    ///   base64(sealed box) ‖ table id, key index, timestamp): a digest anyone can compute, not a signature.
    /// - NOT CHECKED: the formula cannot be applied (the token does not decode, or the three table ids or key
    ///   indices differ, so which the app hashed is not known).
    public static let appBundleDeviceSignature = Self(AppClaimList.appBundleDeviceSignature)
    /// FAIL: `device_signature` is not what the app's formula gives (expected: the recomputed value).
    public static let appBundleDeviceSignatureMismatch = Self(AppClaimList.appBundleDeviceSignatureMismatch)
    /// NOT CHECKED: who made the bundle: nothing in it is signed with a key (its `device_signature` is a
    /// digest anyone can compute).
    public static let appBundleAuthenticity = Self(AppClaimList.appBundleAuthenticity)
    /// NOT CHECKED: keys of one of the app's files that no check reads or compares with anything (keys its
    /// format does not define, and claims rial carries without a check): the message names each, as a JSON
    /// path from the file, with why.
    public static let appKeysNotChecked = Self(AppClaimList.appKeysNotChecked)
}

extension CheckResult.Code {
    /// The codes this file declares, one case each, its raw value the code: a constant above is
    /// made from its case, and ``all`` takes every case (``CodeList``).
    enum AppClaimList: String, CodeList {
        case appBundleMalformed = "app.bundle.malformed"
        case appBundleImageHash = "app.bundle.image-hash"
        case appBundleImageHashMismatch = "app.bundle.image-hash.mismatch"
        case appBundleToken = "app.bundle.token"
        case appBundleTokenMalformed = "app.bundle.token.malformed"
        case appBundleIndices = "app.bundle.indices"
        case appBundleIndicesRange = "app.bundle.indices.range"
        case appBundleTime = "app.bundle.time"
        case appBundleTimeMismatch = "app.bundle.time.mismatch"
        case appBundleGPSHash = "app.bundle.gps-hash"
        case appBundleDeviceSignature = "app.bundle.device-signature"
        case appBundleDeviceSignatureMismatch = "app.bundle.device-signature.mismatch"
        case appBundleAuthenticity = "app.bundle.authenticity"
        case appKeysNotChecked = "app.keys.not-checked"
    }
}
