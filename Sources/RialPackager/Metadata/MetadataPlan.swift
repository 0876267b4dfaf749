import RialFormat
import RialCrypto
import RialArchive

/// What a package discloses about its capture, decided before anything is written
/// (`schema/SPEC.md` §16): which of the capture's files go in, and the metadata files rial
/// makes from the app's (`rial/metadata.json`, and for a hash-only package
/// `rial/hash_only_payload.json`).
///
/// A filtered package withholds every file that records more than its privacy levels allow:
/// the app's full `metadata.json` (coordinates, exact times, OS version), its custody log
/// (exact times, device identifier) unless time and device are disclosed in full, and any app
/// file rial does not know. A hash-only package also withholds the media, raw depth maps,
/// frame material and the capture descriptor, and names the media by its SHA-256.
struct MetadataPlan {
    /// The capture as packaged: what is withheld is gone.
    let capture: CaptureDirectory
    /// Bag paths of the capture's files the package withholds.
    let withheld: [String]
    /// `rial/` files to write: the payload (hash-only) and the normalised view.
    let tagFiles: [PackageFile]
    let levels: PrivacyLevels
    let hashOnly: Bool
    /// The withheld media's SHA-256 (hash-only packages).
    var mediaSHA256: String? = nil
    /// The app's files packed as received although they cannot be read (`--keep-as-received`).
    var warnings: [String] = []
    /// The capture app's metadata as read, when it could be: its claims about the media are
    /// held against the media before it is packed (§2.1 refusal 17).
    var app: AppMetadata? = nil

    /// Whether the package discloses less than the capture recorded.
    var isFiltered: Bool { hashOnly || !levels.isFull }

    /// App files that hold no location, time of day or device detail; a filtered package keeps
    /// them (the payload and depth analysis are judged separately).
    static let neutralAppFiles: Set<AppFileKind> = [.hashChain]

    /// - Throws: ``PackagerError`` `.invalidCapture` or `.invalidOption` saying what to change;
    ///   `.payloadTooLarge` when a hash-only payload would reach 10 KiB.
    /// - Parameter keepAsReceived: an app file that cannot be read is carried as received, and
    ///   no `rial/metadata.json` is made from it, rather than refused (not when filtering: what
    ///   cannot be read cannot be filtered).
    static func make(capture: CaptureDirectory, privacy: PrivacyLevels?, hashOnly: Bool, keepAsReceived: Bool = false) throws -> MetadataPlan {
        let filtering = privacy != nil || hashOnly
        var warnings: [String] = []
        func read<T>(_ kind: AppFileKind, _ what: String, reportedAs code: String, _ parse: (JSONValue) throws(FormatError) -> T) throws -> T? {
            try Self.read(capture, kind, what, keepAsReceived: keepAsReceived, filtering: filtering, reportedAs: code, warnings: &warnings, parse)
        }
        var app = try read(.metadata, "the capture app's metadata", reportedAs: "metadata.app.malformed") { json throws(FormatError) in
            try AppMetadata(json: json)
        }
        let appPayload = try read(.hashOnlyPayload, "the capture app's hash-only payload", reportedAs: "metadata.payload.malformed") {
            json throws(FormatError) in try HashOnlyPayload(json: json)
        }
        let analysis = try read(.depthAnalysis, "the capture app's depth analysis", reportedAs: "metadata.depth-analysis.malformed") {
            json throws(FormatError) -> JSONValue in
            guard json.objectValue != nil else { throw FormatError(.invalidField, "depth analysis must be a JSON object") }
            return json
        }
        if let type = app?.type, !NormalisedMetadata.mediaTypes.contains(type), !filtering {
            let source = capture.appFile(.metadata)?.sourcePath ?? AppMetadata.fileName
            warnings.append(
                try ReceivedContentProblem(
                    "\(source) says type \"\(type)\"; the capture app records video or photo",
                    whenKept: "it is carried byte for byte, and no rial/metadata.json is made from it",
                    reportedAs: "metadata.type.mismatch"
                ).resolve(keepAsReceived: keepAsReceived))
            app = nil
        }
        guard let app else {
            if filtering {
                throw PackagerError(
                    .invalidCapture,
                    "\(hashOnly ? "--hash-only" : "--privacy") filters the capture app's metadata, and the capture has no metadata file (app/\(AppMetadata.fileName), or the export's recording_<n>.metadata.json)"
                )
            }
            return MetadataPlan(capture: capture, withheld: [], tagFiles: [], levels: .full, hashOnly: false, warnings: warnings)
        }
        guard NormalisedMetadata.mediaTypes.contains(app.type) else {
            throw PackagerError(
                .invalidCapture,
                "\(capture.appFile(.metadata)?.sourcePath ?? AppMetadata.fileName) says type \"\(app.type)\"; the capture app records video or photo")
        }
        guard let levels = privacy ?? (hashOnly ? appPayload?.flags.levels : .full) else {
            throw PackagerError(.invalidOption, "say what a hash-only package discloses, e.g. --privacy location=coarse,timestamp=day_only,device=model_only")
        }

        var withheld: Set<String> = []
        let media = capture.files.filter { $0.bagPath.rawValue.hasPrefix(PackageLayout.mediaDirectory) }
        var mediaSHA256: String?
        if hashOnly {
            guard media.count == 1, let file = media.first else {
                throw PackagerError(.invalidCapture, "a hash-only package names one media file by its SHA-256; \(capture.root)/media/ holds \(media.count)")
            }
            mediaSHA256 = try sha256(of: file)
            if let appPayload, appPayload.mediaHash != mediaSHA256 {
                throw PackagerError(
                    .invalidCapture,
                    "\(capture.appFile(.hashOnlyPayload)?.sourcePath ?? HashOnlyPayload.fileName) names media \(appPayload.mediaHash), but \(file.sourcePath) has SHA-256 \(mediaSHA256 ?? "")"
                )
            }
            for file in capture.files where !file.bagPath.rawValue.hasPrefix(PackageLayout.captureAppDirectory) {
                withheld.insert(file.bagPath.rawValue)
            }
        }
        // At full levels nothing the app recorded is withheld, so its files stay whole.
        if hashOnly || !levels.isFull {
            for file in capture.files where file.bagPath.rawValue.hasPrefix(PackageLayout.captureAppDirectory) {
                let path = file.bagPath.rawValue
                let keep: Bool
                switch AppFileKind.allCases.first(where: { capture.appFiles[$0] == path }) {
                // Kept for what it holds, not for what its flags claim: the same audit as the verifier's.
                case .hashOnlyPayload?: keep = appPayload.map { levels.allows($0.flags.levels) && PrivacyAudit.audit($0).isEmpty } ?? false
                case .depthAnalysis?:
                    keep =
                        (levels.timestamp == .exact || analysis?.objectValue?["computedAt"] == nil)
                        && PrivacyAudit.unknownDepthAnalysisKeys(analysis ?? .null).isEmpty
                case .custodyLog?: keep = levels.timestamp == .exact && levels.device == .full
                case let kind?: keep = neutralAppFiles.contains(kind)
                case nil: keep = false
                }
                if !keep { withheld.insert(path) }
            }
        }
        let kept = capture.keeping { !withheld.contains($0.bagPath.rawValue) }
        let has = { (path: String) in kept.file(path) != nil }

        var tagFiles: [PackageFile] = []
        var sources = [AppFileKind.metadata, .hashOnlyPayload, .depthAnalysis].compactMap { capture.appFiles[$0] }.filter(has)
        // The payload and the view carry the same analysis, so a verifier can compare them.
        let depthAnalysis = analysis ?? appPayload?.depthAnalysis ?? (hashOnly ? .object(["status": .string("unavailable")]) : .null)
        do {
            if hashOnly, let mediaSHA256 {
                let filtered = try FilteredMetadata(app, levels: levels, strict: true)
                let chain = try Self.read(
                    kept, .hashChain, "the capture app's hash chain", keepAsReceived: false, reportedAs: "app.chain.malformed", warnings: &warnings
                ) { json throws(FormatError) in try AppHashChain(json: json) }
                let payload = HashOnlyPayload.build(
                    mediaSHA256: mediaSHA256, mediaType: app.type,
                    depthAnalysis: HashOnlyPayload.filterDepthAnalysis(depthAnalysis, levels: levels),
                    metadata: filtered, levels: levels, capturedAt: filtered.timestamp,
                    hashChain: app.type == "video" ? chain : nil, frameCount: app.frameCount, durationMs: app.durationMs)
                let bytes = JSONWriter.bytes(payload)
                guard bytes.count < HashOnlyPayload.maxBytes else {
                    throw PackagerError(
                        .payloadTooLarge,
                        "the hash-only payload would be \(bytes.count) bytes; the capture app keeps it under \(HashOnlyPayload.maxBytes) (10 KiB, its hash-only payload design). A video's payload carries its whole hash chain, about 54 bytes a frame (about 5 s at 30 fps fits): package the video with its media instead"
                    )
                }
                tagFiles.append(PackageFile(path: PackageLayout.hashOnlyPayload, bytes: bytes))
                sources.append(PackageLayout.hashOnlyPayload)
            }
            let view = try NormalisedMetadata(
                app: app, levels: levels, captureMode: hashOnly ? "hash_only" : "full", strict: filtering,
                mediaSHA256: mediaSHA256, depthAnalysis: depthAnalysis, sources: sources.sorted())
            tagFiles.append(PackageFile(path: PackageLayout.metadata, bytes: JSONWriter.bytes(view.jsonValue())))
        } catch let error as FormatError {
            throw PackagerError(.invalidOption, "cannot disclose the capture at \(levels)", cause: error)
        }
        return MetadataPlan(
            capture: kept, withheld: withheld.sorted(), tagFiles: tagFiles, levels: levels, hashOnly: hashOnly, mediaSHA256: mediaSHA256,
            warnings: warnings, app: app)
    }

    /// Parses one of the capture app's JSON files, if the capture has it; one that breaks its
    /// reading is `nil` and a warning when `keepAsReceived` and not `filtering`.
    private static func read<T>(
        _ capture: CaptureDirectory, _ kind: AppFileKind, _ what: String, keepAsReceived: Bool, filtering: Bool = false,
        reportedAs code: String, warnings: inout [String], _ parse: (JSONValue) throws(FormatError) -> T
    ) throws -> T? {
        guard let file = capture.appFile(kind) else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try FileChunkReader.readAll(path: file.sourcePath, limit: PackageLayout.maxParsedFileBytes)
        } catch {
            throw PackagerError(.invalidCapture, "cannot read \(file.sourcePath) as \(what)", cause: error)
        }
        do {
            return try parse(StrictJSONParser.parse(bytes))
        } catch {
            guard !filtering else {
                throw PackagerError(
                    .invalidCapture,
                    "\(file.sourcePath) is not valid as \(what): \(error.reason). --privacy and --hash-only filter what they can read, so they cannot package it, not even with --keep-as-received: pack the export without them to keep it as received",
                    cause: error)
            }
            warnings.append(
                try ReceivedContentProblem(
                    "\(file.sourcePath) is not valid as \(what): \(error.reason)",
                    whenKept: "it is carried byte for byte, and nothing rial writes is made from it",
                    reportedAs: code, cause: error
                ).resolve(keepAsReceived: keepAsReceived))
            return nil
        }
    }

    private static func sha256(of file: CaptureDirectory.File) throws -> String {
        Hex.encode(try StreamingDigest.digest(.sha256) { try FileChunkReader(path: file.sourcePath).streamAndClose($0) })
    }
}
