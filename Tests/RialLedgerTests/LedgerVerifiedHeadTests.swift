import Foundation
import Testing
import RialTestSupport
@testable import RialLedger

/// The head a writer verified, kept in the ledger: records dropped from the end, or the chain
/// rewritten from some record on with every hash recomputed, are found without a head kept
/// elsewhere; a check from a verified head reads only what came after it.
@Suite("Verified heads")
struct LedgerVerifiedHeadTests {
    static let time = "2026-11-26T00:00:00.000Z"

    @Test("records dropped from the end after a head was verified break the chain there; its twin with nothing dropped holds", arguments: [StoreKind.sqlite])
    func droppedFromTheEnd(kind: StoreKind) throws {
        try withTemporaryDirectory { dir in
            let location = try TestStores.emptyLocation(kind, in: dir)
            let ledger = try Ledger.openForWriting(location, at: Self.time)
            let stored = try ledger.append(["a", "b", "c", "d"].map { packageRecord($0) })
            let last = try #require(stored.last)
            try ledger.keepVerifiedHead(LedgerVerifiedHead(seq: last.seq, hash: last.recordHash, verifiedAt: Self.time))
            try ledger.append([packageRecord("e")])
            #expect(try LedgerChainCheck.run(on: ledger).isIntact, "more records after the verified head: intact")
            #expect(try ledger.lastVerifiedHead()?.seq == 4)

            try ledger.store.execute("DELETE FROM ledger_records WHERE seq >= 3", [])
            let check = try LedgerChainCheck.run(on: ledger)
            #expect(check.firstBreak?.seq == 3, "\(String(describing: check.firstBreak))")
            #expect(check.firstBreak?.reason.contains("dropped from the end") == true)
        }
    }

    @Test("a chain rewritten from a record on, every hash recomputed, no longer holds the verified head", arguments: [StoreKind.sqlite])
    func rewritten(kind: StoreKind) throws {
        try withTemporaryDirectory { dir in
            let location = try TestStores.emptyLocation(kind, in: dir)
            let ledger = try Ledger.openForWriting(location, at: Self.time)
            let stored = try ledger.append(["a", "b", "c"].map { packageRecord($0) })
            try ledger.keepVerifiedHead(LedgerVerifiedHead(seq: 3, hash: stored[2].recordHash, verifiedAt: Self.time))
            // Drop b and c, then append a forged c and d: every link of the new chain holds.
            try ledger.store.execute("DELETE FROM ledger_records WHERE seq >= 2", [])
            try ledger.append([packageRecord("b"), packageRecord("c", verdict: "fail"), packageRecord("d")])
            let check = try LedgerChainCheck.run(on: ledger)
            #expect(
                check.firstBreak?.seq == 3 && check.firstBreak?.reason.contains("no longer has the hash") == true, "\(String(describing: check.firstBreak))")
        }
    }

    @Test("a check from a verified head reads only the records after it, and finds an edit among them")
    func fromAHead() throws {
        try withTemporaryDirectory { dir in
            let ledger = try Ledger.openForWriting(.sqlite(path: dir.appendingPathComponent("l.sqlite").path), at: Self.time)
            let first = try ledger.append(["a", "b"].map { packageRecord($0) })
            try ledger.append(["c", "d"].map { packageRecord($0) })
            let start = (seq: first[1].seq, hash: first[1].recordHash)
            let check = try LedgerChainCheck.run(on: ledger, from: start)
            #expect(check.isIntact && check.recordCount == 2 && check.head?.seq == 4)
            try ledger.store.execute("UPDATE ledger_records SET verdict = 'fail' WHERE seq = 1", [])
            #expect(try LedgerChainCheck.run(on: ledger, from: start).isIntact, "an edit before the start is not read")
            #expect(try LedgerChainCheck.run(on: ledger).firstBreak?.seq == 1, "the full check finds it")
            try ledger.store.execute("UPDATE ledger_records SET verdict = 'fail' WHERE seq = 4", [])
            #expect(try LedgerChainCheck.run(on: ledger, from: start).firstBreak?.seq == 4)
        }
    }
}

extension LedgerVerifiedHeadTests {
    /// The cases above on PostgreSQL: skipped without a server (RIAL_TEST_POSTGRES_URL), failed
    /// without one when RIAL_REQUIRE_POSTGRES=1 (make test).
    @Suite("on PostgreSQL", .requires(.postgres))
    struct OnPostgres {
        @Test("records dropped from the end after a head was verified break the chain there; its twin with nothing dropped holds") func droppedFromTheEnd()
            throws
        { try LedgerVerifiedHeadTests().droppedFromTheEnd(kind: .postgres) }
        @Test("a chain rewritten from a record on, every hash recomputed, no longer holds the verified head") func rewritten() throws {
            try LedgerVerifiedHeadTests().rewritten(kind: .postgres)
        }
    }
}
