/// An audit ledger: hash-linked records of every verification, in any ``LedgerStore``.
///
/// The logic lives here once: appending under the store's write lock, the hash links, reading
/// records back and the queries behind `rial audit` and `rial ledger`.
package final class Ledger {
    /// The database underneath.
    package let store: any LedgerStore

    /// The columns of `ledger_records`, in the order every query reads them.
    static let columns =
        "seq, kind, run_id, shard, host, tool_version, policy, path, package_id, fingerprint, size, verdict, failing_codes, error_code, started_at, ended_at, detail, prev_hash, record_hash"

    /// How many records a read fetches at once: bounds memory on a ledger of any length.
    static let pageSize = 1_000

    /// A ledger over an open store whose schema is current.
    package init(store: any LedgerStore) {
        self.store = store
    }

    /// Opens the ledger for writing: creates a SQLite file if needed and brings the schema to
    /// the current version.
    /// - Throws: ``LedgerError``.
    package static func openForWriting(_ location: LedgerLocation, at time: String) throws(LedgerError) -> Ledger {
        let store = try location.open(creating: true)
        try LedgerMigrations.migrate(store, at: time)
        return Ledger(store: store)
    }

    /// Opens an existing ledger for reading; changes nothing, creates nothing.
    /// - Throws: ``LedgerError`` `.cannotOpen` when there is no ledger there, `.schemaTooNew`.
    package static func openForReading(_ location: LedgerLocation) throws(LedgerError) -> Ledger {
        let store = try location.open(creating: false)
        try LedgerMigrations.requireCurrent(store)
        return Ledger(store: store)
    }

    /// Appends records in one transaction, under the write lock: each gets the next `seq`,
    /// the head's hash as `prev_hash`, and its own `record_hash`. A package record for a path
    /// this run already recorded is left out, so a rerun adds nothing twice.
    /// - Parameter durable: whether the commit waits for the disk (``LedgerStore/beginWriteLock(durable:)``).
    /// - Returns: the records as stored, without those left out.
    /// - Throws: ``LedgerError``; then nothing of this call is stored.
    @discardableResult
    package func append(_ drafts: [LedgerRecord], durable: Bool = true) throws(LedgerError) -> [LedgerRecord] {
        guard !drafts.isEmpty else { return [] }
        return try store.withWriteLock(durable: durable) { () throws(LedgerError) -> [LedgerRecord] in
            var (seq, previous) = try headLocked()
            var stored: [LedgerRecord] = []
            for draft in drafts {
                var record = draft
                record.seq = seq + 1
                record.prevHash = previous
                record.recordHash = try LedgerRecordHash.hash(record)
                // The unique index on (run_id, path) turns a package this run already recorded
                // into no row; then the head stays where it was.
                guard try insert(record) == 1 else { continue }
                seq = record.seq
                previous = record.recordHash
                stored.append(record)
            }
            return stored
        }
    }

    /// The newest record's seq and hash: (0, genesis) for an empty ledger.
    package func head() throws(LedgerError) -> (seq: Int64, hash: String) {
        try headLocked()
    }

    private func headLocked() throws(LedgerError) -> (seq: Int64, hash: String) {
        guard let row = try store.query("SELECT seq, record_hash FROM ledger_records ORDER BY seq DESC LIMIT 1", []).first else {
            return (0, LedgerRecordHash.genesis)
        }
        guard row.count == 2, let seqText = row[0], let seq = Int64(seqText), let hash = row[1] else {
            throw LedgerError(.malformedRow, "\(store.displayName): the newest record's seq or record_hash is not what the schema allows")
        }
        return (seq, hash)
    }

    /// - Returns: 1 when the row was inserted, 0 when the once-per-run index refused it.
    private func insert(_ record: LedgerRecord) throws(LedgerError) -> Int {
        try store.execute(
            "INSERT INTO ledger_records (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            [
                .integer(record.seq), .text(record.kind.rawValue), .text(record.runID), .text(record.shard), .text(record.host),
                .text(record.toolVersion), .text(record.policy), .optional(record.path), .optional(record.packageID),
                .optional(record.fingerprint), .optional(record.size), .optional(record.verdict),
                .text(record.failingCodes.joined(separator: " ")), .optional(record.errorCode), .text(record.startedAt),
                .optional(record.endedAt), .optional(record.detail), .text(record.prevHash), .text(record.recordHash),
            ])
    }

    /// Every record in `seq` order, a page at a time; `body` gets each row read back, or the
    /// reason it cannot be (a hand-edited value the schema does not allow) with the row's seq.
    /// - Throws: ``LedgerError`` `.queryFailed`, or what `body` throws.
    /// - Parameter after: read only the records whose seq is above this one; `nil`: every row
    ///   of the table, those whose seq is 0 or below included (no record is written so, and a
    ///   row planted there must break the chain, not stand outside it).
    package func forEachRow(after: Int64? = nil, _ body: (Result<LedgerRecord, LedgerError>) throws(LedgerError) -> Void) throws(LedgerError) {
        // Paged by position, not by seq: an edited seq must not hide the rows after it.
        var offset = 0
        while true {
            let page: [SQLValue] = [.integer(Int64(Self.pageSize)), .integer(Int64(offset))]
            let rows: [[String?]]
            if let after {
                rows = try store.query("SELECT \(Self.columns) FROM ledger_records WHERE seq > ? ORDER BY seq LIMIT ? OFFSET ?", [.integer(after)] + page)
            } else {
                rows = try store.query("SELECT \(Self.columns) FROM ledger_records ORDER BY seq LIMIT ? OFFSET ?", page)
            }
            for row in rows { try body(Self.record(from: row)) }
            if rows.count < Self.pageSize { return }
            offset += rows.count
        }
    }

    /// The records about one package, oldest first: those of `key` as a path or as a package
    /// id, and those of every package id recorded at that path, so a package moved to another
    /// path keeps one history.
    /// - Throws: ``LedgerError``.
    package func history(of key: String) throws(LedgerError) -> [LedgerRecord] {
        try records(
            where: """
                \(Self.aboutAPackage) AND (path = ? OR package_id = ? OR package_id IN \
                (SELECT package_id FROM ledger_records WHERE path = ? AND package_id IS NOT NULL))
                """, [.text(key), .text(key), .text(key)])
    }

    /// The newest record about the package at `path` (verified, vanished or forgotten).
    /// - Throws: ``LedgerError``.
    package func latestRecord(about path: String) throws(LedgerError) -> LedgerRecord? {
        try store.query("SELECT \(Self.columns) FROM ledger_records WHERE \(Self.aboutAPackage) AND path = ? ORDER BY seq DESC LIMIT 1", [.text(path)])
            .first.map { row throws(LedgerError) in try Self.record(from: row).get() }
    }

    /// The condition on `kind` of the records about a package (``LedgerRecord/Kind/aboutAPackage``).
    static let aboutAPackage = "kind IN (" + LedgerRecord.Kind.aboutAPackage.map { "'\($0.rawValue)'" }.joined(separator: ", ") + ")"

    /// The paths this run has already recorded (a rerun of a killed shard skips them).
    /// - Throws: ``LedgerError``.
    package func recordedPaths(inRun runID: String) throws(LedgerError) -> Set<String> {
        let rows = try store.query("SELECT path FROM ledger_records WHERE kind = 'package' AND run_id = ?", [.text(runID)])
        return Set(rows.compactMap { $0.first ?? nil })
    }

    /// Every package record of a run, oldest first.
    /// - Throws: ``LedgerError``.
    package func packageRecords(inRun runID: String) throws(LedgerError) -> [LedgerRecord] {
        try records(where: "kind = 'package' AND run_id = ?", [.text(runID)])
    }

    /// For each path at or under one of `roots`, its newest record about a package (verified,
    /// vanished or forgotten) outside the run `runID`: what the previous audits of that store
    /// left, for comparing a run with.
    /// - Parameter roots: the audit's roots as keys (``StorePath``); `nil`: every path; the
    ///   store root itself (``StorePath/storeRoot``): every relative key.
    /// - Throws: ``LedgerError``.
    package func latestPackageRecords(excludingRun runID: String, under roots: [String]? = nil) throws(LedgerError) -> [LedgerRecord] {
        // A root matches itself and what lies under it: `substr` and `length` count characters
        // alike in SQLite and PostgreSQL, and need no escaping, unlike LIKE.
        var scope = ""
        var scopeParameters: [SQLValue] = []
        if let roots {
            guard !roots.isEmpty else { return [] }
            scope =
                " AND ("
                + roots.map { $0 == StorePath.storeRoot ? "substr(path, 1, 1) <> '/'" : "path = ? OR substr(path, 1, ?) = ?" }.joined(separator: " OR ") + ")"
            for given in roots where given != StorePath.storeRoot {
                let root = given.count > 1 && given.hasSuffix("/") ? String(given.dropLast()) : given
                let prefix = root == "/" ? root : root + "/"
                scopeParameters += [.text(root), .integer(Int64(prefix.unicodeScalars.count)), .text(prefix)]
            }
        }
        // One grouped pass, not a subquery per row: a ledger grows by a store each audit.
        return try records(
            where: """
                \(Self.aboutAPackage) AND run_id <> ?\(scope) AND seq IN (SELECT MAX(seq) FROM ledger_records \
                WHERE \(Self.aboutAPackage) AND run_id <> ?\(scope) GROUP BY path)
                """, [.text(runID)] + scopeParameters + [.text(runID)] + scopeParameters)
    }

    /// Records of one kind, oldest first (runs: `run-started` and `run-ended`).
    /// - Throws: ``LedgerError``.
    package func records(ofKind kind: LedgerRecord.Kind) throws(LedgerError) -> [LedgerRecord] {
        try records(where: "kind = ?", [.text(kind.rawValue)])
    }

    private func records(where condition: String, _ parameters: [SQLValue]) throws(LedgerError) -> [LedgerRecord] {
        try store.query("SELECT \(Self.columns) FROM ledger_records WHERE \(condition) ORDER BY seq", parameters).map { row throws(LedgerError) in
            try Self.record(from: row).get()
        }
    }

    /// A row read back into a record, or why it cannot be.
    static func record(from row: [String?]) -> Result<LedgerRecord, LedgerError> {
        func bad(_ column: String) -> Result<LedgerRecord, LedgerError> {
            .failure(
                LedgerError(
                    .malformedRow, "\(column) holds a value the ledger schema does not allow", location: row.first.flatMap { $0 }.map { "record seq \($0)" }))
        }
        guard row.count == 19 else { return bad("the row") }
        guard let seqText = row[0], let seq = Int64(seqText) else { return bad("seq") }
        guard let kindText = row[1], let kind = LedgerRecord.Kind(rawValue: kindText) else { return bad("kind") }
        guard let runID = row[2], let shard = row[3], let host = row[4], let toolVersion = row[5], let policy = row[6] else { return bad("a required column") }
        var size: Int64?
        if let sizeText = row[10] {
            guard let value = Int64(sizeText) else { return bad("size") }
            size = value
        }
        guard let codes = row[12], let startedAt = row[14], let prevHash = row[17], let recordHash = row[18] else { return bad("a required column") }
        var record = LedgerRecord(
            kind: kind, runID: runID, shard: shard, host: host, toolVersion: toolVersion, policy: policy,
            path: row[7], packageID: row[8], fingerprint: row[9], size: size, verdict: row[11],
            failingCodes: codes.split(separator: " ").map(String.init), errorCode: row[13],
            startedAt: startedAt, endedAt: row[15], detail: row[16])
        record.seq = seq
        record.prevHash = prevHash
        record.recordHash = recordHash
        return .success(record)
    }
}
