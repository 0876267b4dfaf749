import RialFormat
import RialMedia

/// How a stated fact about a video is held against what the media libraries read
/// (`schema/SPEC.md` §8.5 check 15a): one place for the rules and their tolerances, used by the
/// verifier for its results and by `rial pack` to refuse media its own metadata contradicts
/// (§2.1 refusal 17).
package enum VideoClaimJudge {
    /// What one claim comes to.
    package enum Judgement: Equatable, Sendable {
        /// The video agrees (within the tolerance); `actual` is what it says.
        case agrees(actual: String)
        /// The video says `actual`.
        case contradicts(actual: String)
        /// The video's value is not established (`why`): neither agreement nor contradiction.
        case unknown(why: String)
    }

    /// `codec` is the video stream's codec name (`h264`, `hevc`).
    package static func codec(_ claimed: String, _ video: MediaVideo) -> Judgement {
        claimed == video.codec ? .agrees(actual: video.codec) : .contradicts(actual: video.codec)
    }

    /// `resolution` is the encoded size: the parameter sets' for H.264 and HEVC (the container's
    /// declaration is no evidence of the picture when they could not be read), the container's
    /// for another codec.
    package static func resolution(_ claimed: AppMetadata.Dimensions, _ video: MediaVideo) -> Judgement {
        let encoded = "\(video.codedWidth)×\(video.codedHeight)"
        if video.sizeSource == .container, ["h264", "hevc"].contains(video.codec) {
            return .unknown(why: "the parameter sets could not be read; the container declares \(encoded), which is not evidence of the picture's size")
        }
        return claimed.width == Int64(video.codedWidth) && claimed.height == Int64(video.codedHeight) ? .agrees(actual: encoded) : .contradicts(actual: encoded)
    }

    /// `duration_ms` within ``durationTolerance(_:)`` of the track's duration, else the movie's.
    package static func duration(_ claimed: Int64, _ video: MediaVideo, in facts: MediaFacts) -> Judgement {
        guard let actual = (video.duration ?? facts.duration)?.milliseconds else { return .unknown(why: "it states no duration") }
        return abs(claimed - actual) <= durationTolerance(video) ? .agrees(actual: "\(actual) ms") : .contradicts(actual: "\(actual) ms")
    }

    /// One frame at the video's average rate (else 1/30 s), rounded up, plus 1 ms.
    package static func durationTolerance(_ video: MediaVideo) -> Int64 {
        let rate = video.averageFrameRate.map(\.value).flatMap { $0 > 0 ? $0 : nil } ?? 30
        return Int64((1000 / rate).rounded(.up)) + 1
    }

    /// `frame_count` within one frame: an encoder may drop or add one at either end.
    package static func frameCount(_ claimed: Int64, _ video: MediaVideo) -> Judgement {
        guard let actual = video.frameCount else { return .unknown(why: "its frames could not be counted") }
        return abs(claimed - actual) <= 1 ? .agrees(actual: String(actual)) : .contradicts(actual: String(actual))
    }

    /// Each claim of the app's metadata the video contradicts, as (key, code, stated, actual).
    package static func contradictions(of app: AppMetadata, _ facts: MediaFacts) -> [(key: String, code: String, stated: String, actual: String)] {
        guard let video = facts.video else { return [] }
        var found: [(String, String, String, String)] = []
        func note(_ judgement: Judgement, _ key: String, _ code: String, _ stated: String) {
            if case .contradicts(let actual) = judgement { found.append((key, code, stated, actual)) }
        }
        if let claimed = app.codec { note(codec(claimed, video), "codec", "media.codec.mismatch", claimed) }
        if let claimed = app.resolution { note(resolution(claimed, video), "resolution", "media.resolution.mismatch", claimed.description) }
        if let claimed = app.durationMs { note(duration(claimed, video, in: facts), "duration_ms", "media.duration.mismatch", "\(claimed) ms") }
        if let claimed = app.frameCount { note(frameCount(claimed, video), "frame_count", "media.frame-count.mismatch", String(claimed)) }
        return found
    }
}
