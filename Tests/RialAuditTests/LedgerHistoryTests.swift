import Foundation
import Testing
import RialAudit
import RialFormat
import RialLedger

/// `rial ledger history` in process: by path in any spelling or by package id, across a move,
/// records at or after a break in the chain marked.
@Suite("Ledger history in process", .serialized)
struct LedgerHistoryTests {
    @Test("by any spelling of the path and by package id; a move followed; an edited record and the ones after it marked, the break named")
    func history() throws {
        let store = try AuditStore()
        defer { store.remove() }
        for index in 1...2 { try store.add("p\(index).rialpkg", id: "guard-\(index)") }
        let ledger = try store.ledger(.sqlite)
        _ = try store.audit(store.options(ledger, run: "a"))
        try store.move("p2.rialpkg", to: "p2-renamed.rialpkg")
        _ = try store.audit(store.options(ledger, run: "b"))
        _ = try store.audit(store.options(ledger, run: "c"))
        let opened = try Ledger.openForReading(ledger)
        let byPath = try LedgerHistory(of: store.directory + "/./store/p1.rialpkg", in: opened, storePath: StorePath())
        #expect(byPath.records.count == 3 && byPath.records.allSatisfy { $0.kind == .package } && byPath.chain.isIntact)
        #expect(byPath.text().hasPrefix("3 records of \(store.directory)/./store/p1.rialpkg:\n  SEQ  TIME"), "\(byPath.text())")
        // Aligned: the time starts at one column on every row.
        let lines = byPath.text().split(separator: "\n").dropFirst().map(String.init)
        let header = try #require(lines.first)
        let column = try #require(header.range(of: "TIME")).lowerBound.utf16Offset(in: header)
        for row in lines.dropFirst() {
            #expect(Array(row.utf8).dropFirst(column).starts(with: Array("20".utf8)) && row.utf8.count > column, "a time under TIME: \(byPath.text())")
        }
        let byID = try LedgerHistory(of: "guard-2", in: opened, storePath: StorePath())
        #expect(byID.records.count == 4 && byID.records.filter { $0.kind == .moved }.count == 1, "\(byID.records.map(\.kind))")
        #expect(byID.text().contains("MOVED") && byID.text().contains("to \(AuditTests.real(store.store))/p2-renamed.rialpkg"))
        #expect(try LedgerHistory(of: "nothing", in: opened, storePath: StorePath()).records.isEmpty)

        let edited = try #require(byPath.records.dropFirst().first?.seq)
        try AuditStore.edit(ledger, "UPDATE ledger_records SET host = 'elsewhere' WHERE seq = \(edited)")
        let broken = try LedgerHistory(of: store.store + "/p1.rialpkg", in: Ledger.openForReading(ledger), storePath: StorePath())
        #expect(!broken.chain.isIntact && broken.chain.firstBreak?.seq == edited)
        let rows = broken.text().split(separator: "\n").filter { $0.contains("PASS") }
        #expect(rows.map { $0.hasPrefix("  ! ") } == [false, true, true], "the edited record and the one after it are marked: \(broken.text())")
        #expect(broken.text().contains("! the ledger's hash chain breaks at seq \(edited) (`rial ledger verify`)"))
    }
}
