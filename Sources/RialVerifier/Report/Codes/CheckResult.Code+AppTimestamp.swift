extension CheckResult.Code {
    // The capture app's RFC 3161 tokens and its clock statement (§8.5.1). Each token's results
    // name it (`timestampTokens[i]`) in their message; the subject is the forensic manifest.

    /// - NOT PRESENT: the app's forensic manifest lists no timestamp tokens (the app's step is optional).
    /// - NOT CHECKED: the token is valid but its TSA's trust was not checked: no anchor was given
    ///   (`--tsa-trust`), the TSA chains to none of the anchors given (the message names it), or OpenSSL
    ///   could not judge it on this machine; or the token is valid and its TSA
    ///   trusted but what it covers was not checked (`app.timestamp.imprint` not checked); or the forensic
    ///   manifest cannot be read.
    /// - PASS: a valid token over the media's digest from a TSA that chains to an anchor given with
    ///   `--tsa-trust` at genTime, genTime between the recording's end and the packaging: "captured no later
    ///   than <genTime>, attested by <TSA>".
    public static let appTimestamp = Self(AppTimestampList.appTimestamp)
    /// - FAIL: genTime, widened by the tolerance of §8.5.1, is before the recording ended, or, when no end is
    ///   stated, before it started (expected `no earlier than E`; actual: genTime): the media cannot have been
    ///   stamped before it existed.
    /// - NOT CHECKED: the export states neither when the recording ended nor when it started.
    public static let appTimestampBeforeEnd = Self(AppTimestampList.appTimestampBeforeEnd)
    /// - FAIL: genTime, less the tolerance of §8.5.1 (accuracy, the app's clock offset, 300 s), is after the
    ///   `createdAt` of the forensic manifest that holds the token (expected `no later than M`; actual:
    ///   genTime): the app asks for its tokens before it writes that manifest.
    /// - NOT CHECKED: the forensic manifest states no `createdAt`.
    public static let appTimestampAfterManifest = Self(AppTimestampList.appTimestampAfterManifest)
    /// FAIL: genTime less the token's accuracy is after the package was created (expected `no later than C`;
    /// actual: genTime): the app stamps the media right after recording, before anything is packed.
    public static let appTimestampAfterPackaging = Self(AppTimestampList.appTimestampAfterPackaging)
    /// - FAIL: the token's imprint is not the media's digest in the imprint's algorithm (expected: the
    ///   media's digest, actual: the imprint).
    /// - NOT CHECKED: the media is not in the input (a hash-only package withholds it), or the imprint's
    ///   algorithm is neither SHA-256 nor SHA-512, or the media's digest in it was not computed.
    public static let appTimestampImprint = Self(AppTimestampList.appTimestampImprint)
    /// FAIL: not a DER TimeStampResp or TimeStampToken with nothing after it, a response whose status is
    /// neither granted nor grantedWithMods, or a token whose genTime, imprint or accuracy cannot be read.
    public static let appTimestampMalformed = Self(AppTimestampList.appTimestampMalformed)
    /// - FAIL: the token's signature does not verify under the TSA certificate's key, or OpenSSL's RFC 3161
    ///   verification with that certificate as its only anchor rejects the token.
    /// - NOT CHECKED: the token carries no certificate of its signer, so its signature cannot be checked.
    public static let appTimestampSignature = Self(AppTimestampList.appTimestampSignature)
    /// FAIL: the TSA certificate lacks the critical extended key usage timeStamping (alone); or TSA anchors
    /// were given and the TSA does not chain to one, a certificate of its chain was not valid at genTime, the
    /// chain is not valid for time stamping, or OpenSSL's RFC 3161 verification against the anchors rejects it.
    public static let appTimestampUntrusted = Self(AppTimestampList.appTimestampUntrusted)
    /// - PASS: the app metadata's `started_at` (a photo's `captured_at`) and the app custody log's first
    ///   RECORDING_START agree within 2 s (§8.5.2).
    /// - NOT CHECKED: one of the two, or both, is not stated (the message names which).
    public static let appTimeStart = Self(AppTimestampList.appTimeStart)
    /// FAIL: `started_at` and RECORDING_START are more than 2 s apart (expected: RECORDING_START's time,
    /// actual: `started_at`).
    public static let appTimeStartMismatch = Self(AppTimestampList.appTimeStartMismatch)
    /// - PASS: the forensic manifest's `createdAt` is no earlier than 1 s before the recording's end (else its
    ///   start) (§8.5.2).
    /// - NOT CHECKED: the manifest states no `createdAt`, or the export states no time of the recording.
    public static let appTimeManifest = Self(AppTimestampList.appTimeManifest)
    /// FAIL: `createdAt` is more than 1 s before the recording ended (or started): the app writes its
    /// forensic manifest after the recording (expected `no earlier than E`, actual: `createdAt`).
    public static let appTimeManifestBeforeRecording = Self(AppTimestampList.appTimeManifestBeforeRecording)
    /// NOT CHECKED: the app's own statement of its clock against an NTP server (`verifiedTimestamp`): nothing
    /// offline can check it.
    public static let appClock = Self(AppTimestampList.appClock)
}

extension CheckResult.Code {
    /// The codes this file declares, one case each, its raw value the code: a constant above is
    /// made from its case, and ``all`` takes every case (``CodeList``).
    enum AppTimestampList: String, CodeList {
        case appTimestamp = "app.timestamp"
        case appTimestampBeforeEnd = "app.timestamp.before-end"
        case appTimestampAfterManifest = "app.timestamp.after-manifest"
        case appTimestampAfterPackaging = "app.timestamp.after-packaging"
        case appTimestampImprint = "app.timestamp.imprint"
        case appTimestampMalformed = "app.timestamp.malformed"
        case appTimestampSignature = "app.timestamp.signature"
        case appTimestampUntrusted = "app.timestamp.untrusted"
        case appTimeStart = "app.time.start"
        case appTimeStartMismatch = "app.time.start.mismatch"
        case appTimeManifest = "app.time.manifest"
        case appTimeManifestBeforeRecording = "app.time.manifest.before-recording"
        case appClock = "app.clock"
    }
}
