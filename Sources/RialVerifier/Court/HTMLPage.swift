import RialFormat

/// The sections of the court report, appended in order. Strings from the package go through
/// ``HTMLReportRenderer/html(_:)``; everything else is this program's own text.
struct HTMLPage {
    private(set) var html = ""

    private func h(_ text: String) -> String { HTMLReportRenderer.html(text) }

    mutating func header(_ report: VerificationReport) {
        html += """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Verification report: \(h(report.subjectPath))</title>
        <style>\(Self.style)</style></head><body>
        <header><h1>Evidence package verification report</h1>
        <p class="file">\(h(report.subjectPath))</p></header>

        """
    }

    mutating func verdict(_ report: VerificationReport) {
        let failed = report.count(.fail)
        let (title, words): (String, String)
        switch report.verdict {
        case .pass:
            title = "VERIFIED"
            words = "Every file in this package matches its manifests, and nothing was added, removed or changed. \(report.count(.notPresent) + report.count(.notChecked)) items were not present or could not be checked; they are listed below and are not part of this result."
        case .fail:
            title = "FAILED"
            words = "\(failed) check\(failed == 1 ? "" : "s") failed. The package is not as it was sealed or packed: do not rely on its content. The failures are listed first below."
        case .error:
            title = "NOT VERIFIED"
            words = "The file could not be verified, so nothing is said about its content: \(report.error?.reason ?? "unknown error")"
        }
        html += "<section class=\"verdict \(report.verdict.rawValue)\"><p class=\"big\">\(title)</p><p>\(h(words))</p>"
        if let error = report.error {
            html += "<p class=\"mono\">Code \(h(error.code.rawValue))\(error.location.map { " · where: " + h($0) } ?? "")</p>"
        }
        html += "</section>\n"
    }

    mutating func identity(_ report: VerificationReport) {
        html += "<section><h2>The package</h2><table class=\"facts\">"
        row("File", h(report.subjectPath))
        row("Package id", report.packageID.map(h) ?? "—")
        if let hash = report.manifestSHA256 {
            row("Fingerprint", "<span class=\"mono hash\">\(hash)</span><br><small>SHA-256 of rial/manifest.json, which lists every file with its SHA-256 and SHA-512. This is the one hash to write in custody notes.</small>")
        }
        row("Verified at", report.verifiedAt.rfc3339 + " (UTC)")
        row("Verified by", "\(RialToolkit.name) \(RialToolkit.version)")
        row("Checks", "\(report.count(.pass)) passed, \(report.count(.fail)) failed, \(report.count(.notPresent)) not present, \(report.count(.notChecked)) not checked")
        html += "</table></section>\n"
    }

    mutating func trust(_ report: VerificationReport) {
        html += "<section><h2>Who made it, and when</h2><table class=\"facts\">"
        if let seal = report.seal { row("Seal", h(TextReportRenderer.sealLine(seal))) }
        if let timestamp = report.timestamp { row("Trusted time", h(TextReportRenderer.timestampLine(timestamp))) }
        for attestation in report.appTime?.attestations ?? [] { row("Capture time", h(TextReportRenderer.capturedLine(attestation))) }
        if let clock = report.appTime?.clockStatement { row("App clock", h(clock)) }
        html += "</table><p class=\"note\">A signer or time-stamp authority is trusted only if it chains to a certificate the person verifying supplied; certificates inside the package never count.</p></section>\n"
    }

    mutating func capture(_ capture: CaseOverview.Capture, check: CheckResult?) {
        html += "<section><h2>The capture, as the package states it</h2><table class=\"facts\">"
        row("Media", [capture.mediaType, capture.mode.map { $0 == "hash_only" ? "hash only (media held apart)" : "media included" }].compactMap { $0 }.map(h).joined(separator: ", "))
        row("Device", capture.device.map(h) ?? "<em>withheld</em>")
        row("Time", capture.time.map(h) ?? "<em>withheld</em>")
        row("Place", capture.place.map(h) ?? "<em>withheld</em>")
        if let frames = capture.frameCount { row("Frames", String(frames) + (capture.durationMs.map { ", \(Double($0) / 1000) s" } ?? "")) }
        if let sha = capture.mediaSHA256 { row("Media SHA-256", "<span class=\"mono hash\">\(h(sha))</span>") }
        if let privacy = capture.privacy { row("Disclosure", h(privacy)) }
        html += "</table><p class=\"note\">From rial/metadata.json, within the disclosure levels above. Held against the evidence by the check metadata.normalised: <b>\(check.map { $0.status.label } ?? "NOT PRESENT")</b>.</p></section>\n"
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
        case .fail?: verdict = "The chain is broken: a frame, depth keyframe or timestamp differs from what was chained." + (allRecomputed ? "" : " Some links before the break could not be recomputed (grey).")
        default: verdict = "The links could not be recomputed (\(h(links?.message ?? "no frame material"))); the chain's structure was checked."
        }
        html += """
        <section><h2>The frame hash chain</h2>\(svg)
        <p class="legend"><span class="sw" style="background:\(base)"></span> \(chain.frameCount) frames, each hash covering the frame, its depth keyframe, its time and the hash before · <span class="sw" style="background:#000"></span> \(chain.checkpointFrames.count) checkpoints · <span class="sw" style="background:#1565c0"></span> \(chain.depthFrames.count) depth keyframes\(chain.firstBrokenFrame == nil ? "" : " · <span class=\"sw\" style=\"background:#c62828\"></span> broken")</p>
        <p>\(verdict) Final hash <span class="mono hash">\(h(chain.finalHash))</span>.</p></section>

        """
    }

    mutating func depth(_ thumbnails: [DepthThumbnail]) {
        html += "<section><h2>Depth keyframes</h2><div class=\"thumbs\">"
        for thumbnail in thumbnails {
            let valid = thumbnail.cells.compactMap { $0 }
            let near = valid.min() ?? 0
            let far = valid.max() ?? 0
            var svg = "<svg viewBox=\"0 0 \(thumbnail.columns) \(thumbnail.rows)\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"depth heat map\">"
            for (index, cell) in thumbnail.cells.enumerated() {
                let fill = cell.map { Self.heat(far > near ? Double(($0 - near) / (far - near)) : 0) } ?? "#bdbdbd"
                svg += "<rect x=\"\(index % thumbnail.columns)\" y=\"\(index / thumbnail.columns)\" width=\"1.02\" height=\"1.02\" fill=\"\(fill)\"/>"
            }
            svg += "</svg>"
            html += "<figure>\(svg)<figcaption>frame \(thumbnail.frameNumber) · \(Self.metres(near))–\(Self.metres(far)) m</figcaption></figure>"
        }
        html += "</div><p class=\"note\">Heat maps of the LiDAR depth (yellow near, purple far, grey no reading), averaged to at most \(DepthThumbnail.maxCells) cells across. They illustrate; the proof is the checks.</p></section>\n"
    }

    mutating func custody(_ custody: CustodySummary) {
        html += "<section><h2>Chain of custody</h2><p>\(h(TextReportRenderer.custodyLine(custody)))</p>"
        guard !custody.entries.isEmpty else { html += "</section>\n"; return }
        html += "<table class=\"list\"><colgroup><col style=\"width:5%\"><col style=\"width:17%\"><col style=\"width:30%\"><col style=\"width:18%\"><col style=\"width:11%\"><col></colgroup><thead><tr><th>#</th><th>When (UTC)</th><th>What</th><th>Who</th><th>Signature</th><th>Findings</th></tr></thead><tbody>"
        for entry in custody.entries {
            let event = entry.event
            let who = event.map { [$0.actor.name, $0.actor.role].compactMap { $0 }.joined(separator: ", ") } ?? "—"
            let problems = entry.problems.isEmpty ? "—" : h(entry.problems.joined(separator: ", "))
            html += "<tr class=\"\(entry.problems.isEmpty ? "" : "bad")\"><td>\(entry.seq)</td><td>\(event.map { h($0.timestamp.rfc3339) } ?? "—")</td><td>\(event.map { h($0.action.rawValue) } ?? "unreadable")<br><small>\(event.map { h($0.details) } ?? "")</small></td><td>\(h(who))</td><td>\(h(entry.signature.rawValue))</td><td>\(problems)</td></tr>"
        }
        html += "</tbody></table></section>\n"
    }

    mutating func checks(_ report: VerificationReport) {
        html += "<section><h2>Every check</h2><table class=\"list\"><colgroup><col style=\"width:11%\"><col style=\"width:31%\"><col style=\"width:22%\"><col></colgroup><thead><tr><th>Result</th><th>Check</th><th>About</th><th>Finding</th></tr></thead><tbody>"
        let ordered = report.checks.filter { $0.status == .fail } + report.checks.filter { $0.status != .fail }
        for check in ordered {
            var finding = h(check.message)
            if let expected = check.expected { finding += "<br><small>expected <span class=\"mono\">\(h(expected))</span></small>" }
            if let actual = check.actual { finding += "<br><small>actual <span class=\"mono\">\(h(actual))</span></small>" }
            html += "<tr><td><span class=\"st \(check.status.rawValue)\">\(check.status.label)</span></td><td class=\"mono code\">\(h(check.code.rawValue).replacingOccurrences(of: ".", with: ".<wbr>"))</td><td>\(h(check.subject))\(check.seq.map { " (event \($0))" } ?? "")</td><td>\(finding)</td></tr>"
        }
        html += "</tbody></table>"
        for warning in report.warnings { html += "<p class=\"note\">Warning: \(h(warning))</p>" }
        html += "<p class=\"note\">PASS: checked and holds. FAIL: checked and does not hold. NOT PRESENT: the package carries no such part. NOT CHECKED: present but could not be evaluated, with the reason; never counted as a pass.</p></section>\n"
    }

    mutating func reverify(_ report: VerificationReport) {
        let file = h(report.subjectPath)
        let root = h(report.packageID ?? "PACKAGE-DIRECTORY")
        html += """
        <section><h2>Verify it again, without rial</h2>
        <p>The package is an uncompressed tar archive holding one BagIt bag (RFC 8493). With standard tools:</p>
        <pre>tar -xf \(file)
        cd \(root)
        sha256sum rial/manifest.json        # must print the fingerprint above
        sha256sum -c manifest-sha256.txt    # every payload file
        sha256sum -c tagmanifest-sha256.txt # every tag file
        python3 -m bagit --validate .       # an independent BagIt validator</pre>
        <p>README.txt inside the package gives the full procedure, including the <span class="mono">openssl cms -verify</span> and <span class="mono">openssl ts -verify</span> commands for a seal and a trusted timestamp.</p></section>

        """
    }

    mutating func footer() {
        html += "<footer>Generated by \(RialToolkit.name) \(RialToolkit.version). Strings from the package are shown escaped: invisible and control characters appear as \\u{…}.</footer></body></html>\n"
    }

    private mutating func row(_ label: String, _ value: String) {
        html += "<tr><th>\(label)</th><td>\(value)</td></tr>"
    }

    /// A viridis-like ramp, yellow (0, near) to purple (1, far).
    static func heat(_ t: Double) -> String {
        let stops: [(Double, Double, Double)] = [(253, 231, 37), (94, 201, 98), (33, 145, 140), (59, 82, 139), (68, 1, 84)]
        let position = min(max(t.isFinite ? t : 0, 0), 1) * Double(stops.count - 1)
        let low = min(Int(position), stops.count - 2)
        let f = position - Double(low)
        let (a, b) = (stops[low], stops[low + 1])
        func mix(_ x: Double, _ y: Double) -> Int { Int((x + (y - x) * f).rounded()) }
        return "rgb(\(mix(a.0, b.0)),\(mix(a.1, b.1)),\(mix(a.2, b.2)))"
    }

    static func metres(_ value: Float) -> String {
        value.isFinite ? String(Double((value * 100).rounded()) / 100) : "?"
    }

    static let style = """
    @page{size:auto;margin:14mm}
    body{font:10.5pt/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:#111;max-width:180mm;margin:0 auto;padding:8mm}
    h1{font-size:17pt;margin:0}h2{font-size:12.5pt;border-bottom:1px solid #999;margin:18px 0 6px;break-after:avoid}
    .file{color:#444;margin:2px 0 10px;word-break:break-all}
    .verdict{border:3px solid;padding:8px 12px;margin:10px 0;-webkit-print-color-adjust:exact;print-color-adjust:exact}
    .verdict .big{font-size:22pt;font-weight:bold;margin:0}
    .verdict.pass{border-color:#2e7d32;background:#e8f5e9}.verdict.fail{border-color:#c62828;background:#ffebee}.verdict.error{border-color:#ef6c00;background:#fff3e0}
    table{border-collapse:collapse;width:100%;table-layout:fixed}td,th{vertical-align:top;text-align:left;padding:3px 6px;border-bottom:1px solid #ddd;overflow-wrap:anywhere}
    table.facts th{width:28%;color:#333}table.list{font-size:9pt}tr{break-inside:avoid}
    .mono{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;overflow-wrap:anywhere}.code{overflow-wrap:normal;font-size:8.5pt}.hash{word-break:break-all;font-size:9pt}
    .st{font-weight:bold;padding:0 3px;-webkit-print-color-adjust:exact;print-color-adjust:exact}
    .st.pass{color:#1b5e20}.st.fail{color:#fff;background:#c62828}.st.not_present,.st.not_checked{color:#555;background:#eee}
    tr.bad td{background:#ffebee}.bad{fill:#c62828;font-weight:bold}
    svg.chain{width:100%;height:auto;font-size:12px;-webkit-print-color-adjust:exact;print-color-adjust:exact}
    .legend{font-size:9pt}.sw{display:inline-block;width:10px;height:10px;vertical-align:middle;-webkit-print-color-adjust:exact;print-color-adjust:exact}
    .thumbs{display:flex;flex-wrap:wrap;gap:8px}figure{margin:0;width:160px}figure svg{width:160px;height:120px;display:block;-webkit-print-color-adjust:exact;print-color-adjust:exact}
    figcaption{font-size:8.5pt;color:#333}.note{font-size:9pt;color:#444}
    pre{background:#f5f5f5;padding:6px;font-size:9pt;white-space:pre-wrap;word-break:break-all}
    footer{margin-top:16px;font-size:8.5pt;color:#666;border-top:1px solid #ccc;padding-top:4px}
    """
}
