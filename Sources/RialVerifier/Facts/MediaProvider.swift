import RialFormat

/// The media's facts, each established once when a check first asks, and only where the media
/// check applies (a package, or a bag that states a rial manifest of a version this verifier
/// reads): the copy given with `--media`, hashed (``Fact/externalMedia``: a multi-GiB file is
/// not read for a plain bag, a package that will be refused, or a run whose checks never ask),
/// and what the media libraries say each media file is (``Fact/media``: waits for the probes the
/// scan started, or starts them), unless the policy says not to examine media.
final class MediaProvider {
    private var externalMemo: FactMemo<ExternalMediaDigest?>
    private var examinationMemo: FactMemo<MediaExamination?>

    /// - Parameter externalMedia: a digest of the `--media` copy already taken (tests); `nil`
    ///   hashes the policy's ``VerificationPolicy/externalMedia`` when first asked.
    init(log: FactLog, externalMedia: ExternalMediaDigest?) {
        externalMemo = externalMedia.map { FactMemo(.externalMedia, log: log, given: $0) } ?? FactMemo(.externalMedia, log: log)
        examinationMemo = FactMemo(.media, log: log)
    }

    func externalMedia(_ context: VerificationContext) -> ExternalMediaDigest? {
        externalMemo.value {
            guard let path = context.policy.externalMedia, Self.judgesMedia(context) else { return nil }
            return ExternalMediaDigest(path: path)
        }
    }

    /// `nil` where the media is not examined (a plain bag, a version this verifier does not
    /// read, or the policy says not to).
    func examination(_ context: VerificationContext) -> MediaExamination? {
        examinationMemo.value {
            guard context.policy.examinesMedia, Self.judgesMedia(context) else { return nil }
            return MediaExamination(context)
        }
    }

    /// Whether the media check applies: the rial parts are judged, in a manifest version this
    /// verifier reads.
    private static func judgesMedia(_ context: VerificationContext) -> Bool {
        guard context.judgesRialParts else { return false }
        if case .failure(let error)? = context.manifest { return error.code != .unsupportedVersion }
        return true
    }
}
