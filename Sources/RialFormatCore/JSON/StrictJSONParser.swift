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
    private var index = 0
    /// Whether the string ``parseString()`` returned last is all ASCII.
    private var lastStringIsASCII = false

    /// Parses one JSON document.
    /// - Parameters:
    ///   - bytes: the document, exactly as stored.
    ///   - limits: size and depth bounds.
    /// - Returns: the value.
    /// - Throws: ``FormatError`` with a code from `json.*` or `text.invalid-utf8`, naming the byte offset.
    package static func parse(_ bytes: [UInt8], limits: JSONLimits = .default) throws(FormatError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw FormatError(.limitExceeded, "JSON document of \(bytes.count) bytes exceeds the limit of \(limits.maxBytes) bytes")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw FormatError(.invalidJSON, "JSON document starts with a byte order mark")
        }
        var parser = StrictJSONParser(bytes: bytes, limits: limits)
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8], limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    // Containers under construction are reference types so that appending a member mutates
    // in place: a value-type stack would copy a growing array on every element (quadratic).
    // The frames are reached only from this parser's own stack, one access at a time, so
    // their properties skip Swift's run-time exclusivity checks (one per member otherwise).
    private final class ArrayFrame {
        @exclusivity(unchecked) var elements: [JSONValue] = []
    }

    private final class ObjectFrame {
        @exclusivity(unchecked) var entries: [(key: String, value: JSONValue)] = []
        /// Every key so far, once there are more than ``linearSearchLimit``: most objects are
        /// small, and comparing a few keys costs less than hashing every one.
        @exclusivity(unchecked) private var keyIndex: Set<String>?
        @exclusivity(unchecked) var pendingKey: String
        /// Whether every key so far (`pendingKey` included) is ASCII; see ``contains(_:isASCII:)``.
        @exclusivity(unchecked) private(set) var keysAreASCII: Bool
        private static let linearSearchLimit = 16

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
                    switch peek() {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        if peek() == UInt8(ascii: "}") { throw error("trailing comma in object") }
                        let key = try parseKey(in: frame)
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
            return .string(try parseString())
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
                throw FormatError(.integerOutOfRange, "integer \(QuotedValue.excerpt(text)) is outside ±(2^53 - 1), where JSON readers that use doubles would read another value (byte \(start))")
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
