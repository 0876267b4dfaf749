import Foundation
import Testing

/// The court report as a person sees it and prints it: headless Chromium (Debian's `chromium`)
/// renders it to a PNG and prints it to PDF, and poppler's `pdftotext` and `pdfinfo` read the PDF
/// back, page by page. The outside oracle for the report's print layout, for the court report
/// `rial report` writes and the one rendered in process alike.
public enum ChromiumPrint {
    /// A paper size, as a reader's print dialog would choose it.
    public enum Paper: String, CaseIterable, Sendable {
        case a4 = "A4"
        case letter = "letter"

        /// What `pdfinfo` names the page size.
        public var pdfinfoName: String { self == .a4 ? "(A4)" : "(letter)" }
    }

    /// A hang guard, at least ten times a normal render (1–4 s).
    public static let timeLimit: TimeInterval = 60

    private static func flags(profile: URL) -> [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--user-data-dir=\(profile.path)"]
    }

    /// Renders `html` to `png`, 900 px wide.
    public static func screenshot(_ html: URL, to png: URL, profile: URL) throws {
        let chromium = try OutsideOracle.tool("chromium")
        let run = Subprocess.execute(
            [chromium] + flags(profile: profile) + ["--window-size=900,1400", "--screenshot=\(png.path)", html.absoluteString],
            cwd: html.deletingLastPathComponent(), timeLimit: timeLimit)
        try #require(!run.timedOut && FileManager.default.fileExists(atPath: png.path), "no screenshot: \(run)")
    }

    /// Prints `html` to `pdf` on `paper`, as a person printing from Chromium would, except that
    /// Chromium's own header and footer are off (`--no-pdf-header-footer`): every header and
    /// footer in the PDF is the report's. The report says `@page { size: auto }`; choosing a
    /// paper is simulated by a copy of the page with `@page { size: <paper> }` added after it,
    /// which overrides the size and nothing else.
    public static func printPDF(_ html: URL, paper: Paper, to pdf: URL, profile: URL) throws {
        let chromium = try OutsideOracle.tool("chromium")
        let page = try String(contentsOf: html, encoding: .utf8)
        let sized = html.deletingPathExtension().appendingPathExtension("\(paper.rawValue).html")
        try Data(page.replacingOccurrences(of: "</head>", with: "<style>@page{size:\(paper.rawValue)}</style></head>").utf8).write(to: sized)
        let run = Subprocess.execute(
            [chromium] + flags(profile: profile) + ["--no-pdf-header-footer", "--print-to-pdf=\(pdf.path)", sized.absoluteString],
            cwd: html.deletingLastPathComponent(), timeLimit: timeLimit)
        try #require(!run.timedOut && FileManager.default.fileExists(atPath: pdf.path), "no PDF: \(run)")
    }

    /// `pdfinfo`'s Pages and Page size.
    public static func info(_ pdf: URL) throws -> (pages: Int, size: String) {
        let result = Subprocess.execute([try OutsideOracle.tool("pdfinfo"), pdf.path], cwd: pdf.deletingLastPathComponent())
        try #require(result.status == 0, "\(result)")
        func value(_ key: String) -> String {
            result.output.split(separator: "\n").first { $0.hasPrefix(key + ":") }
                .map { String($0.dropFirst(key.count + 1)).trimmingCharacters(in: .whitespaces) } ?? ""
        }
        return (Int(value("Pages")) ?? 0, value("Page size"))
    }

    /// The PDF's text: of one page (`-f n -l n`) or all; in reading order, or with `-layout`
    /// (each printed line one line, columns side by side).
    public static func text(_ pdf: URL, page: Int? = nil, layout: Bool = false) throws -> String {
        var arguments = [try OutsideOracle.tool("pdftotext")]
        if let page { arguments += ["-f", String(page), "-l", String(page)] }
        if layout { arguments.append("-layout") }
        let result = Subprocess.execute(arguments + [pdf.path, "-"], cwd: pdf.deletingLastPathComponent())
        try #require(result.status == 0, "\(result)")
        return result.output
    }

    /// The lines of `-layout` text printed in the page's body: the report's own running header
    /// and footer (package id and verdict; time, version and page number) left out.
    public static func bodyLines(_ layoutText: String) -> [String] {
        layoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\u{0C}")))
            let header = trimmed.hasPrefix("Evidence package ") && trimmed.contains("Verification report:")
            let footer = trimmed.range(of: #"page [0-9]+ of [0-9]+$"#, options: .regularExpression) != nil
            return !header && !footer
        }
    }

    /// The text a browser shows of `html`: no head (title, style), inline tags (`span`, `b`,
    /// `small`, `em`, and `<wbr>`, a break opportunity) gone without a trace, every other tag a
    /// space, entities decoded.
    public static func visibleText(_ html: String) -> String {
        var text = html
        if let head = text.range(of: "<head>"), let end = text.range(of: "</head>") { text.removeSubrange(head.lowerBound..<end.upperBound) }
        text = text.replacingOccurrences(of: "</?(span|b|small|em|wbr)( [^>]*)?>", with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// How often `token` occurs in `text`, without overlaps.
    public static func occurrences(of token: String, in text: String) -> Int {
        text.components(separatedBy: token).count - 1
    }

    /// Whether the words of `phrase` occur in `text` in order, at most `gap` words apart: a
    /// phrase in a narrow table column wraps, and pdftotext's reading order may put the next
    /// column's words between its lines. Hyphens are ignored, as pdftotext joins a word broken
    /// after its hyphen ("time-" / "stamping" reads "timestamping").
    public static func containsInOrder(_ phrase: String, in text: String, gap: Int = 12) -> Bool {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map { $0.replacingOccurrences(of: "-", with: "") }
        let wanted = phrase.split(whereSeparator: { $0.isWhitespace }).map { $0.replacingOccurrences(of: "-", with: "") }
        guard let first = wanted.first else { return true }
        for start in words.indices where words[start] == first {
            var position = start
            var matched = true
            for word in wanted.dropFirst() {
                guard let next = words[(position + 1)...].prefix(gap + 1).firstIndex(of: word) else { matched = false; break }
                position = next
            }
            if matched { return true }
        }
        return false
    }

    /// `text` with every run of white space made one space.
    public static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
