import RialLedger
import RialVerifier

/// What `rial ledger report` files: the chain, every run (complete, or with a share started
/// without an end), the packages by their latest verdict, those not passing now, those vanished
/// and not yet acknowledged, those forgotten; and whether any of it needs a person.
package struct LedgerOverview {
    /// One run, over all its workers' starts and ends.
    package struct Run: Sendable, Equatable {
        /// The run id.
        package let id: String
        /// When its first worker started.
        package let first: String
        /// How many worker starts it has.
        package fileprivate(set) var starts = 0
        /// The shares started again while an earlier start had no end: interrupted attempts.
        package fileprivate(set) var interrupted: [String] = []
        /// The shares started and not ended.
        package fileprivate(set) var open: Set<String> = []
        /// Every share started (`all`, or `K/N`).
        package fileprivate(set) var shares: Set<String> = []

        /// The shares of a run split `K/N` that never started, by N: a worker that never ran
        /// (an array numbered otherwise, a node never scheduled) leaves its packages unaudited,
        /// and the run is not complete. The first few are named; an N too large to list (a
        /// hand-edited record) counts all the same.
        package var neverStarted: [String] {
            var byCount: [Int: Set<Int>] = [:]
            for share in shares {
                // `all` is 0/1; a share that does not parse (a hand edit) names no split.
                guard case .success(let selector) = ShardSelector.parse(share == "all" ? "0/1" : share, environment: [:]) else { continue }
                byCount[selector.count, default: []].insert(selector.index)
            }
            var missing: [String] = []
            for (n, seen) in byCount.sorted(by: { $0.key < $1.key }) where seen.count < n {
                let named = (0..<min(n, 10_000)).lazy.filter { !seen.contains($0) }.prefix(5).map { "\($0)/\(n)" }
                missing += named
                if n - seen.count > named.count { missing.append("and \(n - seen.count - named.count) more of \(n)") }
            }
            return missing
        }
    }

    /// The ledger, as its location is shown.
    package let name: String
    /// Every link recomputed.
    package let chain: LedgerChainCheck
    /// The runs, in the order they started.
    package let runs: [Run]
    /// Each path's newest record: a verification, or that it vanished, was forgotten or moved.
    package let latest: [LedgerRecord]

    /// Reads `ledger` whole.
    /// - Throws: ``LedgerError`` when it cannot be read.
    package init(reading ledger: Ledger) throws(LedgerError) {
        let started = try ledger.records(ofKind: .runStarted)
        let ended = try ledger.records(ofKind: .runEnded)
        latest = try ledger.latestPackageRecords(excludingRun: "")
        chain = try LedgerChainCheck.run(on: ledger)
        name = ledger.store.displayName
        // Each worker start is closed by the next end of the same run and share; a start
        // followed by another start of the same share, or by nothing, was interrupted.
        var runs: [Run] = []
        for record in (started + ended).sorted(by: { $0.seq < $1.seq }) {
            let index =
                runs.firstIndex { $0.id == record.runID }
                ?? {
                    runs.append(Run(id: record.runID, first: record.startedAt))
                    return runs.count - 1
                }()
            if record.kind == .runStarted {
                runs[index].starts += 1
                if runs[index].open.contains(record.shard) { runs[index].interrupted.append(record.shard) }
                runs[index].open.insert(record.shard)
                runs[index].shares.insert(record.shard)
            } else {
                runs[index].open.remove(record.shard)
            }
        }
        self.runs = runs
    }

    /// The latest records that are verifications (a moved package's history goes on at the
    /// new path, counted there).
    package var verified: [LedgerRecord] { latest.filter { $0.kind == .package } }
    /// Vanished and not yet acknowledged.
    package var vanished: [LedgerRecord] { latest.filter { $0.kind == .vanished } }
    /// Acknowledged gone.
    package var forgotten: [LedgerRecord] { latest.filter { $0.kind == .forgotten } }
    /// Verifications whose verdict is not `pass`.
    package var failing: [LedgerRecord] { verified.filter { $0.recordedVerdict != .pass } }

    /// The latest verdicts.
    package var verdicts: VerdictCounts {
        var counts = VerdictCounts()
        for record in verified { counts.add(record.recordedVerdict) }
        return counts
    }

    /// Whether a person should look: a broken chain, a package not passing, a vanished one not
    /// acknowledged, or a run with a share started without an end or never started.
    package var needsAttention: Bool {
        !chain.isIntact || !failing.isEmpty || !vanished.isEmpty || runs.contains { !$0.open.isEmpty || !$0.neverStarted.isEmpty }
    }

    /// The report for people.
    package func text() -> String {
        var out = "Audit ledger \(Escaping.visible(name))\n"
        out +=
            chain.firstBreak.map { "chain: BROKEN at record seq \($0.seq): \(Escaping.visible($0.reason))\n" }
            ?? "chain: \(chain.recordCount) records, every link holds; head seq \(chain.head?.seq ?? 0) \(chain.head?.hash ?? LedgerRecordHash.genesis)\n"
        out += "runs: \(runs.count)\n"
        for run in runs {
            let neverStarted = run.neverStarted
            var state =
                !run.open.isEmpty
                ? "UNFINISHED (share \(run.open.sorted().joined(separator: ", ")) started without an end)"
                : neverStarted.isEmpty ? "complete" : "UNFINISHED (share \(neverStarted.joined(separator: ", ")) never started)"
            if !run.interrupted.isEmpty {
                state +=
                    "; \(run.interrupted.count) interrupted attempt\(run.interrupted.count == 1 ? "" : "s") (share \(run.interrupted.joined(separator: ", "))) rerun"
            }
            out += "  \(Escaping.visible(run.id))  \(run.first)  \(run.starts) worker start\(run.starts == 1 ? "" : "s")  \(state)\n"
        }
        let verified = verified, vanished = vanished, forgotten = forgotten, failing = failing, verdicts = verdicts
        let breakSeq = chain.firstBreak?.seq
        func mark(_ record: LedgerRecord) -> String { breakSeq.map { record.seq >= $0 } == true ? "! " : "  " }
        out += "packages: \(verified.count) (latest verdict: \(verdicts.pass) pass, \(verdicts.fail) fail, \(verdicts.error) could not be verified)"
        out += vanished.isEmpty && forgotten.isEmpty ? "\n" : "; besides, \(vanished.count) vanished and \(forgotten.count) forgotten\n"
        if let oldest = verified.min(by: { ($0.endedAt ?? $0.startedAt) < ($1.endedAt ?? $1.startedAt) }) {
            out += "oldest latest verification: \(oldest.endedAt ?? oldest.startedAt)  \(Escaping.visible(oldest.path ?? ""))\n"
        }
        if !failing.isEmpty {
            out += "not passing now:\n"
            var table = TextTable()
            for record in failing {
                let reason = record.errorCode ?? record.failingCodes.joined(separator: " ")
                table.add([
                    mark(record) + (record.verdict ?? "?").uppercased(), Escaping.visible(record.path ?? ""), reason,
                    "(seq \(record.seq), \(record.endedAt ?? record.startedAt))",
                ])
            }
            out += table.render()
        }
        if !vanished.isEmpty {
            out += "vanished, not acknowledged (`rial ledger forget PATH --reason TEXT` once it is known why):\n"
            var table = TextTable()
            for record in vanished {
                table.add([mark(record) + "VANISHED", Escaping.visible(record.path ?? ""), "(seq \(record.seq), found gone \(record.startedAt))"])
            }
            out += table.render()
        }
        if !forgotten.isEmpty {
            out += "forgotten (acknowledged gone):\n"
            var table = TextTable()
            for record in forgotten {
                table.add([mark(record) + "FORGOTTEN", Escaping.visible(record.path ?? ""), "(seq \(record.seq), \(record.startedAt))", record.shownDetail])
            }
            out += table.render()
        }
        if let breakSeq, latest.contains(where: { $0.seq >= breakSeq }) {
            out += "! at or after the break at seq \(breakSeq): those latest records are not proven by the chain\n"
        }
        return out
    }
}
