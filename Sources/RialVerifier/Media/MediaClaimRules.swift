import RialFormat
import RialMedia
import RialMediaClaims

/// One metadata file's claims about the media held against what the media libraries read
/// (`schema/SPEC.md` §8.5 check 15a), each within its stated tolerance.
struct MediaClaimRules {
    let facts: MediaFacts
    let path: String
    let claims: MetadataClaims

    /// Two seconds either side of the recording: a container's creation time is written when
    /// recording starts or when the file is finished, in whole seconds.
    static let startTimeSlack: Int64 = 2

    func results() -> [CheckResult] {
        guard let video = facts.video else { return depth() + [captureTime()].compactMap { $0 } }
        return [codec(video), resolution(video), duration(video), frameCount(video), startTime(), captureTime()].compactMap { $0 }
    }

    private var subject: String { claims.source }

    private func codec(_ video: MediaVideo) -> CheckResult? {
        guard let claimed = claims.codec else { return nil }
        guard case .contradicts(let actual) = VideoClaimJudge.codec(claimed, video) else {
            return .pass(.mediaCodec, subject, "codec \(claimed) is the codec of \(path)")
        }
        return .fail(.mediaCodecMismatch, subject, "the stated codec is not the one \(path) is encoded with", expected: actual, actual: claimed)
    }

    /// `resolution` is the encoded video's size (§16.2), not the camera buffers' nor the size
    /// displayed after rotation: the size the stream's parameter sets give, else the container's.
    private func resolution(_ video: MediaVideo) -> CheckResult? {
        guard let claimed = claims.resolution else { return nil }
        switch VideoClaimJudge.resolution(claimed, video) {
        case .agrees:
            let source = video.sizeSource == .parameterSets ? "as its parameter sets give it" : "as its container declares it"
            return .pass(.mediaResolution, subject, "resolution \(claimed) is the encoded size of \(path), \(source)")
        case .unknown(let why):
            return .notChecked(.mediaResolution, subject, "resolution \(claimed) is stated, but of \(path) \(why)")
        case .contradicts(let encoded):
            return .fail(
                .mediaResolutionMismatch, subject, "the stated resolution is not the encoded size of \(path)", expected: encoded, actual: claimed.description)
        }
    }

    /// Within one frame's duration (at the video's average rate, else 1/30 s) plus 1 ms.
    private func duration(_ video: MediaVideo) -> CheckResult? {
        guard let claimed = claims.durationMs else { return nil }
        let tolerance = VideoClaimJudge.durationTolerance(video)
        switch VideoClaimJudge.duration(claimed, video, in: facts) {
        case .agrees(let actual):
            return .pass(.mediaDuration, subject, "duration_ms \(claimed) agrees with \(path)'s \(actual) (within one frame, \(tolerance) ms)")
        case .unknown:
            return .notChecked(.mediaDuration, subject, "duration_ms \(claimed) is stated, but \(path) states no duration")
        case .contradicts(let actual):
            return .fail(
                .mediaDurationMismatch, subject, "the stated duration disagrees with \(path) by more than one frame (\(tolerance) ms)", expected: actual,
                actual: "\(claimed) ms")
        }
    }

    /// Within one frame: an encoder may drop or add one at either end.
    private func frameCount(_ video: MediaVideo) -> CheckResult? {
        guard let claimed = claims.frameCount else { return nil }
        switch VideoClaimJudge.frameCount(claimed, video) {
        case .agrees(let actual): return .pass(.mediaFrameCount, subject, "frame_count \(claimed) agrees with the \(actual) frames of \(path) (within one)")
        case .unknown: return .notChecked(.mediaFrameCount, subject, "frame_count \(claimed) is stated, but the frames of \(path) could not be counted")
        case .contradicts(let actual):
            return .fail(
                .mediaFrameCountMismatch, subject, "the stated frame count disagrees with \(path) by more than one frame", expected: actual,
                actual: String(claimed))
        }
    }

    /// The container's creation time within the recording, two seconds either side.
    private func startTime() -> CheckResult? {
        guard let started = claims.startedAt else { return nil }
        return within(started, claims.endedAt ?? started, key: "started_at")
    }

    /// A photo's `captured_at` against its EXIF `DateTimeOriginal` (with `OffsetTimeOriginal`),
    /// two seconds either side: EXIF states whole seconds.
    private func captureTime() -> CheckResult? {
        guard claims.type == "photo", let captured = claims.capturedAt else { return nil }
        return within(captured, captured, key: "captured_at")
    }

    /// The media's creation time within `started` − 2 s to `ended` + 2 s.
    private func within(_ started: Timestamp, _ ended: Timestamp, key: String) -> CheckResult {
        guard let stated = facts.creationTime, let read = MediaCreationTime.read(facts) else {
            return .notChecked(.mediaStartTime, subject, "\(key) is stated, but \(path) states no creation time")
        }
        let created: Timestamp
        switch read {
        case .success(let time): created = time
        case .failure(let why): return .notChecked(.mediaStartTime, subject, "\(key) is not held against \(path)'s creation time: \(why.reason)")
        }
        let earliest = Timestamp(seconds: started.seconds - Self.startTimeSlack, nanoseconds: started.nanoseconds)
        let latest = Timestamp(seconds: ended.seconds + Self.startTimeSlack, nanoseconds: ended.nanoseconds)
        if !(created < earliest), !(latest < created) {
            return .pass(
                .mediaStartTime, subject,
                "\(path) was created at \(created.rfc3339) (\(stated.tag)), within the \(key == "captured_at" ? "capture" : "recording") \(started.rfc3339) to \(ended.rfc3339) (±\(Self.startTimeSlack) s)"
            )
        }
        return .fail(
            .mediaStartTimeMismatch, subject,
            "\(path)'s creation time (\(stated.tag)) is outside the \(key == "captured_at" ? "capture time" : "recording") (±\(Self.startTimeSlack) s)",
            expected: "\(started.rfc3339) to \(ended.rfc3339)", actual: created.rfc3339)
    }

    /// A photo's depth map size against the HEIC's depth image. A JPEG cannot carry one (the app
    /// exports its depth map as a file of its own, which `metadata.depth-resolution` measures),
    /// so only a HEIF gets a result.
    private func depth() -> [CheckResult] {
        guard let claimed = claims.depthResolution, let image = facts.image, facts.container.kind == .heif else { return [] }
        guard let depth = image.depthSize else {
            return [.notChecked(.mediaDepthResolution, subject, "depth_resolution \(claimed) is stated, but \(path) carries no depth image")]
        }
        if claimed.width == Int64(depth.width), claimed.height == Int64(depth.height) {
            return [.pass(.mediaDepthResolution, subject, "depth_resolution \(claimed) is the size of \(path)'s depth image")]
        }
        return [
            .fail(
                .mediaDepthResolutionMismatch, subject, "the stated depth_resolution is not the size of \(path)'s depth image",
                expected: "\(depth.width)×\(depth.height)", actual: claimed.description)
        ]
    }
}
