internal import CRialPQ
#if canImport(Glibc)
import Glibc
#endif

/// A ledger in a PostgreSQL database, shared by a team or by the workers of one job: the same
/// schema as the SQLite file; writers serialise on a transaction-scoped advisory lock.
package final class PostgresLedgerStore: LedgerStore {
    /// The advisory lock every writer of a rial ledger takes: "rialledg" as a big-endian
    /// integer, so it is unlikely to meet another application's lock in the same database.
    package static let advisoryLockKey: Int64 = 0x7269_616C_6C65_6467

    package let displayName: String
    private let connection: OpaquePointer

    /// Connects to `url` (a libpq connection URI, `postgresql://user@host:port/db`).
    /// - Throws: ``LedgerError`` `.cannotOpen`.
    package init(url: String) throws(LedgerError) {
        displayName = Self.withoutPassword(url)
        guard let connection = PQconnectdb(url) else {
            throw LedgerError(.cannotOpen, "cannot connect to the ledger \(displayName): out of memory")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.connectionMessage(Self.text(PQerrorMessage(connection)))
            PQfinish(connection)
            var advice = ""
            if message.contains("does not exist") {
                let (user, database) = Self.userAndDatabase(url)
                advice =
                    message.contains("database")
                    ? ": create the database first (`createdb -O \(user) \(database)`), or fix the URL"
                    : ": create the role first (`createuser \(user)`), or fix the URL"
            }
            throw LedgerError(.cannotOpen, "cannot connect to the ledger \(displayName): \(message)\(advice)")
        }
        self.connection = connection
        // Notices (e.g. "relation already exists, skipping") are not the user's business.
        try execute("SET client_min_messages TO warning", [])
    }

    deinit { PQfinish(connection) }

    @discardableResult
    package func execute(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) -> Int {
        var changed = 0
        _ = try run(sql, parameters) { result in changed = Int(String(cString: PQcmdTuples(result))) ?? 0 }
        return changed
    }

    package func query(_ sql: String, _ parameters: [SQLValue]) throws(LedgerError) -> [[String?]] {
        try run(sql, parameters) { _ in }
    }

    private func run(_ sql: String, _ parameters: [SQLValue], inspect: (OpaquePointer) -> Void) throws(LedgerError) -> [[String?]] {
        let numbered = Self.numberedPlaceholders(sql)
        let texts: [String?] = parameters.map { parameter in
            switch parameter {
            case .null: nil
            case .integer(let number): String(number)
            case .text(let text): text
            }
        }
        // Every parameter is sent as text and typed by the server from its context.
        let result: OpaquePointer? = Self.withCStrings(texts) { pointers in
            PQexecParams(connection, numbered, Int32(pointers.count), nil, pointers, nil, nil, 0)
        }
        guard let result else { throw failure("\(SQLiteLedgerStore.firstWords(sql)) failed", detail: Self.text(PQerrorMessage(connection))) }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            // The server's one-line message, not libpq's whole report (the statement, a caret).
            let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) } ?? Self.text(PQresultErrorMessage(result))
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            if state == "42501" {
                let (user, database) = Self.userAndDatabase(displayName)
                throw LedgerError(
                    .notPermitted,
                    "\(displayName): \(primary): the role may not \(sql.hasPrefix("CREATE") ? "create the ledger's tables" : "do what the ledger needs") there. The database's owner can run `GRANT CREATE ON SCHEMA public TO \(user)` once (or make the role own the database: `createdb -O \(user) \(database)`); after the first audit the role needs only SELECT and INSERT"
                )
            }
            throw failure("\(SQLiteLedgerStore.firstWords(sql)) failed", detail: primary)
        }
        inspect(result)
        var rows: [[String?]] = []
        let rowCount = PQntuples(result)
        let columnCount = PQnfields(result)
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            var values: [String?] = []
            for column in 0..<columnCount {
                values.append(PQgetisnull(result, row, column) == 1 ? nil : Self.text(PQgetvalue(result, row, column)))
            }
            rows.append(values)
        }
        return rows
    }

    package func hasTable(_ name: String) throws(LedgerError) -> Bool {
        try query("SELECT to_regclass(?) IS NOT NULL", [.text(name)]).first?.first == .some("t")
    }

    /// The role and the database a URL names, for advice (`USER`, `DBNAME` when it names none).
    static func userAndDatabase(_ url: String) -> (user: String, database: String) {
        guard let schemeEnd = url.range(of: "://") else { return ("USER", "DBNAME") }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        var user = "USER"
        if let at = authority.lastIndex(of: "@") {
            let name = authority[..<at].prefix { $0 != ":" }
            if !name.isEmpty { user = String(name) }
        }
        let path = rest.dropFirst(authority.count).dropFirst().prefix { $0 != "?" }
        return (user, path.isEmpty ? "DBNAME" : String(path))
    }

    /// libpq's connection message on one line: `connection to server at "h", port p failed: FATAL:  database "x" does not exist` → `database "x" does not exist`.
    static func connectionMessage(_ message: String) -> String {
        var text = message.split(separator: "\n").first.map(String.init) ?? message
        if let fatal = text.range(of: "FATAL:") { text = String(text[fatal.upperBound...]) }
        return text.trimmingCharacters()
    }

    // The advisory lock is released by COMMIT or ROLLBACK, or when the connection ends.
    // synchronous_commit off: the server answers before its log is flushed, as SQLite's NORMAL.
    package func beginWriteLock(durable: Bool) -> [String] {
        ["BEGIN"] + (durable ? [] : ["SET LOCAL synchronous_commit TO off"])
            + ["SELECT pg_advisory_xact_lock(\(PostgresLedgerStore.advisoryLockKey))"]
    }

    private func failure(_ what: String, detail: String) -> LedgerError {
        LedgerError(.queryFailed, "\(displayName): \(what): \(detail.trimmingSuffix())")
    }

    /// `?` becomes `$1`, `$2`, …: the ledger's statements hold no `?` inside a literal.
    static func numberedPlaceholders(_ sql: String) -> String {
        var out = ""
        var number = 0
        for character in sql {
            if character == "?" {
                number += 1
                out += "$\(number)"
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The URL without a password (`postgresql://user:secret@host/db` → `postgresql://user@host/db`),
    /// so messages and reports never show one.
    package static func withoutPassword(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        guard let at = rest.firstIndex(of: "@") else { return url }
        let userInfo = rest[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return url }
        return String(url[..<schemeEnd.upperBound]) + userInfo[..<colon] + rest[at...]
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private static func withCStrings<Result>(_ texts: [String?], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
        let owned: [UnsafeMutablePointer<CChar>?] = texts.map { $0.flatMap { strdup($0) } }
        defer { for pointer in owned { free(pointer) } }
        return body(owned.map { UnsafePointer($0) })
    }
}

private extension String {
    func trimmingSuffix() -> String {
        var text = self
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }

    func trimmingCharacters() -> String {
        String(trimmingSuffix().drop { $0.isWhitespace })
    }
}
