import RialFormat
import RialMedia
import RialMediaClaims

/// What the media a package keeps is, and what a filtered package's media says about itself
/// (`schema/SPEC.md` §2.1 refusal 17 and §16.4 refusal "media that discloses more"): before
/// anything is written, each media file is read by the same confined probe as at verification.
/// Media the libraries cannot read, or no container rial examines, is refused (verification
/// would fail it); a filtered package's media is audited by the same rules
/// (``MediaPrivacyAudit``), so that `rial pack --privacy` never writes a package its own
/// verifier fails for a GPS position, a capture time or an owner inside the video or photo.
enum MediaDisclosure {
    /// - Returns: what could not be established (a file not read in full, no probe on this
    ///   machine), as warnings: verification will say privacy is not established.
    /// - Throws: ``PackagerError`` `.invalidCapture` naming each tag the levels withhold, and
    ///   where it is.
    /// - Parameters:
    ///   - examinesMedia: read the media even when the package withholds nothing, to refuse what
    ///     verification would fail (`rial pack` without `--no-examine-media`).
    ///   - keepAsReceived: keep media that cannot be read or that discloses more, warning, instead
    ///     of refusing it: the verifier then fails the package (`--keep-as-received`).
    ///   - claims: the capture app's metadata, whose statements about the video (codec,
    ///     resolution, duration, frame count) the media must not contradict.
    static func check(_ capture: CaptureDirectory, levels: PrivacyLevels, claims: AppMetadata?, examinesMedia: Bool, keepAsReceived: Bool) throws -> [String] {
        let media = capture.files.filter { $0.bagPath.rawValue.hasPrefix(PackageLayout.mediaDirectory) }
        guard !levels.isFull || examinesMedia, !media.isEmpty else { return [] }
        let probe: MediaProbe
        do {
            probe = try MediaProbe.locate()
        } catch {
            return [
                "the media could not be examined (\(error.reason)), so what it discloses is not known: verification on a machine that can examine it will audit it (privacy.media-embedded)"
            ]
        }
        var warnings: [String] = []
        for file in media {
            let outcome: MediaProbeOutcome
            do {
                outcome = try probe.run(path: file.sourcePath, offset: 0, length: Int64(clamping: file.size))
            } catch {
                warnings.append("\(file.sourcePath) could not be examined (\(error.reason)); privacy will not be established for it (privacy.media-embedded)")
                continue
            }
            if let refused = try unusable(file, outcome, keepAsReceived: keepAsReceived) {
                warnings.append(refused)
                continue
            }
            guard let facts = outcome.facts else {
                if levels.isFull {
                    warnings.append(
                        "\(file.sourcePath) could not be examined (\(outcome.summary)); verification will say its claims are not checked (media.probe)")
                    continue
                }
                warnings.append(
                    "\(file.sourcePath) could not be read by the media libraries (\(outcome.summary)); what it discloses is not known, and verification will say privacy is not established (privacy.media-embedded)"
                )
                continue
            }
            // Claims about the one recording: with several media files, which one they describe is
            // the verifier's question (it judges them only for exactly one).
            if let claims, media.count == 1, let contradicted = try contradiction(file, facts, claims, keepAsReceived: keepAsReceived) {
                warnings.append(contradicted)
            }
            guard !levels.isFull else { continue }
            let leaks = MediaPrivacyAudit.leaks(facts, levels: levels)
            guard leaks.isEmpty else {
                let named = leaks.prefix(5).map { "\($0.tag) (\($0.value.prefix(60))), which \($0.dimension)=\($0.level(in: levels)) withholds" }
                warnings.append(
                    try ReceivedContentProblem(
                        "\(file.sourcePath) carries in its own metadata \(named.joined(separator: "; "))\(leaks.count > 5 ? "; and \(leaks.count - 5) more" : ""): a package keeping it would disclose what \(levels) withholds. Add --hash-only to leave the media out (its SHA-256 still names it), or disclose more with --privacy",
                        whenKept: "the media is kept as it is, and the package discloses what its levels say it withholds",
                        reportedAs: "privacy.media-embedded"
                    ).resolve(keepAsReceived: keepAsReceived))
                continue
            }
            if !facts.isMetadataComplete {
                warnings.append(
                    "\(file.sourcePath): its metadata was not all read (\(facts.unreadPlaces.joined(separator: "; "))); what those places hold is not known, and verification will say privacy is not established (privacy.media-embedded)"
                )
            }
        }
        return warnings
    }

    /// The refusal (or, kept as received, the warning) for media the app's own metadata
    /// contradicts (``VideoClaimJudge``: the verifier's rules and tolerances); `nil` when none.
    private static func contradiction(_ file: CaptureDirectory.File, _ facts: MediaFacts, _ claims: AppMetadata, keepAsReceived: Bool) throws -> String? {
        let found = VideoClaimJudge.contradictions(of: claims, facts)
        guard !found.isEmpty else { return nil }
        let said = found.map { "\($0.key) \($0.stated), but the video's is \($0.actual)" }.joined(separator: "; ")
        return try ReceivedContentProblem(
            "the capture app's metadata says \(said) (\(file.sourcePath)): verification would fail it",
            whenKept: "the media and the metadata are kept byte for byte, and verification fails the claims",
            reportedAs: found.map(\.code).joined(separator: ", ")
        ).resolve(keepAsReceived: keepAsReceived)
    }

    /// The refusal (or, kept as received, the warning) for media verification would fail:
    /// unreadable, or not a container rial examines; `nil` for media that was read, or could
    /// not be examined on this machine (a crash, time or memory: a warning, not a verdict).
    private static func unusable(_ file: CaptureDirectory.File, _ outcome: MediaProbeOutcome, keepAsReceived: Bool) throws -> String? {
        let problem: String, code: String
        switch outcome {
        case .unreadable(let reason):
            (problem, code) = ("\(file.sourcePath) cannot be read by the media libraries: \(reason)", "media.unreadable")
        case .unsupported(let container):
            (problem, code) = ("\(file.sourcePath) is not a container rial examines (MP4/QuickTime, HEIF/HEIC, JPEG): \(container)", "media.unsupported")
        default:
            return nil
        }
        return try ReceivedContentProblem(
            "\(problem): verification would fail it. Check that it is the recording the capture app made",
            whenKept: "the file is kept byte for byte, and verification fails it",
            reportedAs: code
        ).resolve(keepAsReceived: keepAsReceived)
    }
}
