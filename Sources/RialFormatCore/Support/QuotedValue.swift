/// A value read from a package, as a message quotes it: whole when it is short, otherwise its
/// beginning and its length. A hostile package can make any value tens of megabytes long (a
/// number, a key, a manifest digest); a message quoting all of it would cost that much memory
/// for every copy of the message and fill a report with it (schema/SPEC.md §8.1).
package enum QuotedValue {
    /// Most Unicode scalars quoted; the rest is summarised by the value's length in bytes.
    package static let maxScalars = 64

    /// `text`, or its first ``maxScalars`` scalars, `…` and its length in bytes, e.g.
    /// `1234567890…(10000000 bytes)`.
    package static func excerpt(_ text: some StringProtocol) -> String {
        guard let head = head(text) else { return String(text) }
        return head + "…(\(text.utf8.count) bytes)"
    }

    /// ``excerpt(_:)`` in double quotes: `"abc"`, or `"1234567890…"(10000000 bytes)`.
    package static func quoted(_ text: some StringProtocol) -> String {
        guard let head = head(text) else { return "\"\(text)\"" }
        return "\"\(head)…\"(\(text.utf8.count) bytes)"
    }

    /// The first ``maxScalars`` scalars, or nil when that is all of `text`. Scalars, not
    /// characters: one character can be made of millions of combining marks.
    private static func head(_ text: some StringProtocol) -> String? {
        let scalars = text.unicodeScalars
        guard let cut = scalars.index(scalars.startIndex, offsetBy: maxScalars, limitedBy: scalars.endIndex),
            cut != scalars.endIndex
        else {
            return nil
        }
        var head = String.UnicodeScalarView()
        head.append(contentsOf: scalars[..<cut])
        return String(head)
    }
}
