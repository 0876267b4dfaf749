/// `fetch.txt` (RFC 8493 §2.2.3): files a bag lists to be fetched from elsewhere, one per
/// line, `URL LENGTH FILEPATH`. rial never fetches; it reads the list to say what it did not
/// check, and refuses an entry whose path would be written outside `data/`.
package struct FetchList: Sendable {
    /// One line.
    package struct Entry: Sendable, Hashable {
        /// 1-based line number.
        package let line: Int
        package let url: String
        /// The stated length in bytes, or `nil` for `-` (unknown).
        package let length: UInt64?
        /// The path the fetched file would take in the bag (percent-decoded as in a manifest).
        package let path: String
    }

    /// One line that cannot be an entry, and why.
    package struct Problem: Sendable, Hashable {
        package let line: Int
        /// What the line names, for a report's subject: its path, or `fetch.txt line N`.
        package let subject: String
        package let reason: String
    }

    package let entries: [Entry]
    package let problems: [Problem]

    /// Parses `fetch.txt`, already converted to UTF-8 (``TagFileEncoding``). Blank lines are
    /// skipped, as bagit-python does.
    /// - Throws: ``FormatError`` `.invalidUTF8`.
    package static func parse(_ bytes: [UInt8]) throws(FormatError) -> FetchList {
        var entries: [Entry] = []
        var problems: [Problem] = []
        for (index, range) in try TextLines.ranges(bytes, file: "fetch.txt").enumerated() {
            let line = index + 1
            let fields = bytes[range].split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).prefix(3)
            guard !fields.isEmpty else { continue }
            guard fields.count == 3, let pathStart = fields.last?.startIndex else {
                problems.append(Problem(line: line, subject: "fetch.txt line \(line)", reason: "is not URL LENGTH FILEPATH"))
                continue
            }
            // The path is the rest of the line: it may hold blanks.
            var end = range.upperBound
            while end > pathStart, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            let path = ManifestPathEncoding.decode(String(decoding: bytes[pathStart..<end], as: UTF8.self))
            let url = String(decoding: fields[fields.startIndex], as: UTF8.self)
            let lengthText = String(decoding: fields[fields.startIndex + 1], as: UTF8.self)
            if let reason = unsafePathReason(path) {
                problems.append(Problem(line: line, subject: path, reason: "its path \(reason): fetching it would write outside data/"))
            } else if !hasScheme(url) {
                problems.append(Problem(line: line, subject: path, reason: "its URL has no scheme (RFC 3986 §3.1): \(QuotedValue.excerpt(url))"))
            } else if lengthText != "-", UInt64(lengthText) == nil {
                problems.append(Problem(line: line, subject: path, reason: "its length is neither a number of bytes nor -: \(QuotedValue.excerpt(lengthText))"))
            } else {
                entries.append(Entry(line: line, url: url, length: UInt64(lengthText), path: path))
            }
        }
        return FetchList(entries: entries, problems: problems)
    }

    /// Why `path` would not stay under `data/`, or `nil`: absolute, `~` (a home directory to a
    /// shell and to Python's `expanduser`), a `..` component, a backslash or a drive letter, or
    /// outside `data/`.
    static func unsafePathReason(_ path: String) -> String? {
        if path.hasPrefix("/") { return "is absolute" }
        if path.hasPrefix("~") { return "starts with ~ (a home directory)" }
        if path.contains("\\") || (path.utf8.count >= 2 && Array(path.utf8)[1] == UInt8(ascii: ":")) { return "is a Windows path" }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains("..") { return "has a '..' component" }
        guard components.first == "data", components.count >= 2, !components.contains("") else { return "is not a file under data/" }
        return nil
    }

    /// Whether `url` starts with a scheme, `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`.
    static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.utf8.firstIndex(of: UInt8(ascii: ":")), colon != url.utf8.startIndex else { return false }
        let scheme = url.utf8[..<colon]
        guard let first = scheme.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) else { return false }
        return scheme.allSatisfy { byte in
            let lower = byte | 0x20
            return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }
}
