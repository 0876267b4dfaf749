/// The result of recomputing every hash link of a ledger (`rial ledger verify`).
package struct LedgerChainCheck: Sendable {
    /// Where the chain first breaks, and why.
    package struct Break: Sendable, Equatable {
        /// The record's seq as stored (for a missing record: the seq that should be there).
        package let seq: Int64
        /// The path of the record, for package records.
        package let path: String?
        /// What is wrong, for people.
        package let reason: String
    }

    /// How many records were read.
    package var recordCount = 0
    /// The newest record's seq and hash, when the chain is whole up to it.
    package var head: (seq: Int64, hash: String)?
    /// The first break; `nil` when every link holds.
    package var firstBreak: Break?

    /// The head a writer last verified, as kept in the ledger; `nil` when none was kept or the
    /// chain broke before it was looked at.
    package var verifiedHead: LedgerVerifiedHead?

    /// Whether a record with the expected hash (`--head`) was found among the intact ones.
    package var holdsExpectedHash = false

    /// Whether every link holds.
    package var isIntact: Bool { firstBreak == nil }

    /// Reads every record of `ledger` in seq order and checks: seq runs 1, 2, 3, … without a
    /// gap; each `record_hash` is the SHA-256 of the record's canonical form; each `prev_hash`
    /// is the record_hash of the record before (genesis for the first). An edited record fails
    /// the second, a dropped one the first, a reordered one the second or third. Then the
    /// head a writer last verified (``LedgerVerifiedHead``) must still be there, with its hash.
    /// - Parameters:
    ///   - expectedHash: a record_hash kept from earlier, which must still be there.
    ///   - start: check only the records after this one, which an earlier check found whole
    ///     (a writer checking what was appended since); `nil`: from genesis.
    /// - Throws: ``LedgerError`` when the ledger cannot be read at all.
    package static func run(
        on ledger: Ledger, expectingHash expectedHash: String? = nil,
        from start: (seq: Int64, hash: String)? = nil
    ) throws(LedgerError) -> LedgerChainCheck {
        var check = LedgerChainCheck()
        var expectedSeq: Int64 = (start?.seq ?? 0) + 1
        var previous = start?.hash ?? LedgerRecordHash.genesis
        if let start, start.seq > 0 { check.head = start }
        try ledger.forEachRow(after: start?.seq) { (row: Result<LedgerRecord, LedgerError>) throws(LedgerError) in
            check.recordCount += 1
            guard check.firstBreak == nil else { return }
            let record: LedgerRecord
            switch row {
            case .failure(let error):
                check.firstBreak = Break(seq: expectedSeq, path: nil, reason: "\(error.location ?? "a record"): \(error.reason)")
                return
            case .success(let value):
                record = value
            }
            if record.seq < 1 {
                check.firstBreak = Break(
                    seq: record.seq, path: record.path,
                    reason: "seq \(record.seq) is below 1, where no record is written: it stands outside the chain (planted, or its seq edited)")
                return
            }
            if record.seq != expectedSeq {
                check.firstBreak = Break(
                    seq: record.seq, path: record.path,
                    reason: record.seq > expectedSeq
                        ? "seq \(expectedSeq) is missing: a record was dropped (or its seq edited)"
                        : "seq \(record.seq) comes after seq \(expectedSeq - 1): seq was edited")
                return
            }
            let recomputed = try LedgerRecordHash.hash(record)
            if recomputed != record.recordHash {
                check.firstBreak = Break(
                    seq: record.seq, path: record.path,
                    reason: "record_hash does not match the record's fields: it was edited (recomputed \(recomputed), stored \(record.recordHash))")
                return
            }
            if record.prevHash != previous {
                check.firstBreak = Break(
                    seq: record.seq, path: record.path,
                    reason: "prev_hash is not the record_hash of seq \(expectedSeq - 1): a record before it was dropped, reordered or replaced")
                return
            }
            previous = record.recordHash
            if record.recordHash == expectedHash { check.holdsExpectedHash = true }
            check.head = (record.seq, record.recordHash)
            expectedSeq += 1
        }
        if check.firstBreak == nil, let kept = try ledger.lastVerifiedHead() {
            check.verifiedHead = kept
            if let head = check.head, head.seq >= kept.seq {
                let holds = head.seq == kept.seq ? head.hash == kept.hash : try ledger.holds(kept)
                if !holds {
                    check.firstBreak = Break(
                        seq: kept.seq, path: nil,
                        reason:
                            "the record at seq \(kept.seq) no longer has the hash a writer verified on \(kept.verifiedAt) (\(kept.hash)): the chain was rewritten from there on"
                    )
                }
            } else {
                let last = check.head?.seq ?? 0
                check.firstBreak = Break(
                    seq: last + 1, path: nil,
                    reason:
                        "records from seq \(last + 1) to \(kept.seq) were dropped from the end: a writer verified the head seq \(kept.seq) (\(kept.hash)) on \(kept.verifiedAt)"
                )
            }
        }
        if check.firstBreak != nil { check.head = nil }
        return check
    }
}
