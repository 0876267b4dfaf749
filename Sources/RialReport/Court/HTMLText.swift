import RialVerifier
/// Text for the court report that prints as well as it reads: every string escaped
/// (``HTMLReportRenderer/html(_:)``), and the tokens a reader compares or cites (dates, codes,
/// ids, action names, status words, digests) kept whole on one line.
///
/// A date broken after "2026-" or a code after "custody.signer.untr" reads as two things on
/// paper, and a digest broken anywhere cannot be compared group by group. So tokens never wrap
/// (`white-space: nowrap`), and a digest may wrap only between fixed groups of 16 hex digits,
/// at a `<wbr>` (it copies as one string when it fits on a line).
enum HTMLText {
    /// The number of hex digits a digest is grouped by.
    static let digestGroup = 16

    /// `text` escaped, as one unbreakable token.
    static func token(_ text: String, _ className: String? = nil) -> String {
        "<span class=\"nw\(className.map { " " + $0 } ?? "")\">\(HTMLReportRenderer.html(text))</span>"
    }

    /// `text` as one token when it is short enough to fit a narrow column, else as ``prose(_:)``:
    /// for values from the package that are cited whole (a case number), whose length the
    /// package decides.
    static func cited(_ text: String) -> String {
        text.count <= maxTokenLength ? token(text) : prose(text)
    }

    /// A digest (or any hex string) in groups of 16 digits, each unbreakable, with a break
    /// opportunity between groups and nowhere else.
    static func digest(_ hex: String) -> String {
        let groups = stride(from: 0, to: hex.count, by: digestGroup).map { start -> String in
            let from = hex.index(hex.startIndex, offsetBy: start)
            let to = hex.index(from, offsetBy: min(digestGroup, hex.count - start))
            return "<span class=\"nw\">\(HTMLReportRenderer.html(String(hex[from..<to])))</span>"
        }
        return "<span class=\"mono hash\">" + groups.joined(separator: "<wbr>") + "</span>"
    }

    /// Free text (a finding, a subject, a value from the package), escaped, with the tokens in
    /// it kept whole: digests grouped as ``digest(_:)``, and dates, codes, ids and other words
    /// joined by `-`, `.`, `:` or `_` unbreakable when short enough to fit a narrow column.
    /// Longer words may still wrap anywhere, so hostile input cannot push the page wider.
    static func prose(_ text: String) -> String {
        // Made visible (and shortened) whole first, as every string from the package is.
        Escaping.visible(text).split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let (lead, core, trail) = punctuated(word)
            if isDigest(core) {
                return HTMLReportRenderer.html(lead) + digest(core) + HTMLReportRenderer.html(trail)
            }
            if word.count <= maxTokenLength, word.contains(where: { "-.:_".contains($0) }) {
                return token(String(word))
            }
            return HTMLReportRenderer.html(String(word))
        }.joined(separator: " ")
    }

    /// A word split into the punctuation that may surround a digest in a sentence, and the rest.
    private static func punctuated(_ word: Substring) -> (lead: String, core: String, trail: String) {
        let marks = ",;:.!?()[]\"'"
        let lead = word.prefix { marks.contains($0) }
        let rest = word.dropFirst(lead.count)
        let trail = String(rest.reversed().prefix { marks.contains($0) }.reversed())
        return (String(lead), String(rest.dropLast(trail.count)), trail)
    }

    /// Long enough to be a digest, not a word: 32 or more hex digits.
    static func isDigest(_ text: String) -> Bool {
        text.count >= 32 && text.allSatisfy(\.isHexDigit)
    }

    /// The longest word ``prose(_:)`` keeps whole: a UUID, an RFC 3339 time with its fraction,
    /// the longest check code.
    static let maxTokenLength = 40
}
