import Foundation
import Testing

/// The ledgers the audit tests write, and the database's own command line (sqlite3, psql) as
/// the outside judge of what is in them. PostgreSQL comes from `RIAL_TEST_POSTGRES_URL`
/// (scripts/test-postgres.sh, started by `make test`); the PostgreSQL cases are marked
/// `.requires(.postgres)`: skipped without it, failed when `RIAL_REQUIRE_POSTGRES=1` (make test).
enum LedgerOracle {
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    static let postgresURL = ProcessInfo.processInfo.environment["RIAL_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// A `--ledger` value for an empty ledger of `kind`.
    /// - Throws: when PostgreSQL has no server (not reached from a test marked `.requires(.postgres)`).
    static func ledger(_ kind: Kind, in dir: URL) throws -> String {
        switch kind {
        case .sqlite:
            _ = try Oracle.tool("sqlite3")
            return dir.appendingPathComponent("ledger.sqlite").path
        case .postgres:
            guard let url = postgresURL else {
                throw Oracle.OracleMissing(message: "RIAL_TEST_POSTGRES_URL is not set (scripts/test-postgres.sh start; make test does)")
            }
            _ = try Oracle.tool("psql")
            let name = "rial_cli_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            let created = CLI.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-qc", "CREATE DATABASE \(name)"], cwd: dir)
            try #require(created.status == 0, "psql could not create a database: \(created)")
            guard let slash = url.range(of: "/", options: .backwards) else { return url }
            return String(url[..<slash.upperBound]) + name
        }
    }

    /// Runs `sql` with the database's own client; the rows, fields separated by `|`.
    static func query(_ ledger: String, _ sql: String, cwd: URL) throws -> [String] {
        let args = ledger.hasPrefix("postgresql://") ? ["psql", ledger, "-v", "ON_ERROR_STOP=1", "-tAc", sql] : ["sqlite3", ledger, sql]
        let result = CLI.run(args, cwd: cwd)
        try #require(result.status == 0, "\(args[0]) failed: \(result)")
        return result.stdout.split(separator: "\n").map(String.init)
    }
}
