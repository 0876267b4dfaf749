import ArgumentParser
import RialLedger
import RialVerifier
import RialReport

struct LedgerVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Recompute every hash link of the ledger and name the first record that breaks the chain.",
        discussion: """
            Every record's record_hash is recomputed from its fields and held against the next \
            record's prev_hash, and seq must run 1, 2, 3, … without a gap: a record edited, \
            dropped or reordered (by hand, in sqlite3 or psql) is found, and the first one is \
            named by its seq and path. Records dropped from the end cannot be told from the \
            ledger alone: keep the head it prints (seq and SHA-256) and give it back with \
            --head, which must still be in the chain.

            Exit status: 0 every link holds, 1 the chain is broken (or --head is not in it), \
            2 the ledger could not be read.
            """
    )

    @OptionGroup(title: "Ledger") var ledgerOptions: LedgerOptions

    @Option(help: ArgumentHelp("A record_hash printed by an earlier `rial ledger verify` or `rial audit`: the ledger must still hold it.", valueName: "SHA256"))
    var head: String?

    func run() throws {
        let ledger = try ledgerOptions.openForReading()
        let check: LedgerChainCheck
        do { check = try LedgerChainCheck.run(on: ledger, expectingHash: head?.lowercased()) } catch {
            Console.error(Console.describe(error, after: "cannot read \(ledger.store.displayName)"))
            throw ExitStatus.couldNotComplete
        }
        let name = Escaping.visible(ledger.store.displayName)
        if let broken = check.firstBreak {
            let path = broken.path.map { " (\(Escaping.visible($0)))" } ?? ""
            FileHandleStream.standardOutput.write("FAIL  \(name): the chain breaks at record seq \(broken.seq)\(path): \(Escaping.visible(broken.reason))\n")
            throw ExitStatus.failed
        }
        if let head, !check.holdsExpectedHash {
            FileHandleStream.standardOutput.write("FAIL  \(name): no record has the hash \(head): records were dropped from the end, or it is another ledger\n")
            throw ExitStatus.failed
        }
        let headText = check.head.map { "head seq \($0.seq) \($0.hash)" } ?? "empty"
        FileHandleStream.standardOutput.write("PASS  \(name): \(check.recordCount) record\(check.recordCount == 1 ? "" : "s"), every link holds; \(headText)\n")
    }
}
