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
        Lists every run (complete, or interrupted: started without an end), the packages \
        by their latest verdict, those that fail now, the oldest latest verification, the \
        packages that vanished (not yet acknowledged) and those forgotten, apart, and \
        whether every hash link holds (records at or after a break are marked `!`). Exit \
        status: 0 the chain holds, every run ended, every package's latest verdict is pass \
        and no vanished package waits to be acknowledged; 1 otherwise; 2 the ledger could \
        not be read.
        """
    )

    @OptionGroup(title: "Ledger") var ledgerOptions: LedgerOptions

    func run() throws {
        let ledger = try ledgerOptions.openForReading()
        let started: [LedgerRecord]
        let ended: [LedgerRecord]
        let latest: [LedgerRecord]
        let chain: LedgerChainCheck
        do {
            started = try ledger.records(ofKind: .runStarted)
            ended = try ledger.records(ofKind: .runEnded)
            latest = try ledger.latestPackageRecords(excludingRun: "")
            chain = try LedgerChainCheck.run(on: ledger)
        } catch {
            Console.error(Console.describe(error, after: "cannot read \(ledger.store.displayName)"))
            throw ExitStatus.couldNotComplete
        }
        var out = "Audit ledger \(Escaping.visible(ledger.store.displayName))\n"
        out += chain.firstBreak.map { "chain: BROKEN at record seq \($0.seq): \(Escaping.visible($0.reason))\n" }
            ?? "chain: \(chain.recordCount) records, every link holds; head seq \(chain.head?.seq ?? 0) \(chain.head?.hash ?? LedgerRecordHash.genesis)\n"

        // Each worker start is closed by the next end of the same run and share; a start
        // followed by another start of the same share, or by nothing, was interrupted.
        var runs: [(id: String, first: String, starts: Int, interrupted: [String], open: Set<String>)] = []
        for record in (started + ended).sorted(by: { $0.seq < $1.seq }) {
            let index = runs.firstIndex { $0.id == record.runID } ?? {
                runs.append((record.runID, record.startedAt, 0, [], []))
                return runs.count - 1
            }()
            if record.kind == .runStarted {
                runs[index].starts += 1
                if runs[index].open.contains(record.shard) { runs[index].interrupted.append(record.shard) }
                runs[index].open.insert(record.shard)
            } else {
                runs[index].open.remove(record.shard)
            }
        }
        out += "runs: \(runs.count)\n"
        for run in runs {
            var state = run.open.isEmpty ? "complete" : "UNFINISHED (share \(run.open.sorted().joined(separator: ", ")) started without an end)"
            if !run.interrupted.isEmpty { state += "; \(run.interrupted.count) interrupted attempt\(run.interrupted.count == 1 ? "" : "s") (share \(run.interrupted.joined(separator: ", "))) rerun" }
            out += "  \(Escaping.visible(run.id))  \(run.first)  \(run.starts) worker start\(run.starts == 1 ? "" : "s")  \(state)\n"
        }
        // A path's newest record: a verification (counted by verdict), or the package vanished
        // (listed apart until acknowledged), was forgotten (listed apart) or moved (its history
        // goes on at the new path, counted there).
        let verified = latest.filter { $0.kind == .package }
        let vanished = latest.filter { $0.kind == .vanished }
        let forgotten = latest.filter { $0.kind == .forgotten }
        let breakSeq = chain.firstBreak?.seq
        func mark(_ record: LedgerRecord) -> String { breakSeq.map { record.seq >= $0 } == true ? "! " : "  " }
        var byVerdict: [String: Int] = [:]
        for record in verified { byVerdict[record.verdict ?? "error", default: 0] += 1 }
        out += "packages: \(verified.count) (latest verdict: \(byVerdict["pass", default: 0]) pass, \(byVerdict["fail", default: 0]) fail, \(byVerdict["error", default: 0]) could not be verified)"
        out += vanished.isEmpty && forgotten.isEmpty ? "\n" : "; besides, \(vanished.count) vanished and \(forgotten.count) forgotten\n"
        if let oldest = verified.min(by: { ($0.endedAt ?? $0.startedAt) < ($1.endedAt ?? $1.startedAt) }) {
            out += "oldest latest verification: \(oldest.endedAt ?? oldest.startedAt)  \(Escaping.visible(oldest.path ?? ""))\n"
        }
        let failing = verified.filter { $0.verdict != "pass" }
        if !failing.isEmpty {
            out += "not passing now:\n"
            var table = TextTable()
            for record in failing {
                let reason = record.errorCode ?? record.failingCodes.joined(separator: " ")
                table.add([mark(record) + (record.verdict ?? "?").uppercased(), Escaping.visible(record.path ?? ""), reason, "(seq \(record.seq), \(record.endedAt ?? record.startedAt))"])
            }
            out += table.render()
        }
        if !vanished.isEmpty {
            out += "vanished, not acknowledged (`rial ledger forget PATH --reason TEXT` once it is known why):\n"
            var table = TextTable()
            for record in vanished { table.add([mark(record) + "VANISHED", Escaping.visible(record.path ?? ""), "(seq \(record.seq), found gone \(record.startedAt))"]) }
            out += table.render()
        }
        if !forgotten.isEmpty {
            out += "forgotten (acknowledged gone):\n"
            var table = TextTable()
            for record in forgotten {
                table.add([mark(record) + "FORGOTTEN", Escaping.visible(record.path ?? ""), "(seq \(record.seq), \(record.startedAt))", LedgerHistoryCommand.detail(record)])
            }
            out += table.render()
        }
        if let breakSeq, latest.contains(where: { $0.seq >= breakSeq }) {
            out += "! at or after the break at seq \(breakSeq): those latest records are not proven by the chain\n"
        }
        FileHandleStream.standardOutput.write(out)
        if !chain.isIntact || !failing.isEmpty || !vanished.isEmpty || runs.contains(where: { !$0.open.isEmpty }) { throw ExitStatus.failed }
    }
}
