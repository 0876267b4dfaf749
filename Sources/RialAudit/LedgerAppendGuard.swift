import RialLedger
import RialFormat
import RialVerifier

/// What a command that appends to the ledger does first: recompute every link (and the head a
/// writer last verified, `ledger_verified_heads`), and refuse to extend a broken chain, since a
/// record appended to a forged history would lend it a later date; and what it does last: keep
/// the new head as verified.
package enum LedgerAppendGuard {
    /// Checks the whole chain.
    /// - Parameters:
    ///   - extendingBroken: `--extend-broken-ledger`: say so through `warn` and go on.
    ///   - warn: takes the warning that a broken chain is extended.
    /// - Returns: the head found whole; `nil` when the chain is broken and extending it was allowed.
    /// - Throws: ``AuditError`` saying where the chain breaks and what to do, or why it could not be checked.
    package static func check(_ ledger: Ledger, extendingBroken: Bool, warn: (String) -> Void) throws(AuditError) -> (seq: Int64, hash: String)? {
        let check: LedgerChainCheck
        do { check = try LedgerChainCheck.run(on: ledger) } catch {
            throw AuditError(.couldNotComplete, "cannot check the ledger \(ledger.store.displayName) before writing to it", cause: error)
        }
        guard let broken = check.firstBreak else { return check.head ?? (0, LedgerRecordHash.genesis) }
        let name = Escaping.visible(ledger.store.displayName)
        let path = broken.path.map { " (\(Escaping.visible($0)))" } ?? ""
        let said = "the ledger \(name) is broken at record seq \(broken.seq)\(path): \(Escaping.visible(broken.reason))"
        if extendingBroken {
            warn("warning: \(said); recording after the break, as --extend-broken-ledger asks")
            return nil
        }
        throw AuditError(
            .couldNotComplete,
            """
            \(said).
            Nothing was verified or recorded: a record appended now would extend a history that was changed. \
            Restore the ledger from a backup, or give --extend-broken-ledger to record after the break \
            (`rial ledger history` and `rial ledger report` then mark every record after it).
            """)
    }

    /// Checks what was appended after `start` (this writer's records, and any other writer's
    /// meanwhile) and keeps the new head as verified, at `clock`'s now.
    /// - Returns: the head (`start` when the check could not be made or found a break, which
    ///   the next writer's full check names).
    package static func keepHead(_ ledger: Ledger, after start: (seq: Int64, hash: String), clock: AuditClock) -> (seq: Int64, hash: String) {
        guard let check = try? LedgerChainCheck.run(on: ledger, from: start.seq > 0 ? start : nil), check.isIntact, let head = check.head else {
            return (try? ledger.head()) ?? start
        }
        try? ledger.keepVerifiedHead(LedgerVerifiedHead(seq: head.seq, hash: head.hash, verifiedAt: clock.now()))
        return head
    }

    /// The head after an append: kept as verified when the chain was whole before (`start`),
    /// else as the ledger says it (the break stays for the next full check to name).
    package static func head(of ledger: Ledger, after start: (seq: Int64, hash: String)?, clock: AuditClock) -> (seq: Int64, hash: String) {
        start.map { keepHead(ledger, after: $0, clock: clock) } ?? ((try? ledger.head()) ?? (0, LedgerRecordHash.genesis))
    }
}
