import Foundation
import Testing
import RialTestSupport
@testable import RialLedger

/// The schema's migrations: applied once each, in order, on both stores; a newer ledger refused.
@Suite("Ledger migrations")
struct LedgerMigrationsTests {
    @Test("the migrations are numbered 1, 2, … without a gap")
    func numbering() {
        #expect(LedgerMigrations.all.map(\.version) == Array(1...LedgerMigrations.all.count))
    }

    @Test("a new ledger gets every migration once; opening it again applies none", arguments: [StoreKind.sqlite])
    func appliedOnce(kind: StoreKind) throws {
        try withTemporaryDirectory { dir in
            let location = try TestStores.emptyLocation(kind, in: dir)
            let store = try location.open(creating: true)
            #expect(try LedgerMigrations.migrate(store, at: "2026-11-26T00:00:00.000Z") == LedgerMigrations.all.map(\.version))
            #expect(try LedgerMigrations.migrate(store, at: "2026-11-26T00:00:01.000Z") == [])
            let rows = try store.query("SELECT version FROM schema_version ORDER BY version", [])
            #expect(rows.map { $0.first ?? nil } == LedgerMigrations.all.map { String($0.version) })
            #expect(try LedgerMigrations.version(of: store) == LedgerMigrations.current)
        }
    }

    @Test("a ledger at version 1 is brought to the current version, its records kept", arguments: [StoreKind.sqlite])
    func upgrade(kind: StoreKind) throws {
        try withTemporaryDirectory { dir in
            let location = try TestStores.emptyLocation(kind, in: dir)
            let store = try location.open(creating: true)
            try store.execute("CREATE TABLE schema_version (version INTEGER NOT NULL PRIMARY KEY, applied_at TEXT NOT NULL)", [])
            for statement in LedgerMigrations.all[0].statements { try store.execute(statement, []) }
            try store.execute("INSERT INTO schema_version (version, applied_at) VALUES (1, 'then')", [])
            #expect(throws: LedgerError.self) { try Ledger.openForReading(location) }
            try Ledger(store: store).append([packageRecord("a")])
            let ledger = try Ledger.openForWriting(location, at: "now")
            #expect(try LedgerMigrations.version(of: ledger.store) == LedgerMigrations.current)
            #expect(try LedgerChainCheck.run(on: ledger).recordCount == 1)
        }
    }

    @Test("a ledger made by a newer rial is refused, for writing and for reading", arguments: [StoreKind.sqlite])
    func tooNew(kind: StoreKind) throws {
        try withTemporaryDirectory { dir in
            let location = try TestStores.emptyLocation(kind, in: dir)
            let ledger = try Ledger.openForWriting(location, at: "now")
            try ledger.store.execute("INSERT INTO schema_version (version, applied_at) VALUES (?, 'later')", [.integer(Int64(LedgerMigrations.current + 1))])
            for open in [{ _ = try Ledger.openForWriting(location, at: "now") }, { _ = try Ledger.openForReading(location) }] {
                do {
                    try open()
                    Issue.record("a newer ledger was opened")
                } catch let error as LedgerError {
                    #expect(error.code == .schemaTooNew)
                }
            }
        }
    }

    @Test("a file that is not a ledger, or none at all, is refused for reading and left alone")
    func notALedger() throws {
        try withTemporaryDirectory { dir in
            let missing = dir.appendingPathComponent("none.sqlite").path
            #expect(throws: LedgerError.self) { try Ledger.openForReading(.sqlite(path: missing)) }
            #expect(!FileManager.default.fileExists(atPath: missing), "reading creates nothing")
            let text = dir.appendingPathComponent("notes.txt")
            try Data("not a database\n".utf8).write(to: text)
            do {
                _ = try Ledger.openForWriting(.sqlite(path: text.path), at: "now")
                Issue.record("a text file was opened as a ledger")
            } catch let error as LedgerError {
                #expect(error.code == .cannotOpen)
            }
            #expect(try Data(contentsOf: text) == Data("not a database\n".utf8))
        }
    }
}

extension LedgerMigrationsTests {
    /// The cases above on PostgreSQL: skipped without a server (RIAL_TEST_POSTGRES_URL), failed
    /// without one when RIAL_REQUIRE_POSTGRES=1 (make test).
    @Suite("on PostgreSQL", .requires(.postgres))
    struct OnPostgres {
        @Test("a new ledger gets every migration once; opening it again applies none") func appliedOnce() throws {
            try LedgerMigrationsTests().appliedOnce(kind: .postgres)
        }
        @Test("a ledger at version 1 is brought to the current version, its records kept") func upgrade() throws {
            try LedgerMigrationsTests().upgrade(kind: .postgres)
        }
        @Test("a ledger made by a newer rial is refused, for writing and for reading") func tooNew() throws {
            try LedgerMigrationsTests().tooNew(kind: .postgres)
        }
    }
}
