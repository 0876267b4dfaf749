import RialFormat
import RialMedia
import RialMediaClaims

/// A filtered package must provably hold nothing its privacy levels withhold
/// (`schema/SPEC.md` §16.6). Each hash-only payload is held to its own `metadataFlags`; the
/// package as a whole to the levels `rial/metadata.json` states: the view itself, the app's
/// payload, the app's metadata and custody log and depth analysis if present, and for a
/// hash-only package the absence of media, depth maps and frames. Each leak is a failure at
/// the file that holds it, coded by what leaked.
struct PrivacyCheck: VerificationCheck {
    var needs: Set<Fact> { [.media, .metadata] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.judgesRialParts, let sources = context.metadataSources else { return [] }
        var results: [CheckResult] = []
        for (path, payload) in sources.payloads {
            let findings = audit(payload, path, writtenByApp: path != HashOnlyPayload.rialPath)
            results +=
                findings.isEmpty
                ? [.pass(.privacyPayload, path, "captureMode is hash_only, and metadataFlags (\(payload.flags.levels)) agree with what the payload holds")]
                : findings
        }
        guard let view = sources.parsedView else {
            return results + [
                .notPresent(
                    .privacy, NormalisedMetadata.path,
                    "the package states no privacy levels (it has no readable rial/metadata.json); it discloses whatever its files hold")
            ]
        }
        let levels = view.privacy
        let hashOnly = view.captureMode == "hash_only"
        var findings = leaks(
            location: view.filtered.location, time: view.filtered.timestamp, device: view.filtered.deviceModel,
            levels: levels, at: NormalisedMetadata.path, whose: "rial/metadata.json")
        if let leak = PrivacyAudit.time(view.depthAnalysis.objectValue?["computedAt"] ?? .null, levels.timestamp) {
            findings.append(
                .fail(
                    .privacyTimestampLeak, NormalisedMetadata.path,
                    "depth_analysis.computedAt holds \(leak), which timestamp=\(levels.timestamp.rawValue) withholds"))
        }
        let unknown = PrivacyAudit.unknownDepthAnalysisKeys(view.depthAnalysis)
        if !levels.isFull, !unknown.isEmpty {
            findings.append(
                .fail(
                    .privacyUnknownField, NormalisedMetadata.path,
                    "depth_analysis holds fields the app's DepthAnalysisResult does not define (\(unknown.joined(separator: ", "))); what they disclose cannot be judged"
                ))
        }
        if let payload = sources.parsedRialPayload, payload.flags.levels != levels {
            findings.append(
                .fail(
                    .privacyFlagsMismatch, HashOnlyPayload.rialPath, "the payload's metadataFlags and rial/metadata.json state different privacy levels",
                    expected: levels.description, actual: payload.flags.levels.description))
        }
        if let payload = sources.parsedAppPayload, !levels.allows(payload.flags.levels) {
            findings += finer(payload.flags.levels, than: levels, at: context.appPath(.hashOnlyPayload), what: "the capture app's payload")
        }
        // The app's own disclosure (metadata.payload.app-disclosure, a claim) is a leak of the
        // package too when the package's level withholds it.
        if let payload = sources.parsedAppPayload, let leak = PrivacyAudit.time(payload.capturedAt, levels.timestamp) {
            let shown = payload.capturedAtDate.map { "a time (\($0.shown))" } ?? leak
            findings.append(
                .fail(
                    .privacyTimestampLeak, context.appPath(.hashOnlyPayload),
                    "the capture app's payload's capturedAt holds \(shown), which the package's timestamp=\(levels.timestamp.rawValue) withholds"))
        }
        findings += appFiles(context, sources, levels: levels, filtered: hashOnly || !levels.isFull)
        findings += evidenceFiles(context, levels: levels, hashOnly: hashOnly)

        // A payload that fails its own flags is a leak too: the package as a whole cannot pass.
        // The app's own disclosure is the app's claim (claims), not a leak of the package.
        if (results + findings).contains(where: { $0.status == .fail && $0.code != .metadataPayloadAppDisclosure }) { return results + findings }
        if levels.isFull, !hashOnly {
            return results + findings + [
                .notPresent(.privacy, NormalisedMetadata.path, "the package withholds nothing: location precise, timestamp exact, device full")
            ]
        }
        // Fails closed: a place nobody read may hold what the levels withhold.
        let unread = (results + findings).filter { $0.status == .notChecked }
        if !unread.isEmpty {
            let places = unread.map { "\($0.subject) (\($0.code))" }
            return results + findings + [
                .notChecked(
                    .privacy, NormalisedMetadata.path,
                    "privacy is not established: the package states \(levels)\(hashOnly ? ", hash-only" : ""), and nothing rial read discloses more, but not everything was read: \(places.joined(separator: ", "))"
                )
            ]
        }
        return results + findings + [
            .pass(
                .privacy, NormalisedMetadata.path,
                "discloses \(levels)\(hashOnly ? ", hash-only" : ""); rial/metadata.json, the payloads, and the capture app's metadata, custody log and depth analysis where present hold nothing finer (frame timestamps count from the device's boot, and the packaging time is not the capture's)"
            )
        ]
    }

    /// A payload against its own flags (the packer applies the same audit before it keeps one).
    private func audit(_ payload: HashOnlyPayload, _ path: String, writtenByApp: Bool) -> [CheckResult] {
        PrivacyAudit.audit(payload, writtenByApp: writtenByApp).map { .fail(.privacyAudit($0.code), path, $0.message) }
    }

    private func leaks(location: JSONValue, time: JSONValue, device: JSONValue, levels: PrivacyLevels, at path: String, whose: String) -> [CheckResult] {
        PrivacyAudit.leaks(location: location, time: time, device: device, levels: levels, whose: whose).map { .fail(.privacyAudit($0.code), path, $0.message) }
    }

    private func finer(_ inner: PrivacyLevels, than levels: PrivacyLevels, at path: String, what: String) -> [CheckResult] {
        levels.excess(of: inner).map { excess in
            .fail(
                .privacyLeak(excess.dimension), path,
                "\(what) discloses \(excess.dimension) at \(excess.level), finer than the package's \(excess.dimension)=\(excess.allowed)",
                expected: "\(excess.dimension) at most \(excess.allowed)", actual: excess.level)
        }
    }

    /// The capture app's own files: each records the capture in full, so each is a leak at
    /// any level that withholds what it holds.
    private func appFiles(_ context: VerificationContext, _ sources: MetadataSources, levels: PrivacyLevels, filtered: Bool) -> [CheckResult] {
        var findings: [CheckResult] = []
        if let app = sources.parsedApp {
            let path = context.appPath(.metadata)
            if levels.location != .precise, app.location != nil {
                findings.append(
                    .fail(.privacyLocationLeak, path, "the capture app's metadata holds coordinates, which location=\(levels.location.rawValue) withholds"))
            }
            if levels.timestamp != .exact, app.startedAt ?? app.endedAt ?? app.capturedAt != nil {
                findings.append(
                    .fail(
                        .privacyTimestampLeak, path,
                        "the capture app's metadata holds the exact capture time, which timestamp=\(levels.timestamp.rawValue) withholds"))
            }
            if levels.device == .none
                ? app.deviceModel ?? app.iosVersion ?? app.appVersion != nil : levels.device == .modelOnly && app.iosVersion ?? app.appVersion != nil
            {
                findings.append(
                    .fail(.privacyDeviceLeak, path, "the capture app's metadata holds device details that device=\(levels.device.rawValue) withholds"))
            }
        }
        if context.has(context.appPath(.custodyLog)) {
            if levels.timestamp != .exact {
                findings.append(
                    .fail(
                        .privacyTimestampLeak, context.appPath(.custodyLog),
                        "the capture app's custody log dates each event to the millisecond, which timestamp=\(levels.timestamp.rawValue) withholds"))
            }
            if levels.device != .full {
                findings.append(
                    .fail(
                        .privacyDeviceLeak, context.appPath(.custodyLog),
                        "the capture app's custody log names the device (userIdentifier), which device=\(levels.device.rawValue) withholds"))
            }
        }
        if case .success(let analysis)? = context.parseJSON(context.appPath(.depthAnalysis)) {
            if let leak = PrivacyAudit.time(analysis.objectValue?["computedAt"] ?? .null, levels.timestamp) {
                findings.append(
                    .fail(
                        .privacyTimestampLeak, context.appPath(.depthAnalysis),
                        "computedAt holds \(leak), which timestamp=\(levels.timestamp.rawValue) withholds"))
            }
            let unknown = PrivacyAudit.unknownDepthAnalysisKeys(analysis)
            if filtered, !unknown.isEmpty {
                findings.append(
                    .fail(
                        .privacyUnknownField, context.appPath(.depthAnalysis),
                        "holds fields the app's DepthAnalysisResult does not define (\(unknown.joined(separator: ", "))); what they disclose cannot be judged"))
            }
        }
        guard filtered else { return findings }
        let known: Set<String> = [
            context.appPath(.metadata), context.appPath(.custodyLog), context.appPath(.depthAnalysis), context.appPath(.hashOnlyPayload),
            context.appPath(.hashChain),
        ]
        for path in context.payloadPaths(under: PackageLayout.captureAppDirectory) where !known.contains(path) {
            findings.append(.notChecked(.privacyAppFile, path, "a capture app file rial does not know; what it discloses is not examined"))
        }
        return findings
    }

    /// The evidence itself: a hash-only package holds none; a filtered one holds media whose
    /// own embedded metadata rial does not read.
    private func evidenceFiles(_ context: VerificationContext, levels: PrivacyLevels, hashOnly: Bool) -> [CheckResult] {
        let media = context.payloadPaths(under: PackageLayout.mediaDirectory)
        guard hashOnly else {
            guard !levels.isFull else { return [] }
            return media.flatMap { path -> [CheckResult] in
                // Examined (check 15a): each tag that discloses more is named.
                guard let facts = context.media?.facts(path) else {
                    let why = context.media == nil ? "is not examined (--no-examine-media)" : "could not be read (see media.*)"
                    return [
                        .notChecked(
                            .privacyMediaEmbedded, path,
                            "the media's own embedded metadata (EXIF, QuickTime atoms, XMP) \(why); it may record what the privacy levels withhold")
                    ]
                }
                let leaks = MediaPrivacyAudit.leaks(facts, levels: levels)
                guard !leaks.isEmpty else {
                    // Fails closed: what was not read may hold what the levels withhold.
                    guard facts.isMetadataComplete else {
                        return [
                            .notChecked(
                                .privacyMediaEmbedded, path,
                                "the media's embedded metadata was not all read, so what it discloses is not established: \(facts.unreadPlaces.joined(separator: "; ")); the \(facts.tags.count) tags read hold no location, time or device detail that \(levels) withholds"
                            )
                        ]
                    }
                    return [
                        .pass(
                            .privacyMediaEmbedded, path,
                            "the media's embedded metadata (\(facts.tags.count) tags) holds no location, time or device detail that \(levels) withholds")
                    ]
                }
                return leaks.map { leak in
                    .fail(
                        .privacyMediaEmbedded, path,
                        "the media itself carries \(leak.tag) (\(leak.value.prefix(80))), a \(leak.dimension) detail that \(leak.dimension)=\(leak.level(in: levels)) withholds"
                    )
                }
            }
        }
        var findings = media.map { CheckResult.fail(.privacyMediaPresent, $0, "a hash-only package names its media by SHA-256 and holds no media file") }
        findings += context.payloadPaths(under: PackageLayout.depthDirectory)
            .map { .fail(.privacyDepthPresent, $0, "a hash-only package keeps the depth analysis, never raw depth maps") }
        findings += context.payloadPaths(under: PackageLayout.framesDirectory)
            .map { .fail(.privacyFramesPresent, $0, "a hash-only package holds no frame material") }
        return findings
    }
}
