import Foundation
import Testing
import RialTestSupport
@testable import RialLedger

/// Appending, reading back and the hash links, on SQLite and on PostgreSQL alike.
@Suite("Ledger")
struct LedgerTests {
    @Test("records get seq 1, 2, 3 and each prev_hash is the record_hash before it", arguments: [StoreKind.sqlite])
    func appendLinks(kind: StoreKind) throws {
        try withTemporaryDirectory { dir in
            let location = try TestStores.emptyLocation(kind, in: dir)
            let ledger = try Ledger.openForWriting(location, at: "2026-11-26T00:00:00.000Z")
            let first = try ledger.append([packageRecord("a"), packageRecord("b")])
            let second = try ledger.append([packageRecord("c", run: "run-2")])
            #expect(first.map(\.seq) == [1, 2])
            #expect(second.map(\.seq) == [3])
            #expect(first[0].prevHash == LedgerRecordHash.genesis)
            #expect(first[1].prevHash == first[0].recordHash)
            #expect(second[0].prevHash == first[1].recordHash)
            var read: [LedgerRecord] = []
            try ledger.forEachRow { (row: Result<LedgerRecord, LedgerError>) throws(LedgerError) in read.append(try row.get()) }
            #expect(read == first + second, "a record reads back as it was written")
            let check = try LedgerChainCheck.run(on: ledger, expectingHash: first[1].recordHash)
            #expect(check.isIntact && check.recordCount == 3 && check.head?.seq == 3 && check.holdsExpectedHash)
        }
    }

    @Test("a path already recorded in the run is left out, in the same call or a later one", arguments: [StoreKind.sqlite])
    func oncePerRun(kind: StoreKind) throws {
        try withTemporaryDirectory { dir in
            let location = try TestStores.emptyLocation(kind, in: dir)
            let ledger = try Ledger.openForWriting(location, at: "2026-11-26T00:00:00.000Z")
            #expect(try ledger.append([packageRecord("a"), packageRecord("a")]).count == 1)
            #expect(try ledger.append([packageRecord("a"), packageRecord("b")]).map(\.path) == ["b"])
            #expect(try ledger.append([packageRecord("a", run: "run-2")]).count == 1, "another run records it again")
            #expect(try ledger.recordedPaths(inRun: "run-1") == ["a", "b"])
            #expect(try ledger.history(of: "a").filter { $0.path == "a" }.map(\.runID) == ["run-1", "run-2"])
            #expect(try ledger.history(of: "a").map(\.path) == ["a", "b", "a"], "b holds the same package id: one history")
            #expect(try ledger.history(of: "pkg-1").count == 3, "history by package id")
            #expect(try ledger.latestPackageRecords(excludingRun: "run-2").map(\.path) == ["a", "b"])
        }
    }

    @Test("the latest record per path, under the audit's roots only", arguments: [StoreKind.sqlite])
    func latestUnderRoots(kind: StoreKind) throws {
        try withTemporaryDirectory { dir in
            let location = try TestStores.emptyLocation(kind, in: dir)
            let ledger = try Ledger.openForWriting(location, at: "2026-11-26T00:00:00.000Z")
            try ledger.append(["s/a", "s/b", "s2/c", "s", "é/d", "x"].map { packageRecord($0) })
            try ledger.append([packageRecord("s/a", run: "run-2", verdict: "fail")])
            let latest = try ledger.latestPackageRecords(excludingRun: "run-3", under: ["s", "é"])
            #expect(latest.map(\.path) == ["s/b", "s", "é/d", "s/a"], "s2/c and x are outside; s/a's newest")
            #expect(latest.last?.verdict == "fail")
            #expect(try ledger.latestPackageRecords(excludingRun: "run-2", under: ["s/"]).map(\.path) == ["s/a", "s/b", "s"])
            #expect(try ledger.latestPackageRecords(excludingRun: "run-3", under: ["/"]).isEmpty)
            #expect(try ledger.latestPackageRecords(excludingRun: "run-3").count == 6)
        }
    }

    @Test("an edited, a dropped and a reordered record each break the chain at that record", arguments: [StoreKind.sqlite])
    func tampering(kind: StoreKind) throws {
        let swap = [
            "UPDATE ledger_records SET seq = -2 WHERE seq = 2", "UPDATE ledger_records SET seq = 2 WHERE seq = 3",
            "UPDATE ledger_records SET seq = 3 WHERE seq = -2",
        ]
        for (edits, brokenSeq) in [
            (["UPDATE ledger_records SET verdict = 'pass' WHERE seq = 3"], Int64(3)),
            (["DELETE FROM ledger_records WHERE seq = 2"], Int64(3)),
            (swap, Int64(2)),
            (["UPDATE ledger_records SET path = 'x', record_hash = 'f' WHERE seq = 4"], Int64(4)),
            // A copy of a whole record planted below seq 1: a full check reads every row, so it
            // does not stand outside the chain (it did: the check read from seq 1 on).
            (
                [
                    "INSERT INTO ledger_records SELECT -7 AS seq, \(Ledger.columns.replacingOccurrences(of: "seq, ", with: "").replacingOccurrences(of: "run_id", with: "'planted' AS run_id")) FROM ledger_records WHERE seq = 2"
                ], Int64(-7)
            ),
        ] {
            try withTemporaryDirectory { dir in
                let location = try TestStores.emptyLocation(kind, in: dir)
                let ledger = try Ledger.openForWriting(location, at: "2026-11-26T00:00:00.000Z")
                try ledger.append(["a", "b", "c", "d", "e"].map { packageRecord($0, verdict: $0 == "c" ? "fail" : "pass") })
                #expect(try LedgerChainCheck.run(on: ledger).isIntact)
                for edit in edits { try ledger.store.execute(edit, []) }
                let check = try LedgerChainCheck.run(on: ledger)
                #expect(check.firstBreak?.seq == brokenSeq, "\(edits): \(String(describing: check.firstBreak))")
                #expect(check.recordCount >= 4)
            }
        }
    }

    @Test("concurrent writers on eight threads never fork the chain or lose a record", arguments: [StoreKind.sqlite])
    func concurrentWriters(kind: StoreKind) throws {
        try withTemporaryDirectory { dir in
            let location = try TestStores.emptyLocation(kind, in: dir)
            _ = try Ledger.openForWriting(location, at: "2026-11-26T00:00:00.000Z")
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: 8) { writer in
                do {
                    // A connection of its own per writer, as separate processes have.
                    let ledger = try Ledger.openForWriting(location, at: "2026-11-26T00:00:00.000Z")
                    for batch in 0..<10 {
                        try ledger.append((0..<3).map { packageRecord("w\(writer)-\(batch)-\($0)") })
                    }
                } catch {
                    failures.add("\(error)")
                }
            }
            #expect(failures.all.isEmpty)
            let ledger = try Ledger.openForReading(location)
            let check = try LedgerChainCheck.run(on: ledger)
            #expect(check.isIntact && check.recordCount == 240, "\(String(describing: check.firstBreak))")
            #expect(try ledger.recordedPaths(inRun: "run-1").count == 240)
        }
    }

    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ item: String) { lock.lock(); items.append(item); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
    }
}

extension LedgerTests {
    /// The cases above on PostgreSQL: skipped without a server (RIAL_TEST_POSTGRES_URL), failed
    /// without one when RIAL_REQUIRE_POSTGRES=1 (make test).
    @Suite("on PostgreSQL", .requires(.postgres))
    struct OnPostgres {
        @Test("records get seq 1, 2, 3 and each prev_hash is the record_hash before it") func appendLinks() throws {
            try LedgerTests().appendLinks(kind: .postgres)
        }
        @Test("a path already recorded in the run is left out, in the same call or a later one") func oncePerRun() throws {
            try LedgerTests().oncePerRun(kind: .postgres)
        }
        @Test("the latest record per path, under the audit's roots only") func latestUnderRoots() throws { try LedgerTests().latestUnderRoots(kind: .postgres) }
        @Test("an edited, a dropped and a reordered record each break the chain at that record") func tampering() throws {
            try LedgerTests().tampering(kind: .postgres)
        }
        @Test("concurrent writers on eight threads never fork the chain or lose a record") func concurrentWriters() throws {
            try LedgerTests().concurrentWriters(kind: .postgres)
        }
    }
}
