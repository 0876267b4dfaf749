import ArgumentParser
import Foundation
import RialFormat
import RialLedger
import RialVerifier
import RialReport
import RialAudit

struct LedgerForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Acknowledge that a vanished package is gone, with why, so audits stop flagging it.",
        discussion: """
        An audit that no longer finds a package it verified before reports it as vanished, \
        and keeps reporting it (exit status 1) until a person acknowledges it. This command \
        is that acknowledgement: it appends a `forgotten` record (the path, its last \
        package id and fingerprint, the reason, the user and the host), hash-linked like \
        every other record, so the ledger keeps who forgot what, when and why. The package's \
        history stays; if it comes back, the next audit reports it as new.

        PATH is the package as an audit found it (any spelling: it is keyed as an audit \
        keys it; with --root as the audit's --root). A package still there is not forgotten: \
        audit it, or remove it first.

        Examples:
          rial ledger forget store/case-0012.rialpkg --reason "returned, order 118"
          rial ledger forget --root /evidence /evidence/case-7.rialpkg \\
              --reason "destroyed after the retention period"

        Exit status: 0 recorded (or already acknowledged); 1 the ledger holds no record of \
        PATH; 2 the ledger could not be read or written (or its chain is broken); 64 usage \
        error (no reason, or PATH is still there).
        """
    )

    @Argument(help: ArgumentHelp("The vanished package, as an audit found it.", valueName: "PATH"))
    var path: String

    @Option(help: ArgumentHelp("Why it is gone, for whoever reads the ledger later (required).", valueName: "TEXT"))
    var reason: String

    @Option(help: ArgumentHelp("The store root the audits were given with --root, if any.", valueName: "DIR"))
    var root: String?

    @OptionGroup(title: "Ledger") var ledgerOptions: LedgerOptions

    @Flag(name: .customLong("extend-broken-ledger"), help: "Record even if the ledger's hash chain is broken (as `rial audit` does).")
    var extendBrokenLedger = false

    func validate() throws {
        if reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw ValidationError("--reason says why the package is gone; it cannot be empty") }
    }

    func run() throws {
        var info = stat()
        if lstat(path, &info) == 0 {
            Console.error("\(Escaping.visible(path)) is still there: forget is for a package that is gone. Audit it, or remove it first.")
            throw ExitStatus.usage
        }
        let keys: StoreKeys
        do { keys = try StoreKeys(inputs: [path], roots: [], storeRoot: root) } catch {
            Console.error(error)
            throw Console.exitStatus(of: error)
        }
        guard let key = keys.inputs.first?.key else { throw ExitStatus.usage }
        let clock = AuditClock.system
        let now = clock.now()
        let ledger: Ledger
        let last: LedgerRecord?
        do {
            ledger = try Ledger.openForWriting(try ledgerOptions.location(creatingDefaultDirectory: false), at: now)
            // A ledger written before keys were canonical holds the path as it was typed.
            last = try ledger.latestRecord(about: key) ?? ledger.latestRecord(about: path)
        } catch let error as LedgerError {
            Console.error(Console.describe(error))
            throw ExitStatus.couldNotComplete
        }
        guard let last, let recordedPath = last.path else {
            Console.error("the ledger \(Escaping.visible(ledger.store.displayName)) holds no record of \(Escaping.visible(key)): nothing to forget (`rial ledger history` lists what it holds)")
            throw ExitStatus.failed
        }
        if last.kind == .moved {
            FileHandleStream.standardOutput.write("nothing to forget: \(Escaping.visible(recordedPath)) was moved (seq \(last.seq), \(last.startedAt)); the package's history goes on at its new path\n")
            return
        }
        if last.kind == .forgotten {
            let said = Self.reason(of: last).map { ": \(Escaping.visible($0))" } ?? ""
            FileHandleStream.standardOutput.write("already forgotten: \(Escaping.visible(recordedPath)) (seq \(last.seq), \(last.startedAt))\(said)\n")
            return
        }
        let start: (seq: Int64, hash: String)?
        do { start = try LedgerAppendGuard.check(ledger, extendingBroken: extendBrokenLedger) { Console.error($0) } } catch {
            Console.error(error)
            throw Console.exitStatus(of: error)
        }
        let record = LedgerRecord(kind: .forgotten, runID: "forget-" + UUIDText.random(), shard: ShardSelector.all.description, host: AuditClock.host,
                                  toolVersion: RialToolkit.version, policy: "{}", path: recordedPath, packageID: last.packageID,
                                  fingerprint: last.fingerprint, startedAt: now,
                                  detail: LedgerRecord.compactJSON(.object([
                                      "reason": .string(reason),
                                      "user": .string(Self.user),
                                      "last_seq": .integer(last.seq),
                                  ])))
        let stored: [LedgerRecord]
        do { stored = try ledger.append([record]) } catch {
            Console.error(Console.describe(error, after: "cannot record in the ledger \(ledger.store.displayName)"))
            throw ExitStatus.couldNotComplete
        }
        let head = LedgerAppendGuard.head(of: ledger, after: start, clock: clock)
        let lastSeen = last.kind == .vanished ? "recorded gone \(last.startedAt)" : "last verified \(last.endedAt ?? last.startedAt), \(last.verdict ?? "?")"
        FileHandleStream.standardOutput.write("""
            forgotten: \(Escaping.visible(recordedPath)) (\(lastSeen)) as seq \(stored.first?.seq ?? head.seq): \(Escaping.visible(reason))
            ledger \(Escaping.visible(ledger.store.displayName)), head seq \(head.seq) \(head.hash)

            """)
    }

    /// The reason a `forgotten` record gives.
    static func reason(of record: LedgerRecord) -> String? {
        JSONDetail(record.detail).string("reason")
    }

    /// Who is forgetting: the login name the system gives, else `$USER`.
    static var user: String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return ProcessInfo.processInfo.environment["USER"] ?? "unknown"
    }
}
