import RialFormat
import RialLedger
import RialVerifier

/// An audit of a store: every input verified as `rial verify` does, each result recorded in the
/// hash-linked ledger between the run's start and end, and the run compared with the audits
/// before it (docs/ledger.md). The command line parses its options into ``AuditOptions``,
/// prints what ``AuditEvents`` hears and the ``AuditSummary`` returned, and exits with its
/// outcome; a test calls ``run(events:)`` with a ledger in a temporary directory and a clock of
/// its own.
package struct Audit {
    /// What is audited, and how.
    package let options: AuditOptions
    /// What now is, for every record and the head kept as verified.
    package let clock: AuditClock

    /// An audit as `options` say, on `clock`.
    package init(options: AuditOptions, clock: AuditClock = .system) {
        self.options = options
        self.clock = clock
    }

    /// Runs the audit.
    /// - Parameter events: hears each verification, in input order, the notes and the progress.
    /// - Returns: what was found, and the outcome.
    /// - Throws: ``AuditError`` when nothing can be said about the store: no input found, a key
    ///   outside `--root`, the ledger cannot be opened, read or written or its chain is broken,
    ///   the receipts' directory cannot be made.
    package func run(events: some AuditEvents) throws(AuditError) -> AuditSummary {
        let found = BatchInputs.expand(options.paths, recursive: options.recursive) { events.note($0, cause: nil) }
        guard !found.isEmpty else {
            throw AuditError(.couldNotComplete, "no .rialpkg file or bag directory found under \(options.paths.joined(separator: " "))")
        }
        let keys = try StoreKeys(inputs: found, roots: options.paths, storeRoot: options.storeRoot)
        // Shares by key, so workers that spell the store's paths differently still split it alike.
        let share = keys.inputs.filter { options.shard.selects($0.key) }
        let startedAt = clock.now()
        let writer = LedgerRecord.Writer(runID: options.runID, shard: options.shard, host: options.host, policy: LedgerRecord.policyText(options.policy))
        let ledger: Ledger
        do { ledger = try Ledger.openForWriting(options.ledger, at: startedAt) } catch {
            throw AuditError(.couldNotComplete, "", cause: error)
        }
        let verifiedHead = try LedgerAppendGuard.check(ledger, extendingBroken: options.extendsBrokenLedger) { events.note($0, cause: nil) }
        let already: Set<String>
        do { already = try ledger.recordedPaths(inRun: writer.runID) } catch {
            throw AuditError(.couldNotComplete, "", cause: error)
        }
        let inputs = share.filter { !already.contains($0.key) }
        let recorder = AuditRecorder(ledger: ledger)
        var started: JSONObject = [
            "roots": .array(options.paths.map(JSONValue.string)),
            "inputs": .integer(Int64(share.count)),
            "already_recorded": .integer(Int64(share.count - inputs.count)),
        ]
        if let storeRoot = keys.storePath.root { started["store_root"] = .string(storeRoot) }
        try recorder.record([.run(.runStarted, writer: writer, startedAt: startedAt, detail: started)])
        let receipts = try options.receipts.map { signing throws(AuditError) in
            (directory: try AuditReceipts(directory: signing.directory, runID: writer.runID), write: signing.write)
        }
        if !inputs.isEmpty {
            try verify(inputs, writer: writer, recorder: recorder, receipts: receipts, events: events)
        }
        try recorder.flush()

        // The share's records in this run (a rerun's earlier ones too), against the audits before.
        let comparison = AuditComparison(roots: keys.roots, shard: options.shard, maxAge: options.maxAge)
        let shareSet = Set(share.map(\.key))
        let current: [LedgerRecord]
        let changes: [LedgerChange]
        do {
            // This attempt's records are at hand; a rerun's earlier ones (or another writer's of
            // the same run) are read back.
            let recorded = already.isEmpty && !recorder.skippedSome ? recorder.storedPackages : try ledger.packageRecords(inRun: writer.runID)
            current = recorded.filter { $0.path.map(shareSet.contains) ?? false }
            changes = comparison.changes(current: current, previous: try ledger.latestPackageRecords(excludingRun: writer.runID, under: comparison.roots))
        } catch {
            throw AuditError(.couldNotComplete, "cannot read the ledger \(options.ledger.displayName)", cause: error)
        }
        var verdicts = VerdictCounts()
        for record in current { verdicts.add(record.recordedVerdict) }
        let outcome = AuditOutcome(verdicts: verdicts, changesNeedingAttention: changes.filter(\.needsAttention).count)
        var ended: JSONObject = [
            "pass": .integer(Int64(verdicts.pass)),
            "fail": .integer(Int64(verdicts.fail)),
            "error": .integer(Int64(verdicts.error)),
            "changes": .integer(Int64(changes.count)),
            "exit_status": .integer(Int64(outcome.rawValue)),
        ]
        for (key, value) in LedgerRecord.environmentDetail().entries { ended[key] = value }
        // A package first seen gone is recorded as such, once, and a move as a move: the ledger
        // then says when it went, and where.
        let gone = changes.compactMap { change -> LedgerRecord? in
            guard let last = change.previous else { return nil }
            if change.kinds == [.vanished], last.kind == .package { return .vanished(last, writer: writer, at: clock.now()) }
            if change.kinds.contains(.moved) { return .moved(last, to: change.path, writer: writer, at: clock.now()) }
            return nil
        }
        try recorder.record(gone + [.run(.runEnded, writer: writer, startedAt: startedAt, endedAt: clock.now(), verdict: verdicts.worst, detail: ended)])
        return AuditSummary(
            runID: writer.runID, shard: options.shard, ledger: options.ledger.displayName, inputs: share.count,
            verifiedNow: inputs.count, verdicts: verdicts, changes: changes,
            head: LedgerAppendGuard.head(of: ledger, after: verifiedHead, clock: clock), outcome: outcome)
    }

    /// Verifies `inputs` as a batch, telling `events` of each and recording it.
    /// - Parameter receipts: where and with what each package's receipt is signed (`--receipts`).
    private func verify(
        _ inputs: [StoreKeys.Input], writer: LedgerRecord.Writer, recorder: AuditRecorder,
        receipts: (directory: AuditReceipts, write: (VerificationReport, String) throws -> ReceiptFingerprint)?,
        events: some AuditEvents
    ) throws(AuditError) {
        let runner = BatchRunner(verifier: Verifier(policy: options.policy), inputs: inputs.map(\.path), jobs: options.jobs)
        var done = 0
        var failure: AuditError?
        runner.run(
            deliver: { index, outcome in
                done += 1
                let result = outcome.report
                events.verified(result, elapsed: outcome.elapsed)
                guard failure == nil else { return }
                var receipt: ReceiptFingerprint?
                if let receipts, result.verdict != .error {
                    do {
                        receipt = try receipts.write(result, try receipts.directory.path(for: inputs[index]))
                    } catch {
                        // The audit goes on; the record says no receipt was made, and why is said.
                        events.note("cannot write the receipt of \(inputs[index].path)", cause: error)
                    }
                }
                do throws(AuditError) {
                    try recorder.add(.make(result, key: inputs[index].key, elapsed: outcome.elapsed, writer: writer, clock: clock, receipt: receipt))
                } catch {
                    failure = error
                }
            },
            tick: {
                events.progress(done: done, of: inputs.count, bytes: runner.bytes.done)
            })
        if let failure { throw failure }
    }
}
