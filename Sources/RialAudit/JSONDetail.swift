import RialFormat

/// A ledger record's `detail` (or `policy`), compact JSON text, read for display: a member that
/// is missing, or text that does not parse (a hand-edited row), reads as nothing.
package struct JSONDetail {
    /// The object, or `nil` when the text is none or not an object.
    package let object: JSONObject?

    /// Reads `text`.
    package init(_ text: String?) {
        if let text, case .object(let object)? = try? StrictJSONParser.parse(Array(text.utf8)) {
            self.object = object
        } else {
            object = nil
        }
    }

    /// The member `name` when it is a string.
    package func string(_ name: String) -> String? {
        if case .string(let text)? = object?[name] { text } else { nil }
    }
}
