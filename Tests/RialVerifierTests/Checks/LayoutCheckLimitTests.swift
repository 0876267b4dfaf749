import Testing
import RialFormat
@testable import RialVerifier

/// ``LayoutCheck``'s parsed-JSON budget in a plain bag (`bag.limit.parsed-json`); the package's
/// (`archive.limit.parsed-json`) is BoundedInputTests'.
@Suite("LayoutCheck parsed-JSON budget")
struct LayoutCheckLimitTests {
    @Test("a bag whose JSON files exceed the parsed-JSON budget: bag.limit.parsed-json at each refused file, hashed not parsed")
    func bagBudget() throws {
        var builder = try InventoryBuilder.package()
        builder.rootName = nil
        var limits = VerificationLimits()
        limits.maxParsedJSONBytes = 16
        let context = builder.context(limits: limits, profile: .bag)
        let refused = context.documents.refusedPaths
        #expect(!refused.isEmpty)
        let findings = LayoutCheck().run(context).map(Finding.init)
        #expect(Set(findings) == Set(refused.map { Finding(.bagLimitParsedJSON, .fail, $0) }))
    }
}
