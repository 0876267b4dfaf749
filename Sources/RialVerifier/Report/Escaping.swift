import RialFormat

/// Makes strings from a package safe to print: control characters, terminal escapes and
/// bidirectional overrides are shown as `\u{…}` instead of acting on the reader's terminal,
/// and a string longer than ``maxCharacters`` is shortened, saying by how much (a 10,000-
/// character name would otherwise bury the report; the JSON report keeps it whole).
package enum Escaping {
    package static let maxCharacters = 1024

    package static func visible(_ text: String) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            count += 1
            if count > maxCharacters {
                let rest = text.unicodeScalars.count - maxCharacters
                out += "…(\(rest) more characters)"
                break
            }
            if InvisibleCharacters.contains(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Each line of `text` made visible; the line breaks themselves kept.
    package static func visibleLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { visible(String($0)) }.joined(separator: "\n")
    }
}
