/// Parses JSON strictly (RFC 8259 with no extensions) from bytes that may be hostile.
///
/// Foundation's readers accept several things two parsers may read differently, so a package
/// could mean one thing to us and another to an outside tool. This parser rejects them all:
/// duplicate keys, trailing commas, a byte order mark, comments, `NaN`/`Infinity`, lone
/// surrogates, invalid UTF-8, control characters in strings, integers beyond ±(2^53 - 1), numbers
/// that overflow `Double`, and trailing bytes. It is iterative, so nesting costs heap, not stack,
/// and nesting deeper than ``JSONLimits/maxDepth`` is an error.
package struct StrictJSONParser {
    private let bytes: [UInt8]
    private let limits: JSONLimits
    private let budget: JSONBudget?
    /// What this parse has charged to ``budget``, and what it has estimated but not yet charged
    /// (charged a mebibyte at a time, so the shared counter is touched rarely).
    private var charged = 0
    private var pending = 0
    private var index = 0
    /// Whether the string ``parseString()`` returned last is all ASCII.
    private var lastStringIsASCII = false

    /// Parses one JSON document.
    /// - Parameters:
    ///   - bytes: the document, exactly as stored.
    ///   - limits: size and depth bounds.
    ///   - budget: the memory the input's parsed documents may take together, charged with this
    ///     one's estimate as it is built: each array slot and object entry at its stride, for an
    ///     array doubling as it grows; each string longer than the 15 bytes Swift keeps
    ///     inline at its length and a heap block; each container and key index at their blocks.
    ///     `nil`: the document is bounded by `limits` alone.
    /// - Returns: the value.
    /// - Throws: ``FormatError`` with a code from `json.*` or `text.invalid-utf8`, naming the byte offset.
    package static func parse(_ bytes: [UInt8], limits: JSONLimits = .default, budget: JSONBudget? = nil) throws(FormatError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw FormatError(.limitExceeded, "JSON document of \(bytes.count) bytes exceeds the limit of \(limits.maxBytes) bytes")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw FormatError(.invalidJSON, "JSON document starts with a byte order mark")
        }
        var parser = StrictJSONParser(bytes: bytes, limits: limits, budget: budget)
        do {
            let value = try parser.parseDocument()
            try parser.chargePending()
            return value
        } catch {
            // The tree is dropped: what it was charged is free again.
            budget?.refund(parser.charged)
            throw error
        }
    }

    private init(bytes: [UInt8], limits: JSONLimits, budget: JSONBudget?) {
        self.bytes = bytes
        self.limits = limits
        self.budget = budget
    }

    // MARK: The estimate charged to the budget

    /// A heap block's header and the allocator's own: Swift's array and string storage start
    /// with 32 bytes (metadata, reference counts, count and capacity), malloc adds about 16.
    private static let blockOverhead = 48
    private static let slotBytes = MemoryLayout<JSONValue>.stride
    private static let entryBytes = MemoryLayout<(key: String, value: JSONValue)>.stride
    /// A key in an object's index (``ObjectFrame``): a `Set` slot with its share of empty slots.
    private static let indexedKeyBytes = 2 * MemoryLayout<String>.stride

    private mutating func estimate(_ bytes: Int) throws(FormatError) {
        guard budget != nil else { return }
        pending += bytes
        if pending >= 1 << 20 { try chargePending() }
    }

    private mutating func chargePending() throws(FormatError) {
        guard let budget, pending > 0 else { return }
        try budget.charge(pending)
        charged += pending
        pending = 0
    }

    /// An array's storage doubling, as Swift's does, from a first block of 4 slots: what the
    /// next block adds. Counted from the number of members alone, not from the capacity the
    /// allocator happened to give, so the same document is charged the same every time.
    private static func growth(_ capacity: inout Int, slot: Int) -> Int {
        let grown = max(4, capacity * 2)
        defer { capacity = grown }
        return (grown - capacity) * slot + (capacity == 0 ? blockOverhead : 0)
    }

    /// What a string takes beyond its slot: nothing up to 15 UTF-8 bytes (kept inline).
    private static func stringBytes(_ string: String) -> Int {
        let count = string.utf8.count
        return count <= 15 ? 0 : blockOverhead + count
    }

    // Containers under construction are reference types so that appending a member mutates
    // in place: a value-type stack would copy a growing array on every element (quadratic).
    // The frames are reached only from this parser's own stack, one access at a time, so
    // their properties skip Swift's run-time exclusivity checks (one per member otherwise).
    private final class ArrayFrame {
        @exclusivity(unchecked) var elements: [JSONValue] = []
        /// The capacity charged for so far (``StrictJSONParser/growth(_:slot:)``).
        @exclusivity(unchecked) var chargedCapacity = 0
    }

    private final class ObjectFrame {
        @exclusivity(unchecked) var entries: [(key: String, value: JSONValue)] = []
        /// The capacity charged for so far (``StrictJSONParser/growth(_:slot:)``).
        @exclusivity(unchecked) var chargedCapacity = 0
        /// Every key so far, once there are more than ``linearSearchLimit``: most objects are
        /// small, and comparing a few keys costs less than hashing every one.
        @exclusivity(unchecked) private var keyIndex: Set<String>?
        @exclusivity(unchecked) var pendingKey: String
        /// Whether every key so far (`pendingKey` included) is ASCII; see ``contains(_:isASCII:)``.
        @exclusivity(unchecked) private(set) var keysAreASCII: Bool
        static let linearSearchLimit = 16

        init(firstKey: String, isASCII: Bool) {
            pendingKey = firstKey
            keysAreASCII = isASCII
        }

        /// Whether `key` is already a key of the object (`pendingKey` included). `String`'s
        /// `==`, like `Set<String>`, holds canonically equivalent spellings equal. Between ASCII
        /// strings it is byte equality, so keys of another length are passed over unread.
        func contains(_ key: String, isASCII: Bool) -> Bool {
            if let keyIndex { return keyIndex.contains(key) }
            if isASCII && keysAreASCII {
                let count = key.utf8.count
                return key == pendingKey || entries.contains { $0.key.utf8.count == count && $0.key == key }
            }
            return key == pendingKey || entries.contains { $0.key == key }
        }

        /// Makes `key`, not yet a key of the object, the one whose value is read next.
        func add(_ key: String, isASCII: Bool) {
            pendingKey = key
            keysAreASCII = keysAreASCII && isASCII
            if keyIndex != nil {
                keyIndex?.insert(key)
            } else if entries.count >= Self.linearSearchLimit {
                keyIndex = Set(entries.map(\.key) + [key])
            }
        }
    }

    private enum Container {
        case array(ArrayFrame)
        case object(ObjectFrame)
    }

    private mutating func parseDocument() throws(FormatError) -> JSONValue {
        var stack: [Container] = []
        skipWhitespace()
        while true {
            var value: JSONValue
            // Read one value, or open a container and go round again for its first member.
            switch peek() {
            case UInt8(ascii: "{"):
                index += 1
                try checkDepth(stack.count + 1)
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    index += 1
                    value = .object(JSONObject())
                } else {
                    let key = try parseKey(in: nil)
                    stack.append(.object(ObjectFrame(firstKey: key, isASCII: lastStringIsASCII)))
                    continue
                }
            case UInt8(ascii: "["):
                index += 1
                try checkDepth(stack.count + 1)
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    stack.append(.array(ArrayFrame()))
                    continue
                }
            default:
                value = try parseScalar()
            }

            // Hand the finished value to its container; close containers that end here.
            while true {
                skipWhitespace()
                guard let top = stack.last else {
                    guard index == bytes.count else { throw error("unexpected bytes after the JSON value") }
                    return value
                }
                switch top {
                case .array(let frame):
                    frame.elements.append(value)
                    if frame.elements.count > frame.chargedCapacity {
                        try estimate(Self.growth(&frame.chargedCapacity, slot: Self.slotBytes))
                    }
                    switch peek() {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        if peek() == UInt8(ascii: "]") { throw error("trailing comma in array") }
                    case UInt8(ascii: "]"):
                        index += 1
                        stack.removeLast()
                        value = .array(frame.elements)
                        continue
                    default:
                        throw error("expected ',' or ']' in array")
                    }
                case .object(let frame):
                    frame.entries.append((frame.pendingKey, value))
                    if frame.entries.count > frame.chargedCapacity {
                        try estimate(Self.growth(&frame.chargedCapacity, slot: Self.entryBytes))
                    }
                    switch peek() {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        if peek() == UInt8(ascii: "}") { throw error("trailing comma in object") }
                        let key = try parseKey(in: frame)
                        // Past the linear search the key is indexed too (dropped with the frame).
                        try estimate(frame.entries.count >= ObjectFrame.linearSearchLimit ? Self.indexedKeyBytes : 0)
                        frame.add(key, isASCII: lastStringIsASCII)
                    case UInt8(ascii: "}"):
                        index += 1
                        stack.removeLast()
                        value = .object(JSONObject(uniqueEntries: frame.entries, keysAreASCII: frame.keysAreASCII))
                        continue
                    default:
                        throw error("expected ',' or '}' in object")
                    }
                }
                break
            }
            skipWhitespace()
        }
    }

    /// Reads `"key":`; a key the object already has is an error. Keys are compared canonically
    /// (see ``ObjectFrame/contains(_:isASCII:)``), so two keys that differ only in normalisation are
    /// duplicates too: two readers could otherwise disagree on which one counts.
    private mutating func parseKey(in object: ObjectFrame?) throws(FormatError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key") }
        let key = try parseString()
        try estimate(Self.stringBytes(key))
        if object?.contains(key, isASCII: lastStringIsASCII) == true {
            throw FormatError(.duplicateKey, "duplicate key \(QuotedValue.quoted(key)) at byte \(index)")
        }
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after key") }
        index += 1
        skipWhitespace()
        return key
    }

    private mutating func parseScalar() throws(FormatError) -> JSONValue {
        guard let byte = peek() else { throw error("unexpected end of JSON") }
        switch byte {
        case UInt8(ascii: "\""):
            let string = try parseString()
            try estimate(Self.stringBytes(string))
            return .string(string)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            throw error("unexpected character")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(FormatError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count, literal.withUTF8Buffer({ bytes[index..<index + count].elementsEqual($0) }) else {
            throw error("invalid literal")
        }
        index += count
    }

    private mutating func parseNumber() throws(FormatError) -> JSONValue {
        let start = index
        var isInteger = true
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw error("invalid number") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), isDigit(next) { throw error("number with a leading zero") }
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let digit = peek(), isDigit(digit) else { throw error("invalid fraction") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let digit = peek(), isDigit(digit) else { throw error("invalid exponent") }
            skipDigits()
        }
        if isInteger {
            // Beyond 2^53 - 1 a reader that keeps numbers as doubles (JavaScript, many JSON
            // libraries) would read another value than we do (RFC 7493, I-JSON, §2.2). The
            // grammar is checked above, so the digits are read straight from the bytes; 16
            // digits fit a UInt64, and 2^53 - 1 has 16.
            let isNegative = bytes[start] == UInt8(ascii: "-")
            let digits = (isNegative ? start + 1 : start)..<index
            var magnitude: UInt64 = 0
            if digits.count <= 16 {
                for position in digits { magnitude = magnitude * 10 + UInt64(bytes[position] - UInt8(ascii: "0")) }
            }
            guard digits.count <= 16, magnitude <= JSONLimits.maxSafeInteger else {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                throw FormatError(
                    .integerOutOfRange,
                    "integer \(QuotedValue.excerpt(text)) is outside ±(2^53 - 1), where JSON readers that use doubles would read another value (byte \(start))")
            }
            return .integer(isNegative ? -Int64(magnitude) : Int64(magnitude))
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw FormatError(.invalidJSON, "number \(QuotedValue.excerpt(text)) is out of range (byte \(start))")
        }
        return .number(value)
    }

    private mutating func parseString() throws(FormatError) -> String {
        let start = index
        index += 1  // opening quote
        // Most strings have no escape: find their end and decode the bytes in one go.
        let first = index
        let limit = min(bytes.count, first + limits.maxStringBytes + 1)
        // The string and where it ends, or nil to take the general path; an outer nil is
        // invalid UTF-8. ASCII, most strings, needs no validation.
        let found = bytes.withUnsafeBufferPointer { buffer -> (String?, end: Int, isASCII: Bool)? in
            var end = first
            var isASCII = true
            while end < limit {
                let byte = buffer[end]
                if byte == UInt8(ascii: "\"") {
                    let text = UnsafeBufferPointer(rebasing: buffer[first..<end])
                    return (isASCII ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self), end, isASCII)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                isASCII = isASCII && byte < 0x80
                end += 1
            }
            return nil
        }
        if let (string, end, isASCII) = found {
            guard let string else {
                throw FormatError(.invalidUTF8, "string at byte \(start) is not valid UTF-8")
            }
            index = end + 1
            lastStringIsASCII = isASCII
            return string
        }
        // An escape, a control character, the end of the input or the limit: byte by byte,
        // from the start, so every error is the one the general path gives.
        var out: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: out, as: UTF8.self) else {
                    throw FormatError(.invalidUTF8, "string at byte \(start) is not valid UTF-8")
                }
                lastStringIsASCII = out.allSatisfy { $0 < 0x80 }
                return string
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case 0x00..<0x20:
                throw error("unescaped control character in string")
            default:
                out.append(byte)
            }
            if out.count > limits.maxStringBytes {
                throw FormatError(.limitExceeded, "string at byte \(start) exceeds \(limits.maxStringBytes) bytes")
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(FormatError) {
        guard let escape = peek() else { throw error("unterminated escape") }
        index += 1
        switch escape {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("lone high surrogate")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("high surrogate not followed by a low surrogate") }
                scalarValue = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error("lone low surrogate")
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw error("invalid unicode escape") }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw error("invalid escape")
        }
    }

    private mutating func parseHex4() throws(FormatError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error("truncated unicode escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid unicode escape")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private func checkDepth(_ depth: Int) throws(FormatError) {
        if depth > limits.maxDepth {
            throw FormatError(.limitExceeded, "JSON nesting deeper than \(limits.maxDepth) at byte \(index)")
        }
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { index += 1 }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private func error(_ message: String) -> FormatError {
        FormatError(.invalidJSON, "\(message) at byte \(index)")
    }
}
