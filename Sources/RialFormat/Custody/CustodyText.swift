/// The rules for a custody event's free-text fields: bounded, and free of control characters
/// that could disguise what a report shows.
package enum CustodyText {
    /// The longest text field, in bytes: room for a paragraph of details, not for a payload.
    package static let maxBytes = 4096

    static func required(_ reader: JSONFieldReader, _ key: String, allowEmpty: Bool = false) throws(FormatError) -> String {
        let text = try reader.string(key)
        try check(text, at: reader.path(of: key), allowEmpty: allowEmpty)
        return text
    }

    static func optional(_ reader: JSONFieldReader, _ key: String) throws(FormatError) -> String? {
        guard reader.has(key) else { return nil }
        return try required(reader, key)
    }

    /// - Throws: ``FormatError`` `.invalidField` for an empty (unless allowed), over-long or
    ///   control-character-bearing text.
    package static func check(_ text: String, at path: String, allowEmpty: Bool = false) throws(FormatError) {
        if text.isEmpty && !allowEmpty { throw FormatError(.invalidField, "\(path) must not be empty") }
        if text.utf8.count > maxBytes { throw FormatError(.invalidField, "\(path) is \(text.utf8.count) bytes; at most \(maxBytes)") }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw FormatError(.invalidField, "\(path) contains a control character (line breaks included)")
        }
    }
}
