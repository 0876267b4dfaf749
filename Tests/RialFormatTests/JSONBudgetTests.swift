import Testing
@testable import RialFormat

/// The memory an input's parsed JSON may take (`JSONBudget`, SPEC §8.3 step 4): charged as the
/// tree is built, shared by every document of the input, given back when a parse fails.
@Suite("JSON budget")
struct JSONBudgetTests {
    /// `[{"a":1},{"a":1},…]`: an object, an array slot and a key for every 8 bytes.
    private static func smallObjects(_ count: Int) -> [UInt8] {
        Array(("[" + Array(repeating: #"{"a":1}"#, count: count).joined(separator: ",") + "]").utf8)
    }

    @Test func aDocumentWithinTheBudgetParsesAndIsCharged() throws {
        let budget = JSONBudget(limit: 64 << 20)
        let document = Self.smallObjects(10_000)
        let value = try StrictJSONParser.parse(document, budget: budget)
        #expect(value.arrayValue?.count == 10_000)
        // The shape costs several times its text: at least an entry and an array slot per object.
        #expect(budget.usedBytes >= document.count * 5, "charged \(budget.usedBytes) for \(document.count) bytes")
    }

    @Test func longStringsAreChargedAtTheirLengthShortOnesNot() throws {
        let long = JSONBudget(limit: 64 << 20)
        _ = try StrictJSONParser.parse(Array(("[\"" + String(repeating: "x", count: 1_000_000) + "\"]").utf8), budget: long)
        #expect(long.usedBytes >= 1_000_000)
        let short = JSONBudget(limit: 64 << 20)
        _ = try StrictJSONParser.parse(Array(#"["fifteen bytes!"]"#.utf8), budget: short)
        #expect(short.usedBytes < 200, "a string Swift keeps inline has no block: \(short.usedBytes)")
    }

    @Test func aDocumentOverTheBudgetFailsAndGivesBackWhatItCharged() throws {
        let budget = JSONBudget(limit: 4 << 20)
        #expect {
            _ = try StrictJSONParser.parse(Self.smallObjects(1_000_000), budget: budget)
        } throws: { error in
            (error as? FormatError)?.code == .budgetExceeded
        }
        #expect(budget.usedBytes == 0)
        // The same document parses without a budget: only the budget refused it.
        #expect(try StrictJSONParser.parse(Self.smallObjects(1_000_000)).arrayValue?.count == 1_000_000)
    }

    @Test func documentsShareTheBudget() throws {
        let document = Self.smallObjects(20_000)
        let probe = JSONBudget(limit: 64 << 20)
        _ = try StrictJSONParser.parse(document, budget: probe)
        let one = probe.usedBytes
        // Room for one and a half: the first parses, the second does not, the first stays charged.
        let budget = JSONBudget(limit: one + one / 2)
        _ = try StrictJSONParser.parse(document, budget: budget)
        #expect(throws: FormatError.self) { _ = try StrictJSONParser.parse(document, budget: budget) }
        #expect(budget.usedBytes == one)
    }
}
