import RialFormat
import RialMedia

/// What the media a filtered package keeps says about itself (`schema/SPEC.md` §16.4, refusal
/// "media that discloses more"): before anything is written, each media file is read by the
/// same confined probe and audited by the same rules (``MediaPrivacyAudit``) as at
/// verification, so that `rial pack --privacy` never writes a package its own verifier fails
/// for a GPS position, a capture time or an owner inside the video or photo.
enum MediaDisclosure {
    /// - Returns: what could not be established (a file not read in full, no probe on this
    ///   machine), as warnings: verification will say privacy is not established.
    /// - Throws: ``PackagerError`` `.invalidCapture` naming each tag the levels withhold, and
    ///   where it is.
    /// - Parameter keepAsReceived: keep media that discloses more, warning, instead of refusing
    ///   it: the verifier then fails the package (`--keep-as-received`).
    static func check(_ capture: CaptureDirectory, levels: PrivacyLevels, keepAsReceived: Bool) throws -> [String] {
        let media = capture.files.filter { $0.bagPath.rawValue.hasPrefix(PackageLayout.mediaDirectory) }
        guard !levels.isFull, !media.isEmpty else { return [] }
        let probe: MediaProbe
        do {
            probe = try MediaProbe.locate()
        } catch {
            return ["the media could not be examined (\(error.reason)), so what it discloses is not known: verification on a machine that can examine it will audit it (privacy.media-embedded)"]
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
            guard let facts = outcome.facts else {
                warnings.append("\(file.sourcePath) could not be read by the media libraries (\(outcome.summary)); what it discloses is not known, and verification will say privacy is not established (privacy.media-embedded)")
                continue
            }
            let leaks = MediaPrivacyAudit.leaks(facts, levels: levels)
            guard leaks.isEmpty else {
                let named = leaks.prefix(5).map { "\($0.tag) (\($0.value.prefix(60))), which \($0.dimension)=\($0.level(in: levels)) withholds" }
                warnings.append(try ReceivedContentProblem(
                    "\(file.sourcePath) carries in its own metadata \(named.joined(separator: "; "))\(leaks.count > 5 ? "; and \(leaks.count - 5) more" : ""): a package keeping it would disclose what \(levels) withholds. Add --hash-only to leave the media out (its SHA-256 still names it), or disclose more with --privacy",
                    whenKept: "the media is kept as it is, and the package discloses what its levels say it withholds",
                    reportedAs: "privacy.media-embedded").resolve(keepAsReceived: keepAsReceived))
                continue
            }
            if !facts.isMetadataComplete {
                warnings.append("\(file.sourcePath): its metadata was not all read (\(facts.unreadPlaces.joined(separator: "; "))); what those places hold is not known, and verification will say privacy is not established (privacy.media-embedded)")
            }
        }
        return warnings
    }
}
