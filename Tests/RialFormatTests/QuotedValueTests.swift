import Testing
@testable import RialFormat

/// A value from a package is quoted whole when short, as an excerpt and its length otherwise,
/// wherever a message quotes it.
@Suite("Quoted values")
struct QuotedValueTests {
    @Test func shortValuesAreWhole() {
        #expect(QuotedValue.excerpt("1.0") == "1.0")
        #expect(QuotedValue.quoted("role") == "\"role\"")
        let exactly = String(repeating: "a", count: QuotedValue.maxScalars)
        #expect(QuotedValue.quoted(exactly) == "\"\(exactly)\"")
    }

    @Test func longValuesAreCut() {
        let long = String(repeating: "9", count: 10_000_000)
        #expect(QuotedValue.excerpt(long) == String(repeating: "9", count: 64) + "…(10000000 bytes)")
        #expect(QuotedValue.quoted(long) == "\"" + String(repeating: "9", count: 64) + "…\"(10000000 bytes)")
        // Scalars, not characters: one character of a million combining marks is cut too.
        let marks = "e" + String(repeating: "\u{301}", count: 1_000_000)
        #expect(QuotedValue.excerpt(marks).utf8.count < 200)
    }

    @Test("the strict JSON parser quotes a 10 MB number and a 1 MB duplicate key in a line")
    func parserMessages() {
        for document in [
            "[" + String(repeating: "9", count: 10_000_000) + "]",
            "[1" + String(repeating: "0", count: 400) + "e99999]",
            "{\"" + String(repeating: "k", count: 1_000_000) + "\": 1, \"" + String(repeating: "k", count: 1_000_000) + "\": 2}",
        ] {
            do {
                _ = try StrictJSONParser.parse(Array(document.utf8))
                Issue.record("parsed")
            } catch {
                #expect(error.reason.utf8.count < 300, "\(error.reason.prefix(300))")
            }
        }
    }
}
