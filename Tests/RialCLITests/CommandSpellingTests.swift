import Foundation
import Testing

/// A misspelt option or subcommand is said first, with the nearest spelling (issue 35), before
/// what the command would otherwise say about what is missing.
@Suite("Misspelt options and subcommands")
struct CommandSpellingTests {
    static let commands = [
        "sample", "pack", "verify", "report", "inspect", "extract", "chain compute", "keygen", "seal",
        "timestamp request", "timestamp attach", "renew request", "renew attach", "custody append", "custody show", "receipt verify", "audit",
        "ledger history", "ledger report", "ledger export", "ledger verify",
    ]

    @Test("every command names an option it does not take, first", arguments: commands)
    func unknownOption(command: String) throws {
        try withTemporaryDirectory { dir in
            let result = CLI.rial(command.split(separator: " ").map(String.init) + ["--no-such-option", "x"], cwd: dir)
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.hasPrefix("Error: --no-such-option is not an option of rial \(command)\n"), "\(result.stderr)")
            #expect(result.stderr.contains("See 'rial \(command) --help' for more information."), "\(result.stderr)")
        }
    }

    @Test(
        "the nearest spelling is offered",
        arguments: [
            (["pack", "capture", "--outptu", "x.rialpkg"], "Error: --outptu is not an option of rial pack (did you mean --output?)"),
            (["seal", "case.rialpkg", "--key", "k.pem"], "Error: --key is not an option of rial seal (did you mean --sign-key?)"),
            (["verify", "case.rialpkg", "--trusts", "root.pem"], "Error: --trusts is not an option of rial verify (did you mean --trust?)"),
            (["custody", "append", "case.rialpkg", "--actoin", "NOTE"], "Error: --actoin is not an option of rial custody append (did you mean --action?)"),
            (["custody", "add", "case.rialpkg", "--action", "NOTE"], "Error: 'add' is not a subcommand of rial custody; it has: append, show"),
            (
                ["ledger", "histroy", "store.db"],
                "Error: 'histroy' is not a subcommand of rial ledger (did you mean history?); it has: history, report, export, verify, forget"
            ),
        ])
    func nearestSpelling(arguments: [String], message: String) throws {
        try withTemporaryDirectory { dir in
            let result = CLI.rial(arguments, cwd: dir)
            #expect(result.status == 64 && result.stderr.hasPrefix(message + "\n"), "\(result)")
        }
    }

    @Test func aValueThatLooksLikeAnOptionIsNotTakenForOne() throws {
        try withTemporaryDirectory { dir in
            // The parser's own complaint stands: the value is missing, not --weird unknown.
            let result = CLI.rial(["custody", "append", "case.rialpkg", "--action", "NOTE", "--details", "--weird"], cwd: dir)
            #expect(result.status == 64 && result.stderr.hasPrefix("Error: Missing value for '--details <TEXT>'"), "\(result)")
        }
    }
}
