/// A head of the chain that a writer found whole (every link recomputed from genesis) or wrote
/// itself, kept in the ledger (`ledger_verified_heads`, SPEC §17.4): the record at its seq must
/// still have its hash, so records dropped from the end since are found without a head kept
/// elsewhere. It is guarded by nothing but the hash it names: whoever can rewrite the records
/// can rewrite it too, which only a head kept outside the ledger reveals (`--head`).
package struct LedgerVerifiedHead: Sendable, Equatable {
    /// The record's seq.
    package let seq: Int64
    /// Its record_hash.
    package let hash: String
    /// When it was verified, RFC 3339 UTC with milliseconds.
    package let verifiedAt: String

    package init(seq: Int64, hash: String, verifiedAt: String) {
        self.seq = seq
        self.hash = hash
        self.verifiedAt = verifiedAt
    }
}

extension Ledger {
    /// The newest head a writer verified; `nil` when none was kept (a new ledger, or one made
    /// before schema version 3).
    /// - Throws: ``LedgerError`` `.queryFailed`, `.malformedRow`.
    package func lastVerifiedHead() throws(LedgerError) -> LedgerVerifiedHead? {
        guard let row = try store.query("SELECT seq, record_hash, verified_at FROM ledger_verified_heads ORDER BY seq DESC LIMIT 1", []).first else {
            return nil
        }
        guard row.count == 3, let seqText = row[0], let seq = Int64(seqText), let hash = row[1], let verifiedAt = row[2] else {
            throw LedgerError(.malformedRow, "\(store.displayName): the newest verified head is not what the schema allows")
        }
        return LedgerVerifiedHead(seq: seq, hash: hash, verifiedAt: verifiedAt)
    }

    /// Whether the record at the head's seq has the head's hash.
    /// - Throws: ``LedgerError`` `.queryFailed`.
    func holds(_ head: LedgerVerifiedHead) throws(LedgerError) -> Bool {
        try store.query("SELECT record_hash FROM ledger_records WHERE seq = ?", [.integer(head.seq)]).first?.first == .some(head.hash)
    }

    /// Keeps `head` as verified; a head already kept at that seq stays as it was.
    /// - Throws: ``LedgerError`` `.queryFailed`.
    package func keepVerifiedHead(_ head: LedgerVerifiedHead) throws(LedgerError) {
        try store.withWriteLock { () throws(LedgerError) in
            try store.execute(
                "INSERT INTO ledger_verified_heads (seq, record_hash, verified_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                [.integer(head.seq), .text(head.hash), .text(head.verifiedAt)])
        }
    }
}
