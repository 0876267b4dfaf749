internal import CRialSQLite
#if canImport(Glibc)
import Glibc
#endif

/// A ledger in one SQLite file: the embedded default. WAL mode, so readers never wait for the
/// writer and a crash leaves every committed transaction whole and nothing of the rest;
/// writers take the lock with `BEGIN IMMEDIATE` and wait up to ``busyTimeoutMilliseconds``
/// for one another.
package final class SQLiteLedgerStore: LedgerStore {
    /// How long a writer waits for another's transaction: a commit takes milliseconds, so
    /// this is only reached when something holds the file for far longer than any audit does.
    package static let busyTimeoutMilliseconds: Int32 = 120_000

    package let displayName: String
    private let database: OpaquePointer

    /// Opens (and with `creating`, creates) the ledger file at `path`.
    /// - Throws: ``LedgerError`` `.cannotOpen`.
    package init(path: String, creating: Bool) throws(LedgerError) {
        displayName = path
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (creating ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_FULLMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            if let handle { sqlite3_close_v2(handle) }
            throw LedgerError(.cannotOpen, "cannot open the ledger \(path): \(message)")
        }
        database = handle
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(handle, 1)
        do {
            // WAL is a property of the file, kept once set. Switching a new file to it needs a
            // lock that SQLite reports busy at once, without waiting out the busy timeout, while
            // another worker opening the same new ledger switches it: try again, for as long as
            // the busy timeout (four `rial audit --shard` workers start together).
            var waited: Int32 = 0
            while true {
                do {
                    _ = try query("PRAGMA journal_mode=WAL", [])
                    break
                } catch  where sqlite3_errcode(handle) & 0xFF == SQLITE_BUSY && waited < Self.busyTimeoutMilliseconds {
                    usleep(20_000)
                    waited += 20
                }
            }
            // Not a database at all (a text file given by mistake) shows here, not mid-audit.
            _ = try query("SELECT count(*) FROM sqlite_master", [])
        } catch {
            sqlite3_close_v2(handle)
            throw LedgerError(.cannotOpen, "cannot open the ledger \(path)", cause: error)
        }
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(database)
    }

    /// Prepared statements by their text: an audit runs the same few thousands of times.
    private var statements: [String: OpaquePointer] = [:]

    @discardableResult
    package func execute(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) -> Int {
        _ = try run(sql, parameters)
        return Int(sqlite3_changes(database))
    }

    package func query(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) -> [[String?]] {
        try run(sql, parameters)
    }

    private func run(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) -> [[String?]] {
        let statement: OpaquePointer
        if let cached = statements[sql] {
            statement = cached
        } else {
            var prepared: OpaquePointer?
            guard sqlite3_prepare_v2(database, sql, -1, &prepared, nil) == SQLITE_OK, let fresh = prepared else {
                throw failure("cannot prepare \(Self.firstWords(sql))")
            }
            statement = fresh
            statements[sql] = fresh
        }
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, parameter) in parameters.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32 =
                switch parameter {
                case .null: sqlite3_bind_null(statement, index)
                case .integer(let number): sqlite3_bind_int64(statement, index, number)
                case .text(let text): crial_sqlite_bind_text(statement, index, text, -1)
                }
            guard status == SQLITE_OK else { throw failure("cannot bind parameter \(index) of \(Self.firstWords(sql))") }
        }
        var rows: [[String?]] = []
        let columns = sqlite3_column_count(statement)
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw failure("\(Self.firstWords(sql)) failed") }
            var row: [String?] = []
            row.reserveCapacity(Int(columns))
            for column in 0..<columns {
                if sqlite3_column_type(statement, column) == SQLITE_NULL {
                    row.append(nil)
                } else if let text = sqlite3_column_text(statement, column) {
                    let count = Int(sqlite3_column_bytes(statement, column))
                    row.append(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
                } else {
                    row.append(nil)
                }
            }
            rows.append(row)
        }
        return rows
    }

    package func hasTable(_ name: String) throws(LedgerError) -> Bool {
        try query("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(name)]).first?.first != .some("0")
    }

    // IMMEDIATE takes the write lock now, before the head is read; a DEFERRED transaction
    // would read first and could then find another writer's commit in its way. In WAL mode,
    // NORMAL skips the disk sync of the commit; FULL syncs the log, and with it every commit
    // before it.
    package func beginWriteLock(durable: Bool) -> [String] {
        [durable ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL", "BEGIN IMMEDIATE"]
    }

    private func failure(_ what: String) -> LedgerError {
        LedgerError(.queryFailed, "\(displayName): \(what): \(String(cString: sqlite3_errmsg(database)))")
    }

    /// The statement's first words, to say which one failed without quoting all of it.
    static func firstWords(_ sql: String) -> String {
        sql.split(separator: " ").prefix(4).joined(separator: " ")
    }
}
