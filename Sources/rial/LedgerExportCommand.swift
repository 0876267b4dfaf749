import ArgumentParser
import RialFormat
import RialLedger
import RialVerifier
import RialReport
import RialAudit

struct LedgerExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every record of the ledger, oldest first, as JSON Lines or CSV.",
        discussion: """
            jsonl: one object per record (schema/ledger-record.schema.json): the record's \
            canonical form, whose SHA-256 is its record_hash, with record_hash added and the \
            policy and detail columns as the JSON objects they hold; anyone can recompute the \
            links from the export alone (docs/ledger.md shows how). csv: a header line, then one line \
            per record (RFC 4180 quoting), the same fields, failing codes separated by spaces.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, jsonl, csv
    }

    @OptionGroup(title: "Ledger") var ledgerOptions: LedgerOptions

    @Option(help: "jsonl or csv.")
    var format: Format = .jsonl

    func validate() throws {
        if format == .text { throw ValidationError("--format takes jsonl or csv") }
    }

    func run() throws {
        let ledger = try ledgerOptions.openForReading()
        if format == .csv { FileHandleStream.standardOutput.write(LedgerExport.csvHeader) }
        do {
            try ledger.forEachRow { (row: Result<LedgerRecord, LedgerError>) throws(LedgerError) in
                FileHandleStream.standardOutput.write(LedgerExport.render([try row.get()], format: format.export ?? .jsonl, header: false))
            }
        } catch {
            Console.error(Console.describe(error, after: "cannot export \(ledger.store.displayName)"))
            throw ExitStatus.couldNotComplete
        }
    }
}

extension LedgerExportCommand.Format {
    /// The library's form of an export format; `nil` for text.
    var export: LedgerExport.Format? {
        switch self {
        case .text: nil
        case .jsonl: .jsonl
        case .csv: .csv
        }
    }
}
