import ArgumentParser
import RialLedger
import RialVerifier

struct LedgerReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "A summary of the ledger a custodian can file: runs, packages, their latest verdicts, the chain.",
        discussion: """
        Lists every run (complete, or interrupted: started without an end), the packages \
        by their latest verdict, those that fail now, the oldest latest verification, and \
        whether every hash link holds. Exit status: 0 the chain holds and every package's \
        latest verdict is pass; 1 otherwise; 2 the ledger could not be read.
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

        // A worker's share is complete when an end record follows its start.
        var endedShares = Set(ended.map { "\($0.runID)\u{0}\($0.shard)" })
        var runs: [(id: String, shards: [String], interrupted: [String], first: String, last: String)] = []
        for record in started {
            let key = "\(record.runID)\u{0}\(record.shard)"
            let isEnded = endedShares.contains(key) && ended.contains { $0.runID == record.runID && $0.shard == record.shard && $0.seq > record.seq }
            if isEnded { endedShares.remove(key) }
            if let index = runs.firstIndex(where: { $0.id == record.runID }) {
                runs[index].shards.append(record.shard)
                if !isEnded { runs[index].interrupted.append(record.shard) }
                runs[index].last = record.startedAt
            } else {
                runs.append((record.runID, [record.shard], isEnded ? [] : [record.shard], record.startedAt, record.startedAt))
            }
        }
        out += "runs: \(runs.count)\n"
        for run in runs {
            let state = run.interrupted.isEmpty ? "complete" : "INTERRUPTED (shard \(run.interrupted.joined(separator: ", ")) started without an end)"
            out += "  \(Escaping.visible(run.id))  \(run.first)  \(run.shards.count) worker start\(run.shards.count == 1 ? "" : "s")  \(state)\n"
        }
        var byVerdict: [String: Int] = [:]
        for record in latest { byVerdict[record.verdict ?? "error", default: 0] += 1 }
        out += "packages: \(latest.count) (latest verdict: \(byVerdict["pass", default: 0]) pass, \(byVerdict["fail", default: 0]) fail, \(byVerdict["error", default: 0]) could not be verified)\n"
        if let oldest = latest.min(by: { ($0.endedAt ?? $0.startedAt) < ($1.endedAt ?? $1.startedAt) }) {
            out += "oldest latest verification: \(oldest.endedAt ?? oldest.startedAt)  \(Escaping.visible(oldest.path ?? ""))\n"
        }
        let failing = latest.filter { $0.verdict != "pass" }
        if !failing.isEmpty {
            out += "not passing now:\n"
            for record in failing {
                let reason = record.errorCode ?? record.failingCodes.joined(separator: " ")
                out += "  \((record.verdict ?? "?").uppercased())  \(Escaping.visible(record.path ?? ""))  \(reason)  (seq \(record.seq), \(record.endedAt ?? record.startedAt))\n"
            }
        }
        FileHandleStream.standardOutput.write(out)
        if !chain.isIntact || !failing.isEmpty { throw ExitStatus.failed }
    }
}
