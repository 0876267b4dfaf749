/// A JSON value as this format reads and writes it.
///
/// Objects keep their keys in order, so writing a value back gives the same bytes; integers and
/// fractional numbers are kept apart, so an integer is never silently rounded through `Double`.
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// An integer written without fraction or exponent that fits in 64 bits.
    case integer(Int64)
    /// Any other finite number.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A JSON object whose keys are unique and keep their order.
package struct JSONObject: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    package private(set) var entries: [(key: String, value: JSONValue)]
    /// Whether every key is ASCII. Between ASCII strings `==` is byte equality, so a lookup by
    /// an ASCII key passes over keys of another length without comparing them; otherwise
    /// canonically equivalent spellings of different lengths are equal, and every key is
    /// compared. `false` only turns that shortcut off.
    private var keysAreASCII: Bool

    package init() {
        entries = []
        keysAreASCII = true
    }

    /// Entries whose keys the caller has already checked to be unique, and whether they are
    /// all ASCII (the parser knows both).
    init(uniqueEntries: [(key: String, value: JSONValue)], keysAreASCII: Bool) {
        entries = uniqueEntries
        self.keysAreASCII = keysAreASCII
    }

    /// Keys written in a literal are the program's own and distinct (a repeated one is a
    /// programming error, as in a `Dictionary` literal): they are taken in order, unsearched,
    /// which is most of the cost of building the many small objects a package's files hold.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        entries = elements.map { (key: $0.0, value: $0.1) }
        keysAreASCII = entries.allSatisfy { ASCII.isASCII($0.key) }
        assert(Set(entries.map(\.key)).count == entries.count, "a JSON object literal repeats a key")
    }

    /// The value for `key`; setting `nil` removes it, setting a new key appends it.
    package subscript(key: String) -> JSONValue? {
        get {
            if keysAreASCII, ASCII.isASCII(key) {
                let count = key.utf8.count
                return entries.first { $0.key.utf8.count == count && $0.key == key }?.value
            }
            return entries.first { $0.key == key }?.value
        }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
                keysAreASCII = keysAreASCII && ASCII.isASCII(key)
            }
        }
    }

    package var keys: [String] { entries.map(\.key) }

    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    package func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}

extension JSONValue {
    package var objectValue: JSONObject? { if case .object(let o) = self { return o } else { return nil } }
    package var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    package var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    package var integerValue: Int64? { if case .integer(let i) = self { return i } else { return nil } }
    package var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The value as a `Double`, for integers and fractional numbers alike.
    package var doubleValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }
    package var isNull: Bool { if case .null = self { return true } else { return false } }
}
