import RialFormat

/// The package's statements about its capture, each parsed once: the capture app's metadata
/// and hash-only payload (kept verbatim in `data/capture/`), the payload `rial pack
/// --hash-only` built, and rial's normalised view (`schema/SPEC.md` §16). `nil` when absent.
struct MetadataSources {
    let app: Result<AppMetadata, FormatError>?
    let appPayload: Result<HashOnlyPayload, FormatError>?
    let rialPayload: Result<HashOnlyPayload, FormatError>?
    let view: Result<NormalisedMetadata, FormatError>?
    /// Where the app's hash-only payload is.
    let appPayloadPath: String

    init(_ context: VerificationContext) {
        appPayloadPath = context.appPath(.hashOnlyPayload)
        app = Self.parse(context, context.appPath(.metadata)) { json throws(FormatError) in try AppMetadata(json: json) }
        appPayload = Self.parse(context, context.appPath(.hashOnlyPayload)) { json throws(FormatError) in try HashOnlyPayload(json: json) }
        rialPayload = Self.parse(context, HashOnlyPayload.rialPath) { json throws(FormatError) in try HashOnlyPayload(json: json) }
        view = Self.parse(context, NormalisedMetadata.path) { json throws(FormatError) in try NormalisedMetadata(json: json) }
    }

    private static func parse<T>(
        _ context: VerificationContext, _ path: String,
        _ make: (JSONValue) throws(FormatError) -> T
    ) -> Result<T, FormatError>? {
        guard context.has(path) else { return nil }
        guard let parsed = context.parseJSON(path) else {
            return .failure(FormatError(.limitExceeded, "it is larger than a verifier reads into memory; the capture app writes a few kilobytes"))
        }
        return Result { () throws(FormatError) -> T in try make(parsed.get()) }
    }

    var parsedApp: AppMetadata? { try? app?.get() }
    var parsedAppPayload: HashOnlyPayload? { try? appPayload?.get() }
    var parsedRialPayload: HashOnlyPayload? { try? rialPayload?.get() }
    var parsedView: NormalisedMetadata? { try? view?.get() }

    /// The payloads that parsed, with their paths.
    var payloads: [(path: String, payload: HashOnlyPayload)] {
        [(appPayloadPath, parsedAppPayload), (HashOnlyPayload.rialPath, parsedRialPayload)]
            .compactMap { path, payload in payload.map { (path, $0) } }
    }

    /// Every SHA-256 the package states for its media.
    var claimedMediaSHA256: [(source: String, sha256: String)] {
        payloads.map { ($0.path, $0.payload.mediaHash) } + (parsedView?.mediaSHA256.map { [(NormalisedMetadata.path, $0)] } ?? [])
    }

    /// Whether the package says it withholds its media.
    var isHashOnly: Bool { parsedView?.captureMode == "hash_only" || (parsedView == nil && parsedRialPayload != nil) }
}
