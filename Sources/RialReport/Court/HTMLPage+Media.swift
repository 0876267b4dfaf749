import RialVerifier
import Foundation
import RialMedia

extension HTMLPage {
    /// What the media libraries read from each media file, beside what the checks made of it: a
    /// judge sees what the video or photo is, not only its digests.
    mutating func media(_ media: [CaseOverview.Media], report: VerificationReport) {
        append("<section><h2>The media itself</h2>")
        for file in media {
            append("<h3>\(HTMLText.prose(file.path))</h3>")
            // Facts of a file that no longer matches its manifests describe the file as it is now,
            // not the evidence that was packed: said first, so they never read as reassurance.
            if report.failures.contains(where: { $0.subject == file.path && report.part(of: $0) == .integrity }) {
                append(
                    "<p><b>This file is not the one that was packed</b> (it fails its manifests): what follows describes the file as it is now, and vouches for nothing.</p>"
                )
            }
            guard let facts = file.facts else {
                append("<p>Not read: \(HTMLText.prose(file.unread ?? "unknown"))</p>")
                continue
            }
            append("<table class=\"facts\">")
            mediaFacts(facts)
            append("</table>")
        }
        let results = report.checks.filter { $0.code.isIn(.media) || $0.code == .privacyMediaEmbedded }
        let counts = [CheckStatus.pass, .fail, .notChecked].map { status in "\(results.filter { $0.status == status }.count) \(status.label.lowercased())" }
        let changed =
            report.basis.failedParts.contains(.integrity)
            ? " The package fails its integrity checks: these results describe the files as they are now, not as they were packed." : ""
        append(
            """
            <p class="note">Read in place from the package, never extracted, by rial's media probe (FFmpeg's libavformat, libheif, libexif) in a confined process; nothing was decoded. What the media is was held against every claim about it by the \(HTMLText.token("media.*", "mono")) and \(HTMLText.token("privacy.media-embedded", "mono")) checks: \(counts.joined(separator: ", ")).\(changed)</p></section>

            """)
    }

    /// The media was not examined: said, so its absence is not read as a clean bill.
    mutating func mediaNotExamined(_ reason: String) {
        append("<section><h2>The media itself</h2><p>Not examined: \(HTMLText.prose(reason))</p></section>\n")
    }

    private mutating func mediaFacts(_ facts: MediaFacts) {
        let brand = facts.container.majorBrand.map { ", brand \(HTMLText.token($0.trimmingCharacters(in: .whitespaces)))" } ?? ""
        row("Container", "\(HTMLText.token(facts.container.formatName))\(brand) · \(HTMLText.token(MediaFactsText.mediaType(facts))) by its content")
        if let video = facts.video {
            var picture =
                "\(HTMLText.token(video.codec))\(video.codecTag.map { " (\(HTMLText.token($0)))" } ?? ""), encoded \(video.codedWidth)×\(video.codedHeight)"
            if video.displayWidth != video.codedWidth || video.displayHeight != video.codedHeight || video.rotation != 0 {
                picture += ", displayed \(video.displayWidth)×\(video.displayHeight) (rotated \(Int(video.rotation))°)"
            }
            if video.containerSizeDisagrees {
                picture += "; the container declares \(video.containerSize.width)×\(video.containerSize.height)"
            }
            row("Video", picture)
            var timing: [String] = []
            if let frames = video.frameCount { timing.append("\(frames) frames") }
            if let rate = video.averageFrameRate, rate.value > 0 { timing.append(String(format: "%.3f frames/s", rate.value)) }
            if let duration = video.duration ?? facts.duration { timing.append(String(format: "%.3f s", duration.seconds)) }
            if !timing.isEmpty { row("Length", timing.joined(separator: ", ")) }
        }
        if let image = facts.image {
            var picture = "\(HTMLText.token(image.codec ?? "image")), \(image.codedSize.width)×\(image.codedSize.height)"
            if image.displaySize != image.codedSize { picture += ", displayed \(image.displaySize.width)×\(image.displaySize.height)" }
            row("Image", picture)
            row("Depth image", image.depthSize.map { "\($0.width)×\($0.height)" } ?? "none")
        }
        row("Created", tagged(facts.creationTime))
        row("Embedded location", facts.location.map { "\(HTMLText.prose($0.text)) <small>(\(HTMLText.token($0.tag, "mono")))</small>" } ?? "none")
        row("Make", tagged(facts.make))
        row("Model", tagged(facts.model))
        row("Software", tagged(facts.software))
    }

    private func tagged(_ value: MediaTagValue?) -> String {
        guard let value else { return "none" }
        return "\(HTMLText.prose(value.text)) <small>(\(HTMLText.token(value.tag, "mono")))</small>"
    }
}
