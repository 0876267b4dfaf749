import ArgumentParser

struct LedgerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ledger",
        abstract: "Read the audit ledger that `rial audit` writes: history, report, export, verify; forget a vanished package.",
        discussion: """
            The ledger holds a record of every verification `rial audit` made, and of each \
            run's start and end. Each record names the SHA-256 of the one before (like a \
            package's custody log), so an edited, dropped or reordered record is found by \
            `rial ledger verify`. docs/ledger.md has the schema and the hash links.

            Examples:
              rial ledger history store/case-0001.rialpkg
              rial ledger report --ledger postgresql://rial@db.example/evidence
              rial ledger export --format csv > ledger.csv
              rial ledger verify
              rial ledger forget store/case-0012.rialpkg --reason "returned to the owner"

            \(ExitStatus.helpText)
            """,
        subcommands: [LedgerHistoryCommand.self, LedgerReportCommand.self, LedgerExportCommand.self, LedgerVerifyCommand.self, LedgerForgetCommand.self]
    )
}
