import Testing
@testable import RialVerifier

/// A report lists at most 100 results of one code and status; the rest are counted in one
/// summary result placed after the last one listed.
@Suite("Capped results")
struct CappedResultsTests {
    @Test func underTheCapNothingChanges() {
        var capped = CappedResults()
        let results = (0..<CappedResults.perCode).map { CheckResult.fail(.bagManifestsDisagree, "data/\($0)", "m") }
        capped.append(contentsOf: results)
        #expect(capped.results == results)
    }

    @Test func overTheCapTheRestIsCounted() {
        var capped = CappedResults()
        for index in 0..<250_000 {
            capped.append(.fail(.bagManifestsDisagree, "data/\(index)", "m"))
            if index == 3 { capped.append(.pass(.bagDeclaration, "bagit.txt", "ok")) }
        }
        capped.append(.notChecked(.bagManifestsDisagree, "x", "n"))
        let results = capped.results
        #expect(results.count == 100 + 1 + 1 + 1)
        let summary = results[101]
        #expect(summary.code == .bagManifestsDisagree && summary.status == .fail && summary.subject == "(249900 more)")
        #expect(summary.message.hasPrefix("and 249900 more FAIL results of bag.manifests.disagree not listed"))
        #expect(results[100].subject == "data/99")
        #expect(results[4].code == .bagDeclaration)
        #expect(results.last?.status == .notChecked)
    }
}
