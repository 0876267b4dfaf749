/// The ledger's schema, as numbered migrations applied in order, the same list for SQLite and
/// PostgreSQL (their SQL is the subset both read alike). `schema_version` holds one row per
/// migration applied; a ledger whose highest version is above ``current`` was made by a newer
/// rial and is refused rather than misread.
///
/// A migration is never edited once released: a change is a new migration at the end.
package enum LedgerMigrations {
    /// One step of the schema.
    package struct Migration: Sendable {
        /// Its number: 1, 2, … with no gap.
        package let version: Int
        /// What it does, for people.
        package let summary: String
        /// The statements, run in one transaction.
        package let statements: [String]
    }

    /// Every migration, oldest first.
    package static let all: [Migration] = [
        Migration(
            version: 1, summary: "the hash-linked records",
            statements: [
                """
                CREATE TABLE ledger_records (
                    seq BIGINT NOT NULL PRIMARY KEY,
                    kind TEXT NOT NULL,
                    run_id TEXT NOT NULL,
                    shard TEXT NOT NULL,
                    host TEXT NOT NULL,
                    tool_version TEXT NOT NULL,
                    policy TEXT NOT NULL,
                    path TEXT,
                    package_id TEXT,
                    fingerprint TEXT,
                    size BIGINT,
                    verdict TEXT,
                    failing_codes TEXT NOT NULL,
                    error_code TEXT,
                    started_at TEXT NOT NULL,
                    ended_at TEXT,
                    detail TEXT,
                    prev_hash TEXT NOT NULL,
                    record_hash TEXT NOT NULL
                )
                """,
                // A package is recorded once per run, whatever the writers do: a rerun of a killed
                // shard, or two workers given the same share, cannot add a second row.
                "CREATE UNIQUE INDEX ledger_records_once_per_run ON ledger_records (run_id, path) WHERE kind = 'package'",
            ]),
        Migration(
            version: 2, summary: "history by path and by package id",
            statements: [
                "CREATE INDEX ledger_records_by_path ON ledger_records (path, seq)",
                "CREATE INDEX ledger_records_by_package_id ON ledger_records (package_id, seq)",
            ]),
        // The heads a writer found whole (every link from genesis recomputed) or wrote itself:
        // a record dropped from the end since is found without a head kept elsewhere. Like the
        // records, these rows are guarded by nothing but their hashes.
        Migration(
            version: 3, summary: "the heads verified, and the vanished and forgotten records",
            statements: [
                "CREATE TABLE ledger_verified_heads (seq BIGINT NOT NULL PRIMARY KEY, record_hash TEXT NOT NULL, verified_at TEXT NOT NULL)"
            ]),
    ]

    /// The schema version this rial writes and reads.
    package static var current: Int { all.last?.version ?? 0 }

    /// Brings the store's schema to ``current``, under the write lock so concurrent first
    /// writers apply each migration once.
    /// - Returns: the versions applied now (empty when the schema was current).
    /// - Throws: ``LedgerError`` `.schemaTooNew`, or `.queryFailed`.
    @discardableResult
    package static func migrate(_ store: any LedgerStore, at time: String) throws(LedgerError) -> [Int] {
        try store.withWriteLock { () throws(LedgerError) -> [Int] in
            try store.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL PRIMARY KEY, applied_at TEXT NOT NULL)", [])
            let installed = try version(of: store)
            guard installed <= current else { throw tooNew(installed, store) }
            var applied: [Int] = []
            for migration in all where migration.version > installed {
                for statement in migration.statements { try store.execute(statement, []) }
                try store.execute("INSERT INTO schema_version (version, applied_at) VALUES (?, ?)", [.integer(Int64(migration.version)), .text(time)])
                applied.append(migration.version)
            }
            return applied
        }
    }

    /// The highest migration applied to the store; 0 for an empty database.
    /// - Throws: ``LedgerError`` `.queryFailed`, `.malformedRow`.
    package static func version(of store: any LedgerStore) throws(LedgerError) -> Int {
        let rows = try store.query("SELECT MAX(version) FROM schema_version", [])
        guard let first = rows.first, let cell = first.first else { return 0 }
        guard let cell else { return 0 }
        guard let version = Int(cell) else { throw LedgerError(.malformedRow, "\(store.displayName): schema_version holds \"\(cell)\", not a number") }
        return version
    }

    /// Refuses a store that is not a rial ledger at ``current``, for commands that only read.
    /// - Throws: ``LedgerError`` `.cannotOpen` (no ledger there), `.schemaTooNew`.
    package static func requireCurrent(_ store: any LedgerStore) throws(LedgerError) {
        guard try store.hasTable("schema_version") else {
            let empty = try !store.hasTable("ledger_records")
            throw LedgerError(
                .cannotOpen,
                empty
                    ? "\(store.displayName) holds no rial ledger yet: the first `rial audit --ledger \(store.displayName)` creates one"
                    : "\(store.displayName) is not a rial ledger: it has no schema_version table")
        }
        let installed = try version(of: store)
        guard installed <= current else { throw tooNew(installed, store) }
        guard installed == current else {
            throw LedgerError(
                .cannotOpen, "\(store.displayName) is at ledger schema version \(installed); run `rial audit` with it once to bring it to \(current)")
        }
    }

    private static func tooNew(_ installed: Int, _ store: any LedgerStore) -> LedgerError {
        LedgerError(
            .schemaTooNew, "\(store.displayName) is at ledger schema version \(installed), made by a newer rial; this rial knows versions up to \(current)")
    }
}
