extension CheckResult.Code {
    // Capture metadata, the privacy audit and media held apart (§16).

    public static let mediaExternal = Self("media.external")
    public static let mediaExternalMismatch = Self("media.external.mismatch")
    public static let metadata = Self("metadata")
    public static let metadataApp = Self("metadata.app")
    public static let metadataAppMalformed = Self("metadata.app.malformed")
    public static let metadataAttestation = Self("metadata.attestation")
    public static let metadataChainFinal = Self("metadata.chain-final")
    public static let metadataChainFinalMismatch = Self("metadata.chain-final.mismatch")
    public static let metadataCodec = Self("metadata.codec")
    public static let metadataCodecUnknown = Self("metadata.codec.unknown")
    public static let metadataDepthAnalysisMalformed = Self("metadata.depth-analysis.malformed")
    public static let metadataDepthCount = Self("metadata.depth-count")
    public static let metadataDepthCountMismatch = Self("metadata.depth-count.mismatch")
    public static let metadataDepthResolution = Self("metadata.depth-resolution")
    public static let metadataDepthResolutionMismatch = Self("metadata.depth-resolution.mismatch")
    public static let metadataDuration = Self("metadata.duration")
    public static let metadataDurationMismatch = Self("metadata.duration.mismatch")
    public static let metadataFrameCount = Self("metadata.frame-count")
    public static let metadataFrameCountMismatch = Self("metadata.frame-count.mismatch")
    public static let metadataMediaHash = Self("metadata.media-hash")
    public static let metadataMediaHashMismatch = Self("metadata.media-hash.mismatch")
    public static let metadataNormalised = Self("metadata.normalised")
    public static let metadataNormalisedMalformed = Self("metadata.normalised.malformed")
    public static let metadataNormalisedMismatch = Self("metadata.normalised.mismatch")
    public static let metadataNormalisedSources = Self("metadata.normalised.sources")
    public static let metadataPayloadChain = Self("metadata.payload.chain")
    public static let metadataPayloadChainMismatch = Self("metadata.payload.chain.mismatch")
    public static let metadataPayloadMalformed = Self("metadata.payload.malformed")
    public static let metadataPayloadSize = Self("metadata.payload.size")
    public static let metadataResolution = Self("metadata.resolution")
    public static let metadataResolutionMismatch = Self("metadata.resolution.mismatch")
    public static let metadataType = Self("metadata.type")
    public static let metadataTypeMismatch = Self("metadata.type.mismatch")
    public static let privacy = Self("privacy")
    public static let privacyAppFile = Self("privacy.app-file")
    public static let privacyDepthPresent = Self("privacy.depth.present")
    public static let privacyDeviceLeak = Self("privacy.device.leak")
    public static let privacyFlagsInconsistent = Self("privacy.flags.inconsistent")
    public static let privacyFlagsMismatch = Self("privacy.flags.mismatch")
    public static let privacyFramesPresent = Self("privacy.frames.present")
    public static let privacyLocationLeak = Self("privacy.location.leak")
    public static let privacyMediaEmbedded = Self("privacy.media-embedded")
    public static let privacyMediaPresent = Self("privacy.media.present")
    public static let privacyPayload = Self("privacy.payload")
    public static let privacyPayloadMode = Self("privacy.payload.mode")
    public static let privacyTimestampLeak = Self("privacy.timestamp.leak")
    public static let privacyUnknownField = Self("privacy.unknown-field")

    /// Every metadata code, for ``all``.
    static let metadataCodes: [Self] = [
        .mediaExternal, .mediaExternalMismatch, .metadata, .metadataApp, .metadataAppMalformed, .metadataAttestation,
        .metadataChainFinal, .metadataChainFinalMismatch, .metadataCodec, .metadataCodecUnknown, .metadataDepthAnalysisMalformed,
        .metadataDepthCount, .metadataDepthCountMismatch, .metadataDepthResolution, .metadataDepthResolutionMismatch,
        .metadataDuration, .metadataDurationMismatch, .metadataFrameCount, .metadataFrameCountMismatch, .metadataMediaHash,
        .metadataMediaHashMismatch, .metadataNormalised, .metadataNormalisedMalformed, .metadataNormalisedMismatch,
        .metadataNormalisedSources, .metadataPayloadChain, .metadataPayloadChainMismatch, .metadataPayloadMalformed,
        .metadataPayloadSize, .metadataResolution, .metadataResolutionMismatch, .metadataType, .metadataTypeMismatch, .privacy,
        .privacyAppFile, .privacyDepthPresent, .privacyDeviceLeak, .privacyFlagsInconsistent, .privacyFlagsMismatch,
        .privacyFramesPresent, .privacyLocationLeak, .privacyMediaEmbedded, .privacyMediaPresent, .privacyPayload,
        .privacyPayloadMode, .privacyTimestampLeak, .privacyUnknownField,
    ]
}
