import Foundation
import Testing
import RialAudit
import RialFormat
import RialLedger

/// Moves, vanished packages and `ledger forget` in process: one history across a move, a
/// vanished package recorded once and reported until forgotten, the forgetting recorded with
/// why and by whom, listed apart by the ledger's report, and new again if it comes back.
@Suite("Ledger forget in process", .serialized)
struct LedgerForgetTests {
    @Test("a move keeps one history; a vanished package is flagged until forgotten; forgetting is recorded; back, it is new")
    func vanishedAndForgotten() throws {
        let store = try AuditStore()
        defer { store.remove() }
        for index in 1...3 { try store.add("p\(index).rialpkg", id: "guard-\(index)") }
        let ledger = try store.ledger(.sqlite)
        let base = AuditTests.real(store.store)
        _ = try store.audit(store.options(ledger, run: "a"))
        try store.move("p3.rialpkg", to: "p3-renamed.rialpkg")
        try store.move("p2.rialpkg", to: store.directory + "/p2.rialpkg")
        let second = try store.audit(store.options(ledger, run: "b"))
        #expect(second.summary.outcome == .needsAttention)
        #expect(second.summary.changesByPath == [base + "/p2.rialpkg": ["vanished"], base + "/p3-renamed.rialpkg": ["moved"]])
        #expect(second.summary.text().contains("+ \(base)/p3-renamed.rialpkg: moved from \(base)/p3.rialpkg (same package id and fingerprint; one history)"))
        let third = try store.audit(store.options(ledger, run: "c"))
        #expect(third.summary.changesByPath == [base + "/p2.rialpkg": ["vanished"]])
        #expect(third.summary.text().contains("p2.rialpkg: vanished (recorded gone"))
        let records = try AuditStore.records(ledger)
        #expect(records.filter { $0.kind == .vanished }.count == 1 && records.filter { $0.kind == .moved }.count == 1, "each recorded once")
        let moved = try #require(records.first { $0.kind == .moved })
        #expect(moved.path == base + "/p3.rialpkg" && JSONDetail(moved.detail).string("to") == base + "/p3-renamed.rialpkg")
        #expect(moved.what == "MOVED" && moved.shownDetail == "to \(base)/p3-renamed.rialpkg")
        let history = try Ledger.openForReading(ledger).history(of: base + "/p3-renamed.rialpkg")
        #expect(history.contains { $0.kind == .moved }, "the history follows the move")

        let overview = try LedgerOverview(reading: Ledger.openForReading(ledger))
        #expect(overview.verdicts.pass == 2 && overview.vanished.count == 1 && overview.needsAttention)
        #expect(overview.text().contains("packages: 2 (latest verdict: 2 pass, 0 fail, 0 could not be verified); besides, 1 vanished and 0 forgotten"))
        #expect(overview.text().contains("VANISHED  \(base)/p2.rialpkg"))

        let present = LedgerForget(path: store.store + "/p1.rialpkg", reason: "x", ledger: ledger, user: "tester")
        #expect { _ = try present.run { _ in } } throws: { error in
            guard let error = error as? AuditError else { return false }
            return error.kind == .usage && error.context.contains("is still there")
        }
        let unknown = LedgerForget(path: store.store + "/none.rialpkg", reason: "x", ledger: ledger, user: "tester")
        let none = try unknown.run { _ in }
        guard case .noRecord(let key) = none else { Issue.record("\(none)"); return }
        #expect(key == base + "/none.rialpkg" && unknown.text(of: none).contains("holds no record of"))

        let forget = LedgerForget(path: store.store + "/p2.rialpkg", reason: "returned to the owner, order 118", ledger: ledger, user: "tester", host: "desk")
        let outcome = try forget.run { _ in }
        guard case .forgotten(let record, let last, let head) = outcome else { Issue.record("\(outcome)"); return }
        #expect(record.kind == .forgotten && record.path == base + "/p2.rialpkg" && record.host == "desk" && last.kind == .vanished)
        #expect(JSONDetail(record.detail).string("reason") == "returned to the owner, order 118" && JSONDetail(record.detail).string("user") == "tester")
        #expect(JSONDetail(record.detail).object?["last_seq"] == .integer(last.seq))
        #expect(head.seq == record.seq && head.hash == record.recordHash)
        #expect(
            forget.text(of: outcome).hasPrefix(
                "forgotten: \(base)/p2.rialpkg (recorded gone \(last.startedAt)) as seq \(record.seq): returned to the owner, order 118\n"))
        let again = try forget.run { _ in }
        guard case .alreadyForgotten = again else { Issue.record("\(again)"); return }
        #expect(
            forget.text(of: again).hasPrefix("already forgotten: \(base)/p2.rialpkg (seq \(record.seq), ")
                && forget.text(of: again).hasSuffix(": returned to the owner, order 118\n"))
        let movedAway = LedgerForget(path: store.store + "/p3.rialpkg", reason: "x", ledger: ledger, user: "tester")
        let movedOutcome = try movedAway.run { _ in }
        guard case .moved = movedOutcome else { Issue.record("\(movedOutcome)"); return }
        #expect(movedAway.text(of: movedOutcome).hasPrefix("nothing to forget: \(base)/p3.rialpkg was moved"))

        let fourth = try store.audit(store.options(ledger, run: "d"))
        #expect(fourth.summary.outcome == .passed && fourth.summary.changes.isEmpty)
        let filed = try LedgerOverview(reading: Ledger.openForReading(ledger))
        #expect(!filed.needsAttention && filed.text().contains("forgotten (acknowledged gone):\n"))
        #expect(filed.text().contains("\"returned to the owner, order 118\" by tester"))

        try store.move("../p2.rialpkg", to: "p2.rialpkg")
        let back = try store.audit(store.options(ledger, run: "e"))
        #expect(back.summary.outcome == .passed && back.summary.changesByPath == [base + "/p2.rialpkg": ["new"]])
    }

    @Test("a broken ledger: forgetting refuses, unless told to extend it")
    func brokenLedger() throws {
        let store = try AuditStore()
        defer { store.remove() }
        try store.add("p1.rialpkg")
        try store.add("p2.rialpkg", id: "audit-other")
        let ledger = try store.ledger(.sqlite)
        _ = try store.audit(store.options(ledger, run: "a"))
        try store.remove("p1.rialpkg")
        _ = try store.audit(store.options(ledger, run: "b"))
        try AuditStore.edit(ledger, "UPDATE ledger_records SET host = 'elsewhere' WHERE seq = 2")
        let refused = LedgerForget(path: store.store + "/p1.rialpkg", reason: "gone", ledger: ledger, user: "tester")
        #expect { _ = try refused.run { _ in } } throws: { ($0 as? AuditError)?.context.contains("is broken at record seq 2") == true }
        var warnings: [String] = []
        let extending = LedgerForget(path: store.store + "/p1.rialpkg", reason: "gone", ledger: ledger, extendsBrokenLedger: true, user: "tester")
        guard case .forgotten = try extending.run(warn: { warnings.append($0) }) else { Issue.record("not forgotten"); return }
        #expect(warnings.count == 1 && warnings[0].hasPrefix("warning: the ledger"))
    }
}
