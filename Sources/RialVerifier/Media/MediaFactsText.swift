import Foundation
import RialMedia

/// How the media's facts are said in results.
package enum MediaFactsText {
    /// "H.264 video 1920×1080 (displayed 1080×1920), 180 frames, 6.000 s, MP4 (isom)".
    package static func summary(_ facts: MediaFacts) -> String {
        let container = "\(facts.container.formatName)\(facts.container.majorBrand.map { " (\($0.trimmingCharacters(in: .whitespaces)))" } ?? "")"
        if let video = facts.video {
            var parts = ["\(video.codec) video \(video.codedWidth)×\(video.codedHeight)"]
            if video.displayWidth != video.codedWidth || video.displayHeight != video.codedHeight {
                parts[0] += " (displayed \(video.displayWidth)×\(video.displayHeight))"
            }
            if video.containerSizeDisagrees {
                parts[0] += " (the container declares \(video.containerSize.width)×\(video.containerSize.height))"
            }
            if let frames = video.frameCount { parts.append("\(frames) frames") }
            if let duration = video.duration ?? facts.duration { parts.append(String(format: "%.3f s", duration.seconds)) }
            return "read by the media libraries: " + (parts + [container]).joined(separator: ", ")
        }
        if let image = facts.image {
            let depth = image.depthSize.map { ", depth image \($0.width)×\($0.height)" } ?? ""
            return "read by the media libraries: \(image.codec ?? "image") \(image.codedSize.width)×\(image.codedSize.height)\(depth), \(container)"
        }
        return "read by the media libraries: \(container), no video or image stream"
    }

    /// The IANA media type the content shows.
    package static func mediaType(_ facts: MediaFacts) -> String {
        switch facts.container.kind {
        case .jpeg: return "image/jpeg"
        case .heif: return "image/heic"
        // No ftyp at all: a QuickTime movie from before ftyp existed (its first atom is moov or mdat).
        case .isoMovie: return facts.container.majorBrand.map { $0.hasPrefix("qt") } ?? true ? "video/quicktime" : "video/mp4"
        }
    }
}
