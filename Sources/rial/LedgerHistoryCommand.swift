import ArgumentParser
import RialLedger
import RialVerifier

struct LedgerHistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Every recorded verification of one package, by path or package id, oldest first."
    )

    @Argument(help: ArgumentHelp("A path as audited, or a package id.", valueName: "PKG|ID"))
    var key: String

    @OptionGroup(title: "Ledger") var ledgerOptions: LedgerOptions

    @Option(help: "Output: text (a line per verification), or jsonl or csv (the records as `rial ledger export` writes them).")
    var format: LedgerExportCommand.Format = .text

    func run() throws {
        let ledger = try ledgerOptions.openForReading()
        let records: [LedgerRecord]
        do { records = try ledger.history(of: key) } catch {
            Console.error(Console.describe(error))
            throw ExitStatus.couldNotComplete
        }
        guard !records.isEmpty else {
            Console.error("the ledger \(ledger.store.displayName) holds no verification of \(key)")
            throw ExitStatus.failed
        }
        if format != .text {
            FileHandleStream.standardOutput.write(LedgerExportCommand.render(records, format: format))
            return
        }
        var out = "\(records.count) verification\(records.count == 1 ? "" : "s") of \(Escaping.visible(key)):\n"
        for record in records {
            let codes = record.failingCodes.isEmpty ? "" : "  " + record.failingCodes.joined(separator: " ")
            let error = record.errorCode.map { "  error \($0)" } ?? ""
            out += "  seq \(record.seq)  \(record.endedAt ?? record.startedAt)  \((record.verdict ?? "?").uppercased())  "
            out += "\(record.fingerprint ?? "no fingerprint")  \(Escaping.visible(record.path ?? ""))  run \(Escaping.visible(record.runID))\(codes)\(error)\n"
        }
        FileHandleStream.standardOutput.write(out)
    }
}
