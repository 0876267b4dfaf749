import RialFormat

/// What one metadata file claims about the capture, in one shape whatever the file, so the
/// same cross-checks hold each claim against the evidence (`schema/SPEC.md` §16.5).
struct MetadataClaims {
    let source: String
    /// Whether a claim the file leaves out is worth reporting as NOT PRESENT: the app's
    /// metadata is expected to state them all; payloads and the view state only some.
    var reportsAbsent: Bool
    var type: String?
    var startedAt: Timestamp?
    var endedAt: Timestamp?
    /// A photo's capture time (the app's `captured_at`).
    var capturedAt: Timestamp?
    var durationMs: Int64?
    var frameCount: Int64?
    var depthKeyframeCount: Int64?
    var resolution: AppMetadata.Dimensions?
    var codec: String?
    var hashChainFinal: String?
    var depthResolution: AppMetadata.Dimensions?
    var mediaSHA256: String?
    var attestationLevel: String?
    var hasAssertion = false
    /// The assertion's text, for its structural check (§16.8); `nil` when it is absent, `null` or
    /// empty: the app made none.
    var assertion: String?
    /// The file holds `assertion` as an empty string: the app made no assertion (NOT PRESENT,
    /// §16.8), which is not a malformed one.
    var assertionEmpty = false
    /// How this file spells a claim whose name in messages is the app metadata's
    /// (`type`, `duration_ms`, …), when it spells it otherwise: a message names the key of
    /// the file it is about.
    var keyNames: [String: String] = [:]

    /// `key` as this file spells it.
    func name(_ key: String) -> String { keyNames[key] ?? key }

    init(app: AppMetadata, source: String) {
        self.source = source
        reportsAbsent = true
        type = app.type
        startedAt = app.startedAt
        endedAt = app.endedAt
        capturedAt = app.capturedAt
        durationMs = app.durationMs
        frameCount = app.frameCount
        depthKeyframeCount = app.depthKeyframeCount
        resolution = app.resolution
        codec = app.codec
        hashChainFinal = app.hashChainFinal
        depthResolution = app.depthResolution
        attestationLevel = app.attestationLevel
        assertion = AppAttestAssertion.made(app.assertion)
        hasAssertion = assertion != nil
        assertionEmpty = app.assertion?.isEmpty == true
    }

    init(payload: HashOnlyPayload, path: String) {
        source = path
        reportsAbsent = false
        keyNames = ["type": "mediaType", "duration_ms": "durationMs", "frame_count": "frameCount", "hash_chain_final": "hashChain.finalHash"]
        type = payload.mediaType
        durationMs = payload.durationMs
        frameCount = payload.frameCount
        hashChainFinal = payload.hashChain?.finalHash
        mediaSHA256 = payload.mediaHash
        assertion = AppAttestAssertion.made(payload.assertion)
        hasAssertion = assertion != nil
        assertionEmpty = payload.assertion?.isEmpty == true
    }

    init(view: NormalisedMetadata) {
        source = NormalisedMetadata.path
        reportsAbsent = false
        type = view.mediaType
        durationMs = view.recording?.durationMs
        frameCount = view.recording?.frameCount
        depthKeyframeCount = view.recording?.depthKeyframeCount
        resolution = view.recording?.resolution
        codec = view.recording?.codec
        hashChainFinal = view.recording?.hashChainFinal
        depthResolution = view.depthResolution
        mediaSHA256 = view.mediaSHA256
        attestationLevel = view.attestationLevel
        hasAssertion = view.hasAssertion
    }
}
