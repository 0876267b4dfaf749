import Testing
@testable import RialFormat

@Suite("Strict JSON parser")
struct StrictJSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try StrictJSONParser.parse(Array(text.utf8))
    }

    @Test func parsesNestedDocumentKeepingKeyOrder() throws {
        let value = try parse(#"{"b": [1, -2.5, "x\u00e9\ud83d\ude00", true, null], "a": {"z": 0}}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["b", "a"])
        #expect(object["b"] == .array([.integer(1), .number(-2.5), .string("xé😀"), .bool(true), .null]))
    }

    @Test(arguments: [
        (#"{"a": 1, "a": 2}"#, "duplicate key"),
        (#"[1, 2,]"#, "trailing comma in array"),
        (#"{"a": 1,}"#, "trailing comma in object"),
        ("\u{FEFF}{}", "byte order mark"),
        ("[NaN]", "NaN"),
        ("[Infinity]", "Infinity"),
        ("[-Infinity]", "-Infinity"),
        ("// c\n{}", "comment"),
        ("{} /* c */", "trailing comment"),
        (#"["\ud800"]"#, "lone high surrogate"),
        (#"["\udc00"]"#, "lone low surrogate"),
        ("[9223372036854775808]", "integer beyond Int64"),
        ("[1e400]", "number overflowing Double"),
        ("[01]", "leading zero"),
        ("{} {}", "two documents"),
        ("[\"a\u{01}\"]", "raw control character"),
        ("{'a': 1}", "single quotes"),
        ("", "empty input"),
    ])
    func rejects(_ input: String, _ why: String) {
        #expect(throws: FormatError.self, "should reject: \(why)") { try parse(input) }
    }

    @Test func duplicateKeyHasItsOwnCode() {
        #expect { try parse(#"{"k": 1, "k": 1}"#) } throws: { ($0 as? FormatError)?.code == .duplicateKey }
    }

    @Test func rejectsInvalidUTF8() {
        #expect { try StrictJSONParser.parse([0x22, 0xC3, 0x28, 0x22]) } throws: { ($0 as? FormatError)?.code == .invalidUTF8 }
    }

    @Test func depthLimitIsEnforcedWithoutRecursion() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect { try StrictJSONParser.parse(Array(deep.utf8)) } throws: { ($0 as? FormatError)?.code == .limitExceeded }
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        _ = try StrictJSONParser.parse(Array(ok.utf8))
    }

    @Test func sizeLimitIsCheckedBeforeParsing() {
        let limits = JSONLimits(maxBytes: 8)
        #expect { try StrictJSONParser.parse(Array("[1,2,3,4,5]".utf8), limits: limits) } throws: { ($0 as? FormatError)?.code == .limitExceeded }
    }

    @Test func writerOutputParsesBackToTheSameValue() throws {
        let value: JSONValue = .object([
            "s": .string("quote\" backslash\\ newline\n tab\t ctl\u{01} é"),
            "n": .number(0.1), "i": .integer(-42), "big": .integer(Int64(JSONLimits.maxSafeInteger)),
            "e": .array([]), "o": .object([:]), "d": .number(1.0 / 30.0),
        ])
        let bytes = JSONWriter.bytes(value)
        #expect(try StrictJSONParser.parse(bytes) == value)
        #expect(bytes.last == 0x0A)
    }

    @Test func writerIsByteStable() {
        let value: JSONValue = .object(["b": .integer(1), "a": .array([.string("x"), .null])])
        let text = String(decoding: JSONWriter.bytes(value), as: UTF8.self)
        #expect(text == "{\n  \"b\": 1,\n  \"a\": [\n    \"x\",\n    null\n  ]\n}\n")
    }
}
