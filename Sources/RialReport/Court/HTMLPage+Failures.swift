import RialVerifier
extension HTMLPage {
    /// What failed, where, and what it means: right under the verdict, so the first page says
    /// it, however many checks passed. The full findings stay under "Every check".
    mutating func failures(_ report: VerificationReport) {
        let summary = FailureSummary(report)
        guard !summary.lines.isEmpty else { return }
        append(
            "<section class=\"failures\"><h2>What failed, and where</h2><table class=\"list\"><thead><tr><th>Where</th><th>What it means, and what was found</th></tr></thead><tbody>"
        )
        for line in summary.shown {
            let place = (line.seq.map { "custody event \(HTMLText.token(String($0)))<br>" } ?? "") + HTMLText.prose(line.subject)
            let codes = line.codes.map { HTMLText.token($0, "mono code") }.joined(separator: ", ")
            append("<tr><td>\(place)</td><td>\(h(line.meaning))<br><small>\(HTMLText.prose(line.finding)) (\(codes))</small></td></tr>")
        }
        append("</tbody></table>")
        if summary.hiddenCount > 0 {
            append("<p class=\"note\">\(summary.hiddenCount) more under “Every check”, with every finding in full.</p>")
        }
        append("</section>\n")
    }
}
