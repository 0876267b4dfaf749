import RialFormat
import RialMedia

/// The media itself examined (`schema/SPEC.md` §8.5 check 15a): what each media file is by its
/// content, read by the media libraries in a confined child process, and every claim about it
/// held against that: the type the manifest gives it, and the codec, encoded resolution,
/// duration, frame count and start time the metadata states, the chain's frame count, a photo's
/// depth map size. Tolerances are stated with each rule.
struct MediaCheck: VerificationCheck {
    var needs: Set<Fact> { [.media, .metadata, .frameChain, .rialManifest] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard let media = context.media else {
            // Not examined by choice: said for each media file, so no reader takes silence for a pass.
            guard !context.policy.examinesMedia, context.judgesRialParts else { return [] }
            let paths = context.payloadPaths(under: PackageLayout.mediaDirectory)
            let reason = "the media was not examined: this verification asked for its digests only (--no-examine-media)"
            return paths.map { .notChecked(.mediaProbe, $0, reason) }
                + origin(context, path: paths.first ?? PackageLayout.mediaDirectory, .failure(.init(reason: reason)))
        }
        var results: [CheckResult] = []
        // Every examined path (in byte order), with or without an outcome: a file whose place is
        // not known gets its own NOT CHECKED row rather than no row at all.
        let paths = media.examined
        for path in paths {
            results += probe(path, media.outcomes[path], context)
        }
        for path in media.streamed {
            results.append(
                .notChecked(.mediaProbe, path, "the package was read from a stream; its media can only be examined in a file (save it, then verify the file)"))
        }
        for path in media.skipped {
            results.append(.notChecked(.mediaProbe, path, "the package holds more than \(MediaExamination.maxFiles) media files; this one was not examined"))
        }
        // The claims are about the capture's one video or photo.
        guard paths.count == 1, let path = paths.first, let facts = media.facts(path) else {
            let reason =
                if !media.streamed.isEmpty {
                    "the package was read from a stream, so its media was not examined"
                } else if paths.isEmpty {
                    "the package holds no media file to hold it against"
                } else if paths.count == 1 {
                    "\(paths[0]) was not read by the media libraries (see media.probe)"
                } else {
                    "the package holds \(paths.count) media files, not the capture's one"
                }
            let first = paths.first ?? media.streamed.first ?? PackageLayout.mediaDirectory
            return results + origin(context, path: first, .failure(.init(reason: reason)))
        }
        results += origin(context, path: path, .success(facts))
        for claims in Self.claims(context) {
            results += MediaClaimRules(facts: facts, path: path, claims: claims).results()
        }
        if let chain = context.parsedChain, let frames = facts.video?.frameCount {
            let chained = Int64(chain.frames.count)
            results.append(
                abs(chained - frames) <= 1
                    ? .pass(
                        .mediaChainFrames, PackageLayout.chain, "the chain's \(chained) frames agree with the \(frames) frames of \(path) (within one frame)")
                    : .fail(
                        .mediaChainFramesMismatch, PackageLayout.chain, "the chain's frame count disagrees with the video's by more than one frame",
                        expected: String(frames), actual: String(chained)))
        }
        return results
    }

    private func probe(_ path: String, _ outcome: Result<MediaProbeOutcome, MediaError>?, _ context: VerificationContext) -> [CheckResult] {
        switch outcome {
        case nil:
            return [.notChecked(.mediaProbe, path, "the media's place in the input is not known, so it was not examined")]
        case .failure(let error)?:
            return [.notChecked(.mediaProbe, path, "the media could not be examined on this machine: \(error.reason)")]
        case .success(let outcome)?:
            switch outcome {
            case .facts(let facts):
                return [.pass(.mediaProbe, path, MediaFactsText.summary(facts))] + type(path, facts, context) + containerSize(path, facts)
            case .unsupported(let container):
                return [.fail(.mediaUnsupported, path, "the media is not a container rial examines (MP4/QuickTime, HEIF/HEIC, JPEG): \(container)")]
            case .unreadable(let reason):
                return [.fail(.mediaUnreadable, path, "the media libraries cannot read it: \(reason)")]
            case .crashed, .timedOut, .tooMuchMemory, .misbehaved:
                return [.notChecked(.mediaProbe, path, "the media could not be examined: \(outcome.summary); its claims are not checked")]
            }
        }
    }

    /// The type the manifest records for the file (from its extension) against its content.
    private func type(_ path: String, _ facts: MediaFacts, _ context: VerificationContext) -> [CheckResult] {
        let declared = context.parsedManifest?.files.first { $0.path == path }?.mediaType ?? MediaType.forExtension(BagPath.fileExtension(of: path))
        let actual = MediaFactsText.mediaType(facts)
        let agrees = declared == actual || (declared.hasPrefix("video/") && actual.hasPrefix("video/"))
        return [
            agrees
                ? .pass(.mediaType, path, "by its content the media is \(actual), as recorded (\(declared))")
                : .fail(
                    .mediaTypeMismatch, path, "by its content the media is \(actual), not the \(declared) its name and the manifest say",
                    expected: actual, actual: declared)
        ]
    }

    /// The size the container declares against the one the stream's parameter sets give, when
    /// they differ: a player shows the stream's, so the container's was changed (or the stream).
    private func containerSize(_ path: String, _ facts: MediaFacts) -> [CheckResult] {
        guard let video = facts.video, video.containerSizeDisagrees else { return [] }
        return [
            .fail(
                .mediaContainerSizeMismatch, path, "the container declares another picture size than the video stream's own parameter sets give",
                expected: "\(video.codedWidth)×\(video.codedHeight)", actual: "\(video.containerSize.width)×\(video.containerSize.height)")
        ]
    }

    /// The app metadata's `location` and `device_model` against the media's own record, or NOT
    /// CHECKED naming each key with why: no other result names them (§8.5 check 14c).
    private func origin(_ context: VerificationContext, path: String, _ facts: Result<MediaFacts, MediaOriginRules.Unexamined>) -> [CheckResult] {
        guard let app = context.metadataSources?.parsedApp else { return [] }
        return MediaOriginRules(
            facts: facts, path: path, subject: context.appPath(.metadata),
            location: app.location, deviceModel: app.deviceModel,
            capturedAt: app.type == "photo" ? app.capturedAt : nil
        ).results()
    }

    /// Why the metadata's claims about the capture's video (codec, encoded resolution, duration,
    /// frame count) are not held against the video by this check, or `nil` when they are: the
    /// input holds one media file, the media libraries read it, and it is a video. Where this is
    /// `nil`, this check's `media.*` row is the verdict on each of the claims of ``claims(_:)``
    /// (PASS, FAIL or its own NOT CHECKED), so ``MetadataAgreementCheck`` adds no second row
    /// calling the same claim unchecked.
    static func videoClaimsUnjudged(_ context: VerificationContext) -> String? {
        guard let media = context.media else {
            return "the media was not examined: this verification asked for its digests only (--no-examine-media)"
        }
        if !media.streamed.isEmpty { return "the package was read from a stream, so its media was not examined" }
        let paths = context.payloadPaths(under: PackageLayout.mediaDirectory)
        guard paths.count == 1, let path = paths.first else {
            return paths.isEmpty ? "the package holds no media file to hold it against" : "the package holds \(paths.count) media files, not the capture's one"
        }
        guard let facts = media.facts(path) else { return "\(path) was not read by the media libraries (see media.probe)" }
        guard facts.video != nil else { return "\(path) holds no video stream" }
        return nil
    }

    /// The metadata files that make claims about the media: the app's and rial's normalised view.
    static func claims(_ context: VerificationContext) -> [MetadataClaims] {
        var claims: [MetadataClaims] = []
        if let app = context.metadataSources?.parsedApp { claims.append(MetadataClaims(app: app, source: context.appPath(.metadata))) }
        if let view = context.metadataSources?.parsedView { claims.append(MetadataClaims(view: view)) }
        return claims
    }
}
