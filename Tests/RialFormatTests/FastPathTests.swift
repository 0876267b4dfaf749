import Foundation
import Testing
@testable import RialFormat

/// The byte-level and ASCII fast paths (issue 21) must refuse exactly what the general paths
/// refuse and accept exactly what they accept: each is fed the same hostile lines, names and
/// strings as the general path (the code as it was before the fast path, kept here as the
/// reference), and must agree to the error message.
@Suite("Fast paths agree with the general paths")
struct FastPathTests {
    /// Inputs that exercise every rule: terminators in every combination, blanks, non-ASCII,
    /// combining marks, invalid UTF-8, controls, bidi, hex case, empty parts.
    static let lines: [[UInt8]] = {
        let pieces: [String] = [
            "", "a", " ", "\t", "\r", "\n", "\r\n", "\n\r", "ab  data/x", "AB\tdata/y", "é", "e\u{301}",
            "data/%0A", "\u{202E}", "%", "/", "..", "data//x", "0123456789abcdef", "0123456789ABCDEF",
        ]
        // Every sequence of up to three pieces (8,421 inputs), and each pair with a byte that is
        // never UTF-8 in front: enumerated, not drawn, so every run feeds the same inputs.
        var inputs: [[UInt8]] = [[]]
        for first in pieces {
            inputs.append(Array(first.utf8))
            for second in pieces {
                inputs.append(Array((first + second).utf8))
                inputs.append([0xFF] + Array((first + second).utf8))
                for third in pieces { inputs.append(Array((first + second + third).utf8)) }
            }
        }
        return inputs
    }()

    @Test("TextLines splits over bytes exactly as it split over scalars, and refuses the same bytes")
    func textLines() {
        for input in Self.lines {
            let fast = Result { () throws(FormatError) in try TextLines.split(input, file: "f") }
            let general = Result { () throws(FormatError) in try Self.generalSplit(input, file: "f") }
            #expect(Self.same(fast, general), "\(input)")
        }
    }

    @Test("BagManifest parses over bytes exactly as it parsed over scalars: entries, or the same error")
    func manifests() {
        let digest = String(repeating: "ab", count: 4)
        var inputs = Self.lines
        inputs += [
            "\(digest)  data/a\n\(digest.uppercased()) data/b\r\n", "\(digest)\t\t data/é\n", "\(digest)x data/a", "\(digest) \n",
            "\(digest)", "\u{0661}\(digest) data/a", "\(digest) data/100%25\n",
            // A digest field longer than a message quotes (QuotedValue's 64 scalars).
            "%0123456789ABCDEF0123456789abcdef0123456789abcdefdata//xdata/%0Adata//x data/a\n",
        ].map { Array($0.utf8) }
        for input in inputs {
            let fast = Result { () throws(FormatError) in try BagManifest.parse(input, algorithm: "sha256", digestByteCount: 4, fileName: "manifest-sha256.txt")
            }
            let general = Result { () throws(FormatError) in
                try Self.generalParse(input, algorithm: "sha256", digestByteCount: 4, fileName: "manifest-sha256.txt")
            }
            switch (fast, general) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(input)")
            case (.failure(let a), .failure(let b)): #expect(a.code == b.code && a.reason == b.reason, "\(input)")
            default: Issue.record("fast \(fast), general \(general) for \(input)")
            }
        }
    }

    @Test("BagPath: the ASCII path finds the same problem as the general one, for every ASCII name")
    func bagPaths() {
        var names = [
            "data/a", "data/a\\b", "data/a\u{7F}", "data/\u{1}", "data//a", "data/./a", "data/../a", "data/..a", ".", "a/",
            "data/ a", "data/A.TXT", "data/\r\n", "\n/a",
        ]
        // Every name of one to four characters of this alphabet (22,620 names), enumerated.
        let alphabet = Array("ab./\\ \u{0}\u{1F}\u{7F}\r\n%".unicodeScalars).map(String.init)
        var shorter = [""]
        for _ in 1...4 {
            shorter = shorter.flatMap { prefix in alphabet.map { prefix + $0 } }
            names += shorter
        }
        for name in names where name.utf8.allSatisfy({ $0 < 0x80 }) && !name.isEmpty && !name.hasPrefix("/") {
            for rules in [BagPath.Rules.strict, .bagit] {
                #expect(BagPath.asciiProblem(with: name, rules: rules) == BagPath.unicodeProblem(with: name, rules: rules), "\(name.debugDescription) \(rules)")
            }
        }
    }

    @Test("StrictJSONParser: strings without escapes read as with them, and the limit and errors hold at the edge")
    func jsonStrings() throws {
        let limits = JSONLimits(maxStringBytes: 8)
        #expect(try StrictJSONParser.parse(Array(#"["12345678"]"#.utf8), limits: limits) == .array([.string("12345678")]))
        #expect(throws: FormatError.self) { try StrictJSONParser.parse(Array(#"["123456789"]"#.utf8), limits: limits) }
        #expect(try StrictJSONParser.parse(Array(#"["1234567\u0041"]"#.utf8), limits: limits) == .array([.string("1234567A")]))
        #expect(try StrictJSONParser.parse(Array(#"["é\n"]"#.utf8)) == .array([.string("é\n")]))
        for bad in [[0x5B, 0x22, 0x61, 0x0A, 0x22, 0x5D], [0x5B, 0x22, 0xFF, 0x22, 0x5D], [0x5B, 0x22, 0x61]] as [[UInt8]] {
            #expect(throws: FormatError.self) { try StrictJSONParser.parse(bad) }
        }
    }

    @Test("StrictJSONParser: every enumerated string reads as the byte-by-byte path reads it, or fails the same way")
    func jsonStringsEnumerated() {
        // Each line, quoted, is a one-string document: the fast path (no escape, no control)
        // and the general one (escapes, controls, invalid UTF-8) must give what the reference gives.
        // Lines with a quote or a backslash would not be one plain string; escapes have their own tests.
        for line in Self.lines where !line.contains(UInt8(ascii: "\"")) && !line.contains(UInt8(ascii: "\\")) {
            let document = Array("[\"".utf8) + line + Array("\"]".utf8)
            let expected = line.contains(where: { $0 < 0x20 }) ? nil : String(validating: line, as: UTF8.self)
            let parsed = (try? StrictJSONParser.parse(document))?.arrayValue?.first?.stringValue
            #expect(parsed.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) }, "\(line)")
        }
    }

    @Test("StrictJSONParser: duplicate keys are found by the short search and by the key index, canonically")
    func duplicateKeys() throws {
        for count in [1, 2, 15, 16, 17, 40] {
            let keys = (0..<count).map { "k\($0)" }
            let members = keys.map { "\"\($0)\": 1" }.joined(separator: ", ")
            #expect(try StrictJSONParser.parse(Array("{\(members)}".utf8)).objectValue?.keys == keys)
            for duplicate in [keys.first!, keys.last!, keys[count / 2]] {
                #expect { try StrictJSONParser.parse(Array("{\(members), \"\(duplicate)\": 2}".utf8)) } throws: {
                    ($0 as? FormatError)?.code == .duplicateKey
                }
            }
            // "é" precomposed and decomposed are one key to a reader that normalises.
            #expect { try StrictJSONParser.parse(Array("{\"\u{E9}\": 0, \(members), \"e\u{301}\": 2}".utf8)) } throws: {
                ($0 as? FormatError)?.code == .duplicateKey
            }
        }
    }

    @Test("JSONWriter: strings copied whole read as the byte-by-byte writer wrote them")
    func writerStrings() {
        let quoting = ["\"", "\\", "a\"b\\c", "\u{7F}", "\u{1}x", "x\u{1F}", "\u{85}\u{2028}"].map { Array($0.utf8) }
        for line in Self.lines + quoting {
            let text = String(decoding: line, as: UTF8.self)
            for escaping in [JSONWriter.Escaping.minimal, .invisibles] {
                let written = JSONWriter.bytes(.array([.string(text), .object(["k\(text)": .string(text)])]), escaping: escaping)
                #expect(written == Self.referenceDocument(text, escaping: escaping), "\(text.debugDescription)")
            }
        }
    }

    @Test("UTF8Order sorts as comparing UTF-8 bytes one by one does")
    func utf8Order() {
        let names = ["", "a", "A", "ab", "a/b", "a.b", "é", "e\u{301}", "z", "\u{10FFFF}", "data/x", "data/", "Ω", "~"]
        for left in names {
            for right in names {
                #expect(UTF8Order.precedes(left, right) == left.utf8.lexicographicallyPrecedes(right.utf8), "\(left) \(right)")
            }
        }
    }

    @Test("Hex: every byte encodes as printf's %02x, from an array, a slice or a lazy sequence, and decodes back")
    func hex() {
        let bytes = (0...255).map(UInt8.init)
        let expected = bytes.map { String(format: "%02x", $0) }.joined()
        #expect(Hex.encode(bytes) == expected)
        #expect(Hex.encode(bytes[16...]) == String(expected.dropFirst(32)))
        #expect(Hex.encode(bytes.lazy.map { $0 }) == expected)
        #expect(Hex.encode([UInt8]()) == "")
        #expect(Hex.decode(expected) == bytes)
        #expect(Hex.decode("0") == nil && Hex.decode("0G") == nil && Hex.decode("AB") == nil)
    }

    @Test("StrictJSONParser: integers read from the bytes give Int64's reading at the ±(2^53 - 1) edges and past 16 digits")
    func integers() {
        for text in [
            "0", "-0", "7", "-7", "9007199254740991", "-9007199254740991", "9007199254740992", "-9007199254740992",
            "1000000000000000", "9999999999999999", "10000000000000000", "-12345678901234567", "99999999999999999999",
        ] {
            let parsed = try? StrictJSONParser.parse(Array("[\(text)]".utf8))
            let expected = Int64(text).flatMap { $0.magnitude <= JSONLimits.maxSafeInteger ? JSONValue.array([.integer($0)]) : nil }
            #expect(parsed == expected, "\(text)")
        }
    }

    @Test("Timestamp.rfc3339, written digit by digit, agrees with Foundation's ISO 8601 formatter and reads back")
    func rfc3339() throws {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let nanos: [Int32] = [0, 1, 10, 500_000_000, 123_456_789, 999_999_999, 100_000]
        // Year 1 to year 9999, on a stride that falls on every month, day and hour.
        for (step, seconds) in stride(from: Int64(-62_135_596_800), through: 253_402_300_799, by: 3_123_456_789 / 7).enumerated() {
            let time = Timestamp(seconds: seconds, nanoseconds: nanos[step % nanos.count])
            let text = time.rfc3339
            // Foundation counts days before 15 October 1582 in the Julian calendar; RFC 3339
            // and rial count them in the proleptic Gregorian one. Read-back covers those years.
            if seconds >= -12_219_292_800 {
                let whole = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
                #expect(text.hasPrefix(String(whole.dropLast())), "\(seconds)")
            }
            #expect(try Timestamp(rfc3339: text) == time, "\(text)")
        }
        #expect(Timestamp(seconds: 0, nanoseconds: 500_000_000).rfc3339 == "1970-01-01T00:00:00.5Z")
        #expect(Timestamp(seconds: 0, nanoseconds: 1).rfc3339 == "1970-01-01T00:00:00.000000001Z")
    }

    @Test("JSONObject: a lookup that skips keys of another length finds what comparing every key finds")
    func objectLookup() throws {
        // U+212A KELVIN SIGN is canonically "K": one byte against three, equal to Swift.
        let keys = ["K", "\u{212A}", "k", "é", "e\u{301}", "seq", "sequence", "", "\u{037E}", ";"]
        for stored in keys {
            let object = try #require(StrictJSONParser.parse(Array("{\"x\": 0, \"\(stored)\": 1}".utf8)).objectValue)
            var built = JSONObject()
            built["x"] = .integer(0)
            built[stored] = .integer(1)
            for wanted in keys {
                let expected: JSONValue? = stored == wanted ? .integer(1) : nil
                #expect(object[wanted] == expected, "\(stored.debugDescription) \(wanted.debugDescription)")
                #expect(built[wanted] == expected, "\(stored.debugDescription) \(wanted.debugDescription)")
            }
        }
    }

    @Test("hasSameBytes is == on byte arrays: equal, another length, one byte apart at either end, empty")
    func sameBytes() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var first = bytes, last = bytes
        first[0] ^= 1
        last[999] ^= 0x80
        for (a, b) in [(bytes, bytes), (bytes, Array(bytes.dropLast())), (bytes, first), (bytes, last), ([], []), ([], [0]), ([0], [])] {
            #expect(a.hasSameBytes(as: b) == (a == b))
        }
    }

    // MARK: The general paths, as they were

    /// What the writer wrote before it copied plain strings whole: `[string, {"k"+string: string}]`,
    /// every byte through the escaping switch.
    static func referenceDocument(_ text: String, escaping: JSONWriter.Escaping) -> [UInt8] {
        func string(_ text: String) -> [UInt8] {
            if escaping == .invisibles, text.unicodeScalars.contains(where: { $0.value >= 0x80 && InvisibleCharacters.contains($0) }) {
                var out: [UInt8] = [0x22]
                for scalar in text.unicodeScalars {
                    if scalar.value >= 0x80 && InvisibleCharacters.contains(scalar) {
                        let hex = String(scalar.value, radix: 16)
                        out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                    } else {
                        out += string(String(scalar)).dropFirst().dropLast()
                    }
                }
                return out + [0x22]
            }
            var out: [UInt8] = [0x22]
            for byte in text.utf8 {
                switch byte {
                case 0x22: out += Array("\\\"".utf8)
                case 0x5C: out += Array("\\\\".utf8)
                case 0x0A: out += Array("\\n".utf8)
                case 0x0D: out += Array("\\r".utf8)
                case 0x09: out += Array("\\t".utf8)
                case 0x00..<0x20, 0x7F: out += Array(String(format: "\\u%04x", byte).utf8)
                default: out.append(byte)
                }
            }
            return out + [0x22]
        }
        return Array("[\n  ".utf8) + string(text) + Array(",\n  {\n    ".utf8) + string("k" + text) + Array(": ".utf8) + string(text)
            + Array("\n  }\n]\n".utf8)
    }

    private static func same(_ a: Result<[String], FormatError>, _ b: Result<[String], FormatError>) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): return x.map { Array($0.unicodeScalars) } == y.map { Array($0.unicodeScalars) }
        case (.failure(let x), .failure(let y)): return x.code == y.code && x.reason == y.reason
        default: return false
        }
    }

    static func generalSplit(_ bytes: [UInt8], file: String) throws(FormatError) -> [String] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FormatError(.invalidUTF8, "\(file) is not valid UTF-8")
        }
        var lines: [String] = []
        var current = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if !previousWasCR { lines.append(current) }
                current = ""
                previousWasCR = false
            } else if scalar == "\r" {
                lines.append(current)
                current = ""
                previousWasCR = true
            } else {
                current.unicodeScalars.append(scalar)
                previousWasCR = false
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    static func generalParse(_ bytes: [UInt8], algorithm: String, digestByteCount: Int, fileName: String) throws(FormatError) -> BagManifest {
        var entries: [BagManifest.Entry] = []
        for (number, line) in try generalSplit(bytes, file: fileName).enumerated() {
            let scalars = Array(line.unicodeScalars)
            guard let gap = scalars.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                throw FormatError(.invalidLine, "\(fileName) line \(number + 1) has no path after the digest")
            }
            var start = gap
            while start < scalars.count, scalars[start] == " " || scalars[start] == "\t" { start += 1 }
            let digest = String(String.UnicodeScalarView(scalars[..<gap]))
            let path = String(String.UnicodeScalarView(scalars[start...]))
            guard !path.isEmpty else {
                throw FormatError(.invalidLine, "\(fileName) line \(number + 1) has no path after the digest")
            }
            let lowered = digest.lowercased()
            guard Hex.isDigest(lowered, byteCount: digestByteCount) else {
                // Quoted as every message quotes a package's value (QuotedValue, issue 21).
                throw FormatError(.invalidHex, "\(fileName) line \(number + 1): \(QuotedValue.quoted(digest)) is not a \(algorithm) digest")
            }
            entries.append(BagManifest.Entry(path: ManifestPathEncoding.decode(path), digest: lowered))
        }
        return BagManifest(algorithm: algorithm, entries: entries)
    }
}
