import RialFormat

/// `rial/metadata.json` agrees with the files it was made from (`schema/SPEC.md` §16.3): the
/// app's metadata re-filtered to the view's levels gives the same location, time, device and
/// claims; a hash-only payload rial built states the same levels, values, media hash and
/// depth analysis; its `sources` name exactly the metadata files the package holds. A
/// filtered package may hold none of them; then the view is the package's only statement and
/// is reported NOT CHECKED here (its claims are still held against the evidence, its levels
/// audited by the privacy check).
struct NormalisedMetadataCheck: VerificationCheck {
    var needs: Set<Fact> { [.metadata] }

    private let subject = NormalisedMetadata.path

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.judgesRialParts, let sources = context.metadataSources else { return [] }
        let view: NormalisedMetadata
        switch sources.view {
        case nil: return [.notPresent(.metadata, subject, "the package carries no normalised capture metadata")]
        case .failure(let error)?: return [.fail(.metadataNormalisedMalformed, subject, "rial/metadata.json cannot be read: \(error.reason)")]
        case .success(let parsed)?: view = parsed
        }
        var findings: [CheckResult] = []
        let present = [context.appPath(.metadata), context.appPath(.hashOnlyPayload), context.appPath(.depthAnalysis), HashOnlyPayload.rialPath].filter(
            context.has
        ).sorted()
        if view.sources.sorted() != present {
            findings.append(
                .fail(
                    .metadataNormalisedSources, subject, "sources must name exactly the metadata files the package holds",
                    expected: present.joined(separator: ", "), actual: view.sources.joined(separator: ", ")))
        }
        var compared: [String] = []
        if let app = sources.parsedApp {
            compared.append(context.appPath(.metadata))
            findings += differences(view, app, source: context.appPath(.metadata))
        }
        if let payload = sources.parsedRialPayload {
            compared.append(HashOnlyPayload.rialPath)
            findings += differences(view, payload)
        }
        let analysisFile = context.has(context.appPath(.depthAnalysis)) ? context.parseJSON(context.appPath(.depthAnalysis)) : nil
        if context.has(context.appPath(.depthAnalysis)), (try? analysisFile?.get())?.objectValue == nil {
            findings.append(
                .fail(.metadataDepthAnalysisMalformed, context.appPath(.depthAnalysis), "the capture app's depth analysis is not a readable JSON object"))
        } else if case .success(let analysis)? = analysisFile {
            compared.append(context.appPath(.depthAnalysis))
            let expected = HashOnlyPayload.filterDepthAnalysis(analysis, levels: view.privacy)
            if expected != view.depthAnalysis {
                findings.append(mismatch("depth_analysis", from: context.appPath(.depthAnalysis), expected: expected, actual: view.depthAnalysis))
            }
        }
        guard !compared.isEmpty else {
            if !findings.isEmpty { return findings }
            return [
                .notChecked(
                    .metadataNormalised, subject,
                    "the package holds none of the files rial/metadata.json was made from (a filtered package withholds them); its claims are held against the evidence and its privacy levels audited instead"
                )
            ]
        }
        return findings.isEmpty ? [.pass(.metadataNormalised, subject, "agrees with \(compared.joined(separator: ", "))")] : findings
    }

    private func differences(_ view: NormalisedMetadata, _ app: AppMetadata, source: String) -> [CheckResult] {
        let expected: NormalisedMetadata
        do {
            expected = try NormalisedMetadata(
                app: app, levels: view.privacy, captureMode: view.captureMode, strict: false,
                mediaSHA256: view.mediaSHA256, depthAnalysis: view.depthAnalysis, sources: view.sources)
        } catch {
            return [.fail(.metadataNormalisedMismatch, subject, "the app's metadata cannot be filtered to the view's levels: \(error.reason)")]
        }
        let pairs: [(String, JSONValue, JSONValue)] = [
            ("media_type", .string(expected.mediaType), .string(view.mediaType)),
            ("location", expected.filtered.location, view.filtered.location),
            ("time", expected.filtered.timestamp, view.filtered.timestamp),
            ("device", expected.filtered.deviceModel, view.filtered.deviceModel),
            ("recording", field(expected, "recording"), field(view, "recording")),
            ("depth_resolution", field(expected, "depth_resolution"), field(view, "depth_resolution")),
            ("attestation", field(expected, "attestation"), field(view, "attestation")),
        ]
        return pairs.filter { $0.1 != $0.2 }.map { mismatch($0.0, from: source, expected: $0.1, actual: $0.2) }
    }

    private func differences(_ view: NormalisedMetadata, _ payload: HashOnlyPayload) -> [CheckResult] {
        let pairs: [(String, JSONValue, JSONValue)] = [
            ("capture_mode", .string("hash_only"), .string(view.captureMode)),
            ("media_type", .string(payload.mediaType), .string(view.mediaType)),
            ("privacy", payload.flags.levels.jsonValue(), view.privacy.jsonValue()),
            ("location", payload.metadata.location, view.filtered.location),
            ("time", payload.metadata.timestamp, view.filtered.timestamp),
            ("device", payload.metadata.deviceModel, view.filtered.deviceModel),
            ("media_sha256", .string(payload.mediaHash), view.mediaSHA256.map(JSONValue.string) ?? .null),
            ("depth_analysis", payload.depthAnalysis, view.depthAnalysis),
            ("recording.frame_count", payload.frameCount.map(JSONValue.integer) ?? .null, view.recording?.frameCount.map(JSONValue.integer) ?? .null),
            ("recording.duration_ms", payload.durationMs.map(JSONValue.integer) ?? .null, view.recording?.durationMs.map(JSONValue.integer) ?? .null),
        ]
        return pairs.filter { $0.1 != $0.2 }.map { mismatch($0.0, from: HashOnlyPayload.rialPath, expected: $0.1, actual: $0.2) }
    }

    private func field(_ view: NormalisedMetadata, _ key: String) -> JSONValue { view.jsonValue().objectValue?[key] ?? .null }

    private func mismatch(_ key: String, from source: String, expected: JSONValue, actual: JSONValue) -> CheckResult {
        .fail(
            .metadataNormalisedMismatch, subject, "\(key) disagrees with \(source)",
            expected: PrivacyAudit.preview(expected), actual: PrivacyAudit.preview(actual))
    }
}
