extension CheckResult.Code {
    // Capture metadata, the privacy audit and media held apart (§16).

    /// - PASS: the file held apart is the media: its SHA-256 is every SHA-256 the package states for it (or,
    ///   in a package with media, that of one of them).
    /// - NOT CHECKED: a hash-only package verified without `--media`: media integrity is not checked; or the
    ///   file could not be read, or the package states no SHA-256 to check it against.
    public static let mediaExternal = Self(MetadataList.mediaExternal)
    /// FAIL: the file is not the media (expected: the stated SHA-256s it does not match, or, in a package
    /// with media, the media's SHA-256s, joined by ` or `; actual: the file's).
    public static let mediaExternalMismatch = Self(MetadataList.mediaExternalMismatch)
    /// NOT PRESENT: the package has no normalised metadata (its capture had no `app/metadata.json`, or it was
    /// made by a rial that predates §16).
    public static let metadata = Self(MetadataList.metadata)
    /// NOT PRESENT: the package (or a bag directory whose `rial/manifest.json` was kept) carries no capture
    /// metadata from the app (a filtered package withholds it, §16.4).
    public static let metadataApp = Self(MetadataList.metadataApp)
    /// FAIL: too large to read (its bytes were not kept, §8.3), does not parse strictly, or breaks §2.2.
    public static let metadataAppMalformed = Self(MetadataList.metadataAppMalformed)
    /// - NOT CHECKED: an App Attest `assertion` or an `attestation_level` is present (in
    ///   `rial/metadata.json`: an `attestation.level`, or `attestation.assertion` `true`), and cannot be
    ///   verified without the device's attested key.
    /// - NOT PRESENT: `data/capture/metadata.json` has neither, or `rial/hash_only_payload.json` has no
    ///   assertion (only the capture app can make one, §16.8).
    public static let metadataAttestation = Self(MetadataList.metadataAttestation)
    /// - PASS: the final hash (`hash_chain_final`, `hashChain.finalHash`) is `final_hash` of
    ///   `rial/chain.json` (without a parsed chain: `finalHash` of the `hashChain` of
    ///   `rial/hash_only_payload.json`).
    /// - NOT PRESENT: not stated (app's video metadata only).
    /// - NOT CHECKED: neither chain parsed.
    public static let metadataChainFinal = Self(MetadataList.metadataChainFinal)
    /// FAIL: the final hash differs (expected: that chain's, actual: the claim, both lowercase hex).
    public static let metadataChainFinalMismatch = Self(MetadataList.metadataChainFinalMismatch)
    /// - NOT CHECKED: `codec` is `h264` or `hevc`, plausible, and the media check did not hold it
    ///   against the video (the reason says why); where it did, `media.codec` is the verdict and
    ///   this code gives no row.
    /// - NOT PRESENT: not stated (app's video metadata only).
    public static let metadataCodec = Self(MetadataList.metadataCodec)
    /// FAIL: another codec (expected `h264 or hevc`, actual: `codec`).
    public static let metadataCodecUnknown = Self(MetadataList.metadataCodecUnknown)
    /// FAIL: beside a readable `rial/metadata.json`, the app's depth analysis is too large to read, does not
    /// parse strictly, or is not a JSON object.
    public static let metadataDepthAnalysisMalformed = Self(MetadataList.metadataDepthAnalysisMalformed)
    /// - PASS: `depth_keyframe_count` is the number of depth keyframes of the chain (or of
    ///   `rial/depth.json`).
    /// - NOT PRESENT: not stated (app's video metadata only).
    /// - NOT CHECKED: neither parsed.
    public static let metadataDepthCount = Self(MetadataList.metadataDepthCount)
    /// FAIL: `depth_keyframe_count` differs (expected: the chain's count, actual: the claim).
    public static let metadataDepthCountMismatch = Self(MetadataList.metadataDepthCountMismatch)
    /// - PASS: `depth_resolution` fits the one file under `data/depth/` (width × height × 4 bytes).
    /// - NOT CHECKED: the input holds no depth file or several.
    public static let metadataDepthResolution = Self(MetadataList.metadataDepthResolution)
    /// FAIL: the depth file is not width × height × 4 bytes (expected: its size, actual: `W×H = N bytes`).
    public static let metadataDepthResolutionMismatch = Self(MetadataList.metadataDepthResolutionMismatch)
    /// - PASS: `duration_ms` is within 1 ms of `ended_at` − `started_at` (`data/capture/metadata.json`
    ///   only).
    /// - NOT PRESENT: not stated (app's video metadata only).
    /// - NOT CHECKED: `started_at` or `ended_at` absent, or the duration is stated by a payload
    ///   (`durationMs`) or `rial/metadata.json` (`recording.duration_ms`), which state no start and end times
    ///   to hold it against, and the media check did not hold it against the video (the reason says why;
    ///   where it did, `media.duration` is the verdict and this code gives no row).
    public static let metadataDuration = Self(MetadataList.metadataDuration)
    /// FAIL: `duration_ms` is off by more than 1 ms (expected: `ended_at` − `started_at` in whole ms, actual:
    /// `duration_ms`), or `ended_at` is before `started_at`.
    public static let metadataDurationMismatch = Self(MetadataList.metadataDurationMismatch)
    /// - PASS: the frame count is the chain's number of frames (without a parsed `rial/chain.json`: the
    ///   number of `frameHashes` in the `hashChain` of `rial/hash_only_payload.json`, a hash-only video's).
    /// - NOT PRESENT: not stated (app's video metadata only).
    /// - NOT CHECKED: neither chain parsed.
    public static let metadataFrameCount = Self(MetadataList.metadataFrameCount)
    /// FAIL: the frame count differs (expected: that chain's count, actual: the claim).
    public static let metadataFrameCountMismatch = Self(MetadataList.metadataFrameCountMismatch)
    /// PASS: the stated media SHA-256 is that of the one file under `data/media/`.
    public static let metadataMediaHash = Self(MetadataList.metadataMediaHash)
    /// FAIL: it is not (expected: the file's SHA-256, actual: the claim), or `data/media/` holds several
    /// files (expected `1 media file`, actual: the count); or (check 18) `data/media/` holds no file and the
    /// stated SHA-256s disagree: the file's differs from the last one stated, `rial/metadata.json`'s when
    /// present (expected: that one, actual: the file's).
    public static let metadataMediaHashMismatch = Self(MetadataList.metadataMediaHashMismatch)
    /// - PASS: agrees with every file it was made from that the input holds.
    /// - NOT CHECKED: the input holds none of them (a filtered package withholds them), so only its claims
    ///   (check 15) and its levels (check 17) are examined.
    public static let metadataNormalised = Self(MetadataList.metadataNormalised)
    /// FAIL: too large to read, does not parse strictly, or breaks §16.3 (an unknown key, a missing key, a
    /// value out of shape, a `metadata_version` other than `1.0`).
    public static let metadataNormalisedMalformed = Self(MetadataList.metadataNormalisedMalformed)
    /// FAIL: a member disagrees with the file it was made from: the app's metadata at the same levels, rial's
    /// payload (its frame count and duration included), or the app's depth analysis (the message names both;
    /// expected: from that file, actual: the view's).
    public static let metadataNormalisedMismatch = Self(MetadataList.metadataNormalisedMismatch)
    /// FAIL: `sources` does not name exactly the metadata files the input holds (expected: those, actual:
    /// `sources`).
    public static let metadataNormalisedSources = Self(MetadataList.metadataNormalisedSources)
    /// PASS: its `hashChain` is consistent (`finalHash` is its last frame hash, each checkpoint's `hash` its
    /// frame hash at that frame) and is `data/capture/hash_chain.json` when the package holds that; its
    /// frames are withheld, so its hashes are not recomputed.
    public static let metadataPayloadChain = Self(MetadataList.metadataPayloadChain)
    /// FAIL: `finalHash` is not the last frame hash, or a checkpoint is not its frame's hash (no expected and
    /// actual values); `data/capture/hash_chain.json` is in the package but cannot be read; or the chain
    /// differs from it (expected and actual: `<count> frames ending <finalHash>`, the app's and the
    /// payload's).
    public static let metadataPayloadChainMismatch = Self(MetadataList.metadataPayloadChainMismatch)
    /// FAIL: too large to read, does not parse strictly, or breaks §16.1.
    public static let metadataPayloadMalformed = Self(MetadataList.metadataPayloadMalformed)
    /// FAIL, a claim of the capture app (§16.6): the app's own payload holds a `capturedAt` finer than its own
    /// `timestampLevel` (an instant at `day_only`, anything at `none`; the message names the field and the
    /// instant). The app writes the exact capture time whatever the level, so this is the app's own
    /// disclosure, which its flags contradict, not a sign that the file changed.
    public static let metadataPayloadAppDisclosure = Self(MetadataList.metadataPayloadAppDisclosure)
    /// FAIL: the payload is 10 240 bytes or more, over the capture app's 10 KiB limit (§16.1; expected `<
    /// 10240 bytes`, actual: its size).
    public static let metadataPayloadSize = Self(MetadataList.metadataPayloadSize)
    /// - NOT PRESENT: not stated (app's video metadata only).
    /// - NOT CHECKED: stated, and the media check did not hold it against the video (the reason
    ///   says why); it is the encoded video's size, never held against the chain's frame
    ///   buffers. Where the media check held it, `media.resolution` is the verdict and this
    ///   code gives no row.
    public static let metadataResolution = Self(MetadataList.metadataResolution)
    /// - PASS: the type (`type`, `mediaType`, `media_type`) is the kind of the media in `data/media/`.
    /// - NOT CHECKED: the package holds no video or photo there, and is not hash-only.
    public static let metadataType = Self(MetadataList.metadataType)
    /// FAIL: the type is not the kind of the media (expected: `video`, `photo` or `photo+video`, actual: the
    /// type).
    public static let metadataTypeMismatch = Self(MetadataList.metadataTypeMismatch)
    /// - PASS: no privacy result failed, each payload's audit against its own flags included, and the
    ///   package discloses nothing finer than its levels in any file examined (hash-only: and holds no media,
    ///   depth or frame file).
    /// - NOT PRESENT: no privacy result failed and it withholds nothing (precise, exact, full, with media),
    ///   or it has no readable `rial/metadata.json` and so states no levels.
    /// - NOT CHECKED: no privacy result failed, but one is NOT CHECKED (a media file not examined or not
    ///   all read, an app file rial does not know): privacy is not established, never passed by omission.
    public static let privacy = Self(MetadataList.privacy)
    /// NOT CHECKED: a file under `data/capture/` of a filtered package that rial does not know; what it
    /// discloses is not examined.
    public static let privacyAppFile = Self(MetadataList.privacyAppFile)
    /// FAIL: a file under `data/depth/` in a hash-only package (it keeps the depth analysis, never raw depth
    /// maps).
    public static let privacyDepthPresent = Self(MetadataList.privacyDepthPresent)
    /// FAIL: a device where the level is `none`, an OS or app version where it is `model_only` (§16.6); the
    /// app's custody log (it names the device) at any level but `full`; or the app's payload states a finer
    /// device level than the package.
    public static let privacyDeviceLeak = Self(MetadataList.privacyDeviceLeak)
    /// FAIL: an `…Included` flag does not say whether its level is other than `none`.
    public static let privacyFlagsInconsistent = Self(MetadataList.privacyFlagsInconsistent)
    /// FAIL: its `metadataFlags` state other levels than `rial/metadata.json` (expected: those, actual: its
    /// own).
    public static let privacyFlagsMismatch = Self(MetadataList.privacyFlagsMismatch)
    /// FAIL: a file under `data/frames/` in a hash-only package.
    public static let privacyFramesPresent = Self(MetadataList.privacyFramesPresent)
    /// FAIL: a location where the level is `none`, anything but a city and country where it is `coarse`
    /// (§16.6); or the app's payload states a finer location level than the package (expected `location at
    /// most L`, actual: its level).
    public static let privacyLocationLeak = Self(MetadataList.privacyLocationLeak)
    /// - NOT CHECKED: a media file of a filtered package that is not hash-only, not examined (without
    ///   `--examine-media`): its embedded metadata may record what the levels withhold.
    /// - PASS: examined, it holds no location or device detail the levels withhold.
    /// - FAIL: examined, it holds one: a location below `location=precise`, software or a serial number below
    ///   `device=full`, the make and model too at `device=none` (the message names the tag, e.g. `©xyz`).
    public static let privacyMediaEmbedded = Self(MetadataList.privacyMediaEmbedded)
    /// FAIL: a file under `data/media/` in a hash-only package.
    public static let privacyMediaPresent = Self(MetadataList.privacyMediaPresent)
    /// PASS: its `metadata`, `capturedAt` and `depthAnalysis.computedAt` disclose nothing finer than its own
    /// `metadataFlags`, which are consistent, `captureMode` is `hash_only`, and below full levels it holds no
    /// key the hash-only payload design does not define.
    public static let privacyPayload = Self(MetadataList.privacyPayload)
    /// FAIL: `captureMode` is not `hash_only` (the message names it).
    public static let privacyPayloadMode = Self(MetadataList.privacyPayloadMode)
    /// FAIL: a time where the level is `none`, a time of day where it is `day_only` (§16.6), including
    /// `capturedAt` and `computedAt`; the app's custody log at any level but `exact`; or the app's payload
    /// states a finer timestamp level than the package.
    public static let privacyTimestampLeak = Self(MetadataList.privacyTimestampLeak)
    /// FAIL: what they disclose cannot be judged (§16.6): a payload whose own levels are below `precise`,
    /// `exact`, `full` holds keys the hash-only payload design does not define (at the top level, in `metadata` or in
    /// `depthAnalysis`; the message lists them); or, in a filtered package, `depth_analysis` of
    /// `rial/metadata.json` or the app's depth analysis holds keys the app's DepthAnalysisResult does not
    /// define.
    public static let privacyUnknownField = Self(MetadataList.privacyUnknownField)
}

extension CheckResult.Code {
    /// The codes this file declares, one case each, its raw value the code: a constant above is
    /// made from its case, and ``all`` takes every case (``CodeList``).
    enum MetadataList: String, CodeList {
        case mediaExternal = "media.external"
        case mediaExternalMismatch = "media.external.mismatch"
        case metadata = "metadata"
        case metadataApp = "metadata.app"
        case metadataAppMalformed = "metadata.app.malformed"
        case metadataAttestation = "metadata.attestation"
        case metadataChainFinal = "metadata.chain-final"
        case metadataChainFinalMismatch = "metadata.chain-final.mismatch"
        case metadataCodec = "metadata.codec"
        case metadataCodecUnknown = "metadata.codec.unknown"
        case metadataDepthAnalysisMalformed = "metadata.depth-analysis.malformed"
        case metadataDepthCount = "metadata.depth-count"
        case metadataDepthCountMismatch = "metadata.depth-count.mismatch"
        case metadataDepthResolution = "metadata.depth-resolution"
        case metadataDepthResolutionMismatch = "metadata.depth-resolution.mismatch"
        case metadataDuration = "metadata.duration"
        case metadataDurationMismatch = "metadata.duration.mismatch"
        case metadataFrameCount = "metadata.frame-count"
        case metadataFrameCountMismatch = "metadata.frame-count.mismatch"
        case metadataMediaHash = "metadata.media-hash"
        case metadataMediaHashMismatch = "metadata.media-hash.mismatch"
        case metadataNormalised = "metadata.normalised"
        case metadataNormalisedMalformed = "metadata.normalised.malformed"
        case metadataNormalisedMismatch = "metadata.normalised.mismatch"
        case metadataNormalisedSources = "metadata.normalised.sources"
        case metadataPayloadChain = "metadata.payload.chain"
        case metadataPayloadChainMismatch = "metadata.payload.chain.mismatch"
        case metadataPayloadMalformed = "metadata.payload.malformed"
        case metadataPayloadAppDisclosure = "metadata.payload.app-disclosure"
        case metadataPayloadSize = "metadata.payload.size"
        case metadataResolution = "metadata.resolution"
        case metadataType = "metadata.type"
        case metadataTypeMismatch = "metadata.type.mismatch"
        case privacy = "privacy"
        case privacyAppFile = "privacy.app-file"
        case privacyDepthPresent = "privacy.depth.present"
        case privacyDeviceLeak = "privacy.device.leak"
        case privacyFlagsInconsistent = "privacy.flags.inconsistent"
        case privacyFlagsMismatch = "privacy.flags.mismatch"
        case privacyFramesPresent = "privacy.frames.present"
        case privacyLocationLeak = "privacy.location.leak"
        case privacyMediaEmbedded = "privacy.media-embedded"
        case privacyMediaPresent = "privacy.media.present"
        case privacyPayload = "privacy.payload"
        case privacyPayloadMode = "privacy.payload.mode"
        case privacyTimestampLeak = "privacy.timestamp.leak"
        case privacyUnknownField = "privacy.unknown-field"
    }
}
