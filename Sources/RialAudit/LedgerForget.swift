#if canImport(Glibc)
import Glibc
#endif
import RialFormat
import RialLedger
import RialVerifier

/// A person's acknowledgement that a vanished package is gone (`rial ledger forget`): a
/// `forgotten` record, hash-linked like every other, naming the path, its last package id and
/// fingerprint, why, who and where, so audits stop flagging it and the ledger keeps who forgot
/// what, when and why.
package struct LedgerForget {
    /// What forgetting came to.
    package enum Outcome {
        /// Recorded as `record` (as stored); `last` is what the ledger said before; the head after.
        case forgotten(record: LedgerRecord, last: LedgerRecord, head: (seq: Int64, hash: String))
        /// The path's newest record is a move: its history goes on at the new path.
        case moved(LedgerRecord)
        /// Already acknowledged, by this record.
        case alreadyForgotten(LedgerRecord)
        /// The ledger holds no record of the key.
        case noRecord(key: String)
    }

    /// The package as an audit found it (any spelling).
    package var path: String
    /// Why it is gone.
    package var reason: String
    /// The store root the audits were given (`--root`), if any.
    package var storeRoot: String?
    /// The ledger.
    package var ledger: LedgerLocation
    /// Record after a break in the chain (`--extend-broken-ledger`).
    package var extendsBrokenLedger: Bool
    /// Who forgets, and on which machine.
    package var user: String
    /// The machine the record names.
    package var host: String

    /// Forgetting `path` for `reason` in `ledger`.
    package init(
        path: String, reason: String, ledger: LedgerLocation, storeRoot: String? = nil, extendsBrokenLedger: Bool = false,
        user: String, host: String = AuditClock.host
    ) {
        self.path = path
        self.reason = reason
        self.storeRoot = storeRoot
        self.ledger = ledger
        self.extendsBrokenLedger = extendsBrokenLedger
        self.user = user
        self.host = host
    }

    /// Forgets, when the package is gone and the ledger knows it.
    /// - Parameters:
    ///   - clock: what now is.
    ///   - warn: takes the warning that a broken chain is extended.
    /// - Throws: ``AuditError``: usage when the path is still there or outside `--root`; else
    ///   the ledger cannot be opened, read, trusted or written.
    package func run(clock: AuditClock = .system, warn: (String) -> Void) throws(AuditError) -> Outcome {
        var info = stat()
        if lstat(path, &info) == 0 {
            throw AuditError(.usage, "\(Escaping.visible(path)) is still there: forget is for a package that is gone. Audit it, or remove it first.")
        }
        let keys = try StoreKeys(inputs: [path], roots: [], storeRoot: storeRoot)
        guard let key = keys.inputs.first?.key else { throw AuditError(.usage, "\(Escaping.visible(path)) has no key") }
        let now = clock.now()
        let opened: Ledger
        let found: LedgerRecord?
        do {
            opened = try Ledger.openForWriting(ledger, at: now)
            // A ledger written before keys were canonical holds the path as it was typed.
            found = try opened.latestRecord(about: key) ?? opened.latestRecord(about: path)
        } catch {
            throw AuditError(.couldNotComplete, "", cause: error)
        }
        guard let last = found, last.path != nil else { return .noRecord(key: key) }
        if last.kind == .moved { return .moved(last) }
        if last.kind == .forgotten { return .alreadyForgotten(last) }
        let start = try LedgerAppendGuard.check(opened, extendingBroken: extendsBrokenLedger, warn: warn)
        let record = LedgerRecord.forgotten(last, reason: reason, user: user, host: host, at: now)
        let stored: [LedgerRecord]
        do { stored = try opened.append([record]) } catch {
            throw AuditError(.couldNotComplete, "cannot record in the ledger \(opened.store.displayName)", cause: error)
        }
        let head = LedgerAppendGuard.head(of: opened, after: start, clock: clock)
        return .forgotten(record: stored.first ?? record, last: last, head: head)
    }

    /// What the command line says of `outcome`.
    package func text(of outcome: Outcome) -> String {
        switch outcome {
        case .forgotten(let record, let last, let head):
            let lastSeen =
                last.kind == .vanished ? "recorded gone \(last.startedAt)" : "last verified \(last.endedAt ?? last.startedAt), \(last.verdict ?? "?")"
            return """
                forgotten: \(Escaping.visible(record.path ?? "")) (\(lastSeen)) as seq \(record.seq == 0 ? head.seq : record.seq): \(Escaping.visible(reason))
                ledger \(Escaping.visible(ledger.displayName)), head seq \(head.seq) \(head.hash)

                """
        case .moved(let last):
            return
                "nothing to forget: \(Escaping.visible(last.path ?? "")) was moved (seq \(last.seq), \(last.startedAt)); the package's history goes on at its new path\n"
        case .alreadyForgotten(let last):
            let said = JSONDetail(last.detail).string("reason").map { ": \(Escaping.visible($0))" } ?? ""
            return "already forgotten: \(Escaping.visible(last.path ?? "")) (seq \(last.seq), \(last.startedAt))\(said)\n"
        case .noRecord(let key):
            return
                "the ledger \(Escaping.visible(ledger.displayName)) holds no record of \(Escaping.visible(key)): nothing to forget (`rial ledger history` lists what it holds)"
        }
    }
}
