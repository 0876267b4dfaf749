import ArgumentParser
import RialLedger
import RialVerifier
import RialReport
import RialAudit

struct LedgerReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "A summary of the ledger a custodian can file: runs, packages, their latest verdicts, the chain.",
        discussion: """
            Lists every run (complete, or unfinished: a share started without an end, or, for a \
            run split K/N, a share that never started), the packages by their latest verdict, \
            those that fail now, the oldest latest verification, the packages that vanished \
            (not yet acknowledged) and those forgotten, apart, and whether every hash link \
            holds (records at or after a break are marked `!`). Exit status: 0 the chain \
            holds, every run's every share ran to its end, every package's latest verdict is \
            pass and no vanished package waits to be acknowledged; 1 otherwise; 2 the ledger \
            could not be read.
            """
    )

    @OptionGroup(title: "Ledger") var ledgerOptions: LedgerOptions

    func run() throws {
        let ledger = try ledgerOptions.openForReading()
        let overview: LedgerOverview
        do { overview = try LedgerOverview(reading: ledger) } catch {
            Console.error(Console.describe(error, after: "cannot read \(ledger.store.displayName)"))
            throw ExitStatus.couldNotComplete
        }
        FileHandleStream.standardOutput.write(overview.text())
        if overview.needsAttention { throw ExitStatus.failed }
    }
}
