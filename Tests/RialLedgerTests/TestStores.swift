import Foundation
import Testing
@testable import RialLedger

/// The stores every ledger test runs on: a SQLite file in a temporary directory, and a fresh
/// database on the PostgreSQL server of `RIAL_TEST_POSTGRES_URL` (scripts/test-postgres.sh,
/// started by `make test`). The PostgreSQL cases are suites of their own marked
/// `.requires(.postgres)`: skipped without a server, failed without one when
/// `RIAL_REQUIRE_POSTGRES=1` (set by `make test`).
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres
    var testDescription: String { rawValue }
}

enum TestStores {
    static let postgresURL = ProcessInfo.processInfo.environment["RIAL_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    struct Unavailable: Error, CustomStringConvertible {
        let description = "RIAL_TEST_POSTGRES_URL is not set: start a server with scripts/test-postgres.sh start (make test does)"
    }

    /// A location of an empty ledger of `kind`.
    /// - Throws: ``Unavailable`` for PostgreSQL without a server (not reached from a test
    ///   marked `.requires(.postgres)`, which is skipped or failed before it runs).
    static func emptyLocation(_ kind: StoreKind, in directory: URL) throws -> LedgerLocation {
        switch kind {
        case .sqlite:
            return .sqlite(path: directory.appendingPathComponent("ledger.sqlite").path)
        case .postgres:
            guard let url = postgresURL else { throw Unavailable() }
            return .postgres(url: try freshDatabase(on: url))
        }
    }

    /// Creates a database of its own on the server at `url` and returns its URL.
    static func freshDatabase(on url: String) throws -> String {
        let name = "rial_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try PostgresLedgerStore(url: url)
        try admin.execute("CREATE DATABASE \(name)", [])
        guard let slash = url.range(of: "/", options: .backwards), url[..<slash.lowerBound].contains("@") else { return url }
        return String(url[..<slash.upperBound]) + name
    }
}

/// Runs `body` with a new, unique directory that is removed afterwards.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rial-ledger-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    return try body(dir)
}

/// A package record for tests.
func packageRecord(
    _ path: String, run: String = "run-1", fingerprint: String = String(repeating: "a", count: 64),
    verdict: String = "pass", id: String? = "pkg-1", at time: String = "2026-11-26T00:00:00.000Z"
) -> LedgerRecord {
    LedgerRecord(
        kind: .package, runID: run, shard: "all", host: "test", toolVersion: "0.1.0", policy: "{}", path: path,
        packageID: id, fingerprint: fingerprint, size: 100, verdict: verdict, failingCodes: verdict == "fail" ? ["payload.digest-mismatch"] : [],
        startedAt: time, endedAt: time)
}
