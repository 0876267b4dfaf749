import RialFormat
import RialLedger
import RialVerifier
import RialReport

/// What an audit found, as a value: the share's verdicts, the changes since the previous
/// audit, the run and the ledger's head, and the outcome. `rial audit` prints it after the
/// inputs' lines (``text()`` or ``jsonLines()``) and exits with the outcome's status.
package struct AuditSummary {
    /// The run (``AuditRun``).
    package let runID: String
    /// This worker's share.
    package let shard: ShardSelector
    /// The ledger, as its location is shown.
    package let ledger: String
    /// Inputs in this worker's share.
    package let inputs: Int
    /// How many of them were verified now (a rerun skips those the run already recorded).
    package let verifiedNow: Int
    /// The verdicts of the share's records in this run.
    package let verdicts: VerdictCounts
    /// What changed since the previous audit, by path.
    package let changes: [LedgerChange]
    /// The ledger's head after the run's end was recorded.
    package let head: (seq: Int64, hash: String)
    /// What the result asks of whoever runs the audit.
    package let outcome: AuditOutcome

    /// The summary for people: the changes, the totals, the run and the ledger's head.
    package func text() -> String {
        var out = ""
        if changes.isEmpty {
            out += "no change since the previous audit\n"
        } else {
            out += "changes since the previous audit (\(changes.count)):\n"
            for change in changes { out += "  " + Self.line(change) + "\n" }
        }
        out += TextReportRenderer.totals(pass: verdicts.pass, fail: verdicts.fail, error: verdicts.error)
        if verifiedNow < inputs { out += " (\(inputs - verifiedNow) recorded earlier in this run)" }
        out += "\nrun \(Escaping.visible(runID)), shard \(shard); ledger \(Escaping.visible(ledger)), head seq \(head.seq) \(head.hash)\n"
        return out
    }

    /// `changed store/a.rialpkg: fingerprint 1a2b… → 3c4d…; verdict pass → fail`.
    package static func line(_ change: LedgerChange) -> String {
        let path = Escaping.visible(change.path)
        var parts: [String] = []
        for kind in change.kinds {
            switch kind {
            case .new: parts.append("new")
            case .vanished:
                if change.previous?.kind == .vanished {
                    parts.append("vanished (recorded gone \(change.previous?.startedAt ?? "?"); `rial ledger forget` acknowledges it)")
                } else {
                    parts.append("vanished (last verified \(change.previous?.endedAt ?? "?"), \(change.previous?.verdict ?? "?"))")
                }
            case .fingerprintChanged: parts.append("fingerprint \(short(change.previous?.fingerprint)) → \(short(change.current?.fingerprint))")
            case .idFingerprintChanged:
                parts.append(
                    "package id \(Escaping.visible(change.current?.packageID ?? "?")) had fingerprint \(short(change.previous?.fingerprint)) at \(Escaping.visible(change.previous?.path ?? "?"))"
                )
            case .verdictChanged: parts.append("verdict \(change.previous?.verdict ?? "?") → \(change.current?.verdict ?? "?")")
            case .overdue: parts.append("overdue: previously verified \(change.previous?.endedAt ?? "?")")
            case .moved: parts.append("moved from \(Escaping.visible(change.previous?.path ?? "?")) (same package id and fingerprint; one history)")
            case .reappeared: parts.append("reappeared (recorded as vanished \(change.previous?.startedAt ?? "?"))")
            }
        }
        return "\(change.needsAttention ? "!" : "+") \(path): " + parts.joined(separator: "; ")
    }

    private static func short(_ fingerprint: String?) -> String {
        fingerprint.map { String($0.prefix(12)) + "…" } ?? "none"
    }

    /// The summary for tools: a `change` line per change, then the `audit` line.
    package func jsonLines() -> String {
        var out = ""
        for change in changes {
            var object = JSONObject()
            object["type"] = .string("change")
            object["path"] = .string(change.path)
            object["changes"] = .array(change.kinds.map { .string($0.rawValue) })
            object["needs_attention"] = .bool(change.needsAttention)
            object["package_id"] = (change.current?.packageID ?? change.previous?.packageID).map(JSONValue.string) ?? .null
            object["previous_fingerprint"] = change.previous?.fingerprint.map(JSONValue.string) ?? .null
            object["fingerprint"] = change.current?.fingerprint.map(JSONValue.string) ?? .null
            object["previous_verdict"] = change.previous?.verdict.map(JSONValue.string) ?? .null
            object["verdict"] = change.current?.verdict.map(JSONValue.string) ?? .null
            object["previous_seq"] = change.previous.map { .integer($0.seq) } ?? .null
            object["previous_verified_at"] = change.previous.map { .string($0.endedAt ?? $0.startedAt) } ?? .null
            out += String(decoding: JSONLinesRenderer.compact(.object(object)), as: UTF8.self)
        }
        out += String(
            decoding: JSONLinesRenderer.compact(
                .object([
                    "type": .string("audit"),
                    "run_id": .string(runID),
                    "shard": .string(shard.description),
                    "ledger": .string(ledger),
                    "inputs": .integer(Int64(inputs)),
                    "verified_now": .integer(Int64(verifiedNow)),
                    "verdicts": .object([
                        "pass": .integer(Int64(verdicts.pass)), "fail": .integer(Int64(verdicts.fail)), "error": .integer(Int64(verdicts.error)),
                    ]),
                    "changes_total": .integer(Int64(changes.count)),
                    "changes_needing_attention": .integer(Int64(changes.filter(\.needsAttention).count)),
                    "head_seq": .integer(head.seq),
                    "head_hash": .string(head.hash),
                    "exit_status": .integer(Int64(outcome.rawValue)),
                ])), as: UTF8.self)
        return out
    }
}
