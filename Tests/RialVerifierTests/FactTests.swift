import Testing
@testable import RialVerifier

/// ``Fact``'s dependencies and ``FactMemo``: a fact is computed once, its dependencies have no
/// cycle, and a memo given its value never computes it.
@Suite("Fact and FactMemo")
struct FactTests {
    @Test func dependenciesHaveNoCycle() {
        for fact in Fact.allCases {
            let closure = Fact.closure(fact.dependencies)
            #expect(!closure.contains(fact), "\(fact) depends on itself through \(closure)")
        }
    }

    @Test func dependenciesStateWhatTheIssueNames() {
        #expect(Fact.closure([.seal]).isSuperset(of: [.timestamp, .sealSignature]))
        #expect(Fact.closure([.timestamp]).contains(.sealSignature))
        #expect(Fact.closure([.custodySignatures]).contains(.custodyLog))
        #expect(Fact.closure([.renewal]).contains(.timestamp))
        #expect(Fact.closure([.bagInfo]) == [.bagInfo, .tagEncoding])
    }

    @Test func memoComputesOnceAndLogsOnce() {
        let log = FactLog()
        var memo = FactMemo<Int?>(.seal, log: log)
        var runs = 0
        #expect(
            memo.value {
                runs += 1; return nil
            } == nil)
        #expect(
            memo.value {
                runs += 1; return 7
            } == nil)
        #expect(runs == 1)
        #expect(log.computed == [.seal])
    }

    @Test func givenMemoNeverComputes() {
        let log = FactLog()
        var memo = FactMemo<String>(.externalMedia, log: log, given: "given")
        #expect(
            memo.value {
                Issue.record("computed"); return "made"
            } == "given")
        #expect(log.computed.isEmpty)
    }

    @Test func logKeepsTheOrderFactsWereAskedIn() {
        let log = FactLog()
        var outer = FactMemo<Int>(.seal, log: log)
        var inner = FactMemo<Int>(.timestamp, log: log)
        #expect(outer.value { inner.value { 1 } + 1 } == 2)
        #expect(log.computed == [.seal, .timestamp])
    }
}
