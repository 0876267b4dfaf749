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
        StandardOutput.holdsOnlyASummary()
        let forget = LedgerForget(
            path: path, reason: reason, ledger: try ledgerOptions.location(creatingDefaultDirectory: false), storeRoot: root,
            extendsBrokenLedger: extendBrokenLedger, user: Self.user)
        let outcome: LedgerForget.Outcome
        do { outcome = try forget.run { Console.error($0) } } catch {
            Console.error(error)
            throw Console.exitStatus(of: error)
        }
        if case .noRecord = outcome {
            Console.error(forget.text(of: outcome))
            throw ExitStatus.failed
        }
        FileHandleStream.standardOutput.write(forget.text(of: outcome))
    }

    /// Who is forgetting: the login name the system gives, else `$USER`.
    static var user: String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return ProcessInfo.processInfo.environment["USER"] ?? "unknown"
    }
}
