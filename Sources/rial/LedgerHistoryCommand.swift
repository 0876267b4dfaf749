import ArgumentParser
import RialFormat
import RialLedger
import RialVerifier
import RialReport
import RialAudit

struct LedgerHistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Every recorded verification of one package, by path or package id, oldest first.",
        discussion: """
            PKG is keyed as `rial audit` keys it (any spelling of the path; with --root as the \
            audit's --root), and the history follows the package's id across moves. Besides \
            verifications it lists when the package vanished, moved or was forgotten. The \
            ledger's hash chain is checked first: records at or after a break are marked `!` \
            and named below the table, since their content is not proven by the chain.

            Exit status: 0 listed, every link intact; 1 the ledger holds no record of PKG, or \
            the chain is broken; 2 the ledger could not be read.
            """
    )

    @Argument(help: ArgumentHelp("A path as audited, or a package id.", valueName: "PKG|ID"))
    var key: String

    @Option(help: ArgumentHelp("The store root the audits were given with --root, if any.", valueName: "DIR"))
    var root: String?

    @OptionGroup(title: "Ledger") var ledgerOptions: LedgerOptions

    @Option(help: "Output: text (a line per record), or jsonl or csv (the records as `rial ledger export` writes them).")
    var format: LedgerExportCommand.Format = .text

    func run() throws {
        let storePath: StorePath
        do { storePath = try root.map { root throws(LedgerError) in try StorePath(root: root) } ?? StorePath() } catch {
            Console.error(error.reason)
            throw ExitStatus.usage
        }
        let ledger = try ledgerOptions.openForReading()
        let history: LedgerHistory
        do { history = try LedgerHistory(of: key, in: ledger, storePath: storePath) } catch {
            Console.error(Console.describe(error))
            throw ExitStatus.couldNotComplete
        }
        guard !history.records.isEmpty else {
            Console.error("the ledger \(ledger.store.displayName) holds no record of \(Escaping.visible(key))")
            throw ExitStatus.failed
        }
        FileHandleStream.standardOutput.write(format.export.map { LedgerExport.render(history.records, format: $0) } ?? history.text())
        if !history.chain.isIntact { throw ExitStatus.failed }
    }
}
