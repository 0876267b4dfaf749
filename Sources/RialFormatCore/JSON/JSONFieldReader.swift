/// Reads the fields of one JSON object by name and type, with errors that name the JSON path,
/// and rejects keys the schema does not allow (a claim no one checks must not slip in).
package struct JSONFieldReader {
    private let object: JSONObject
    private let path: String

    /// - Parameters:
    ///   - value: the value expected to be an object.
    ///   - path: where it is, for messages, e.g. `manifest.json:files[3]`.
    ///   - allowedKeys: every key the schema allows; others are an error. `nil` for formats
    ///     that are not ours (the capture app's), where unknown keys are ignored.
    /// - Throws: ``FormatError`` `.invalidField` if `value` is not an object or has other keys.
    package init(_ value: JSONValue, path: String, allowedKeys: Set<String>?) throws(FormatError) {
        try self.init(value, path: path, isAllowed: { allowedKeys?.contains($0) ?? true })
    }

    /// The same, for a key list written where it is used: a few keys are searched in turn,
    /// which costs less than building a set for every object read.
    package init(_ value: JSONValue, path: String, allowedKeys: [String]) throws(FormatError) {
        try self.init(value, path: path, isAllowed: { allowedKeys.contains($0) })
    }

    private init(_ value: JSONValue, path: String, isAllowed: (String) -> Bool) throws(FormatError) {
        guard let object = value.objectValue else {
            throw FormatError(.invalidField, "\(path) must be an object")
        }
        for entry in object.entries where !isAllowed(entry.key) {
            throw FormatError(.invalidField, "\(path) has an unknown key \(QuotedValue.quoted(entry.key))")
        }
        self.object = object
        self.path = path
    }

    package func has(_ key: String) -> Bool { object[key] != nil }

    package func value(_ key: String) throws(FormatError) -> JSONValue {
        guard let value = object[key] else { throw FormatError(.missingField, "\(path).\(key) is missing") }
        return value
    }

    package func string(_ key: String) throws(FormatError) -> String {
        guard let text = try value(key).stringValue else { throw FormatError(.invalidField, "\(path).\(key) must be a string") }
        return text
    }

    package func optionalString(_ key: String) throws(FormatError) -> String? {
        guard has(key) else { return nil }
        return try string(key)
    }

    /// An integer in `range`.
    package func integer(_ key: String, in range: ClosedRange<Int64> = 0...Int64.max) throws(FormatError) -> Int64 {
        guard let number = try value(key).integerValue else { throw FormatError(.invalidField, "\(path).\(key) must be an integer") }
        guard range.contains(number) else { throw FormatError(.invalidField, "\(path).\(key) = \(number) is outside \(range)") }
        return number
    }

    package func array(_ key: String) throws(FormatError) -> [JSONValue] {
        guard let elements = try value(key).arrayValue else { throw FormatError(.invalidField, "\(path).\(key) must be an array") }
        return elements
    }

    /// Lowercase hex of exactly `byteCount` bytes.
    package func digest(_ key: String, byteCount: Int) throws(FormatError) -> String {
        let text = try string(key)
        guard Hex.isDigest(text, byteCount: byteCount) else {
            throw FormatError(.invalidHex, "\(path).\(key) must be \(byteCount * 2) lowercase hex digits")
        }
        return text
    }

    package func timestamp(_ key: String) throws(FormatError) -> Timestamp {
        let text = try string(key)
        do {
            return try Timestamp(rfc3339: text)
        } catch {
            throw FormatError(.invalidTimestamp, "\(path).\(key): \(error.reason)")
        }
    }

    /// The path of a member, for nested readers' messages.
    package func path(of key: String) -> String { "\(path).\(key)" }
}
