import RialLedger
#if canImport(Glibc)
import Glibc
#endif

/// Appends an audit's records in small transactions: one commit per verification would cost
/// a disk sync each, so records wait until ``batchSize`` are pending or ``maxDelay`` seconds
/// have passed (the first result is written at once, so whoever watches the ledger sees the run
/// under way). A crash loses at most the pending ones, never half a record, and the rerun of
/// the run verifies them again. Package records are committed without waiting for the disk;
/// the run's start and end are committed durably, and the end's sync makes every record before
/// it durable too: a machine that loses power mid-audit may lose the package records since the
/// start, never the start itself, so the run shows as interrupted.
package final class AuditRecorder {
    /// Package records written together.
    package static let batchSize = 256
    /// Seconds a package record may wait.
    package static let maxDelay = 2.0

    private let ledger: Ledger
    private var pending: [LedgerRecord] = []
    private var lastFlush = AuditRecorder.monotonic()
    private var hasAddedOne = false
    /// The package records this recorder stored, as stored: the run's results without reading
    /// them back.
    package private(set) var storedPackages: [LedgerRecord] = []
    /// Whether the ledger already held some of the records given, so ``storedPackages`` is not
    /// the whole of the run's results.
    package private(set) var skippedSome = false

    /// A recorder appending to `ledger`.
    package init(ledger: Ledger) {
        self.ledger = ledger
    }

    /// Queues a package record; writes the queue when it is due.
    /// - Throws: ``AuditError`` when the ledger refused it.
    package func add(_ record: LedgerRecord) throws(AuditError) {
        pending.append(record)
        let isFirst = !hasAddedOne
        hasAddedOne = true
        if isFirst || pending.count >= Self.batchSize || Self.monotonic() - lastFlush >= Self.maxDelay { try flush() }
    }

    /// Writes what is queued, then `records` (a run's start or end), in one durable transaction.
    /// - Throws: ``AuditError`` when the ledger refused them.
    package func record(_ records: [LedgerRecord]) throws(AuditError) {
        pending += records
        try flush(durable: true)
    }

    /// Writes what is queued.
    /// - Throws: ``AuditError`` when the ledger refused them.
    package func flush(durable: Bool = false) throws(AuditError) {
        guard !pending.isEmpty else { return }
        do {
            let stored = try ledger.append(pending, durable: durable).filter { $0.kind == .package }
            // Another writer of the same run recorded some first (two workers given one share).
            if stored.count < pending.filter({ $0.kind == .package }).count { skippedSome = true }
            storedPackages += stored
        } catch {
            throw AuditError(.couldNotComplete, "cannot record in the ledger \(ledger.store.displayName)", cause: error)
        }
        pending.removeAll()
        lastFlush = Self.monotonic()
    }

    private static func monotonic() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
