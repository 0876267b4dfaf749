import RialVerifier
extension HTMLPage {
    mutating func capture(_ capture: CaseOverview.Capture, check: CheckResult?) {
        append("<section><h2>The capture, as the package states it</h2><table class=\"facts\">")
        row(
            "Media",
            [capture.mediaType, capture.mode.map { $0 == "hash_only" ? "hash only (media held apart)" : "media included" }].compactMap { $0 }.map(h).joined(
                separator: ", "))
        row("Device", capture.device.map(HTMLText.prose) ?? "<em>withheld</em>")
        row("Time", capture.time.map { HTMLText.cited($0) } ?? "<em>withheld</em>")
        switch (capture.place, capture.coordinates) {
        case (nil, nil): row("Place", "<em>withheld</em>")
        case (let place?, nil): row("Place", HTMLText.prose(place))
        case (nil, let coordinates?): row("Place", "coordinates \(HTMLText.prose(coordinates))<br><small>The metadata names no city or country.</small>")
        case (let place?, let coordinates?): row("Place", "\(HTMLText.prose(place))<br><small>coordinates \(HTMLText.prose(coordinates))</small>")
        }
        if let frames = capture.frameCount { row("Frames", String(frames) + (capture.durationMs.map { ", \(Double($0) / 1000) s" } ?? "")) }
        if let sha = capture.mediaSHA256 { row("Media SHA-256", HTMLText.digest(sha)) }
        if let privacy = capture.privacy { row("Disclosure", PlainWords.disclosure(privacy).joined(separator: "<br>")) }
        append(
            "</table><p class=\"note\">From rial/metadata.json, within the disclosure above. Held against the evidence by the check \(HTMLText.token("metadata.normalised", "mono")): <b>\(HTMLText.token(check.map { $0.status.label } ?? "NOT PRESENT"))</b>.</p></section>\n"
        )
    }

    mutating func chain(_ chain: CaseOverview.Chain, links: CheckResult?, allRecomputed: Bool) {
        let count = max(chain.frameCount, 1)
        func x(_ frame: Int64) -> Double { 20 + Double(frame - 1) / Double(max(count - 1, 1)) * 920 }
        // A broken chain reports chain.link.broken, not chain.links.
        let linkStatus = chain.firstBrokenFrame != nil ? CheckStatus.fail : links?.status
        let base = allRecomputed ? "#2e7d32" : "#9e9e9e"
        var svg = "<svg class=\"chain\" viewBox=\"0 0 960 96\" role=\"img\" aria-label=\"frame hash chain\">"
        svg += "<rect x=\"20\" y=\"36\" width=\"920\" height=\"20\" fill=\"\(base)\"/>"
        if let broken = chain.firstBrokenFrame {
            svg += "<rect x=\"\(x(broken))\" y=\"36\" width=\"\(940 - x(broken))\" height=\"20\" fill=\"#c62828\"/>"
            svg += "<text x=\"\(x(broken))\" y=\"88\" class=\"bad\">broken from frame \(broken)</text>"
        }
        for frame in chain.depthFrames { svg += "<line x1=\"\(x(frame))\" y1=\"56\" x2=\"\(x(frame))\" y2=\"66\" stroke=\"#1565c0\"/>" }
        for frame in chain.checkpointFrames { svg += "<line x1=\"\(x(frame))\" y1=\"26\" x2=\"\(x(frame))\" y2=\"56\" stroke=\"#000\" stroke-width=\"2\"/>" }
        svg += "<text x=\"20\" y=\"18\">frame 1</text><text x=\"940\" y=\"18\" text-anchor=\"end\">frame \(chain.frameCount)</text></svg>"
        let verdict: String
        switch linkStatus {
        case .pass?: verdict = "Every link was recomputed from the frames and matches."
        case .fail?:
            verdict =
                "The chain is broken: a frame, depth keyframe or timestamp differs from what was chained."
                + (allRecomputed ? "" : " Some links before the break could not be recomputed (grey).")
        default: verdict = "The links could not be recomputed (\(HTMLText.prose(links?.message ?? "no frame material"))); the chain's structure was checked."
        }
        append(
            """
            <section><h2>The frame hash chain</h2>\(svg)
            <p class="legend"><span class="sw" style="background:\(base)"></span> \(chain.frameCount) frames, each hash covering the frame, its depth keyframe, its time and the hash before · <span class="sw" style="background:#000"></span> \(chain.checkpointFrames.count) checkpoints · <span class="sw" style="background:#1565c0"></span> \(chain.depthFrames.count) depth keyframes\(chain.firstBrokenFrame == nil ? "" : " · <span class=\"sw\" style=\"background:#c62828\"></span> broken")</p>
            <p>\(verdict) Final hash \(HTMLText.digest(chain.finalHash)).</p></section>

            """)
    }
}
