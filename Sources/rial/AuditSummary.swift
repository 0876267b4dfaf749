import ArgumentParser
import RialFormat
import RialLedger
import RialVerifier
import RialReport

/// What `rial audit` says after the inputs' lines: the changes since the previous audit, and
/// the totals with the run and the ledger's head.
struct AuditSummary {
    let runID: String
    let shard: ShardSelector
    let ledger: String
    /// Inputs in this worker's share, and how many of them were verified now (a rerun skips
    /// those the run already recorded).
    let inputs: Int
    let verifiedNow: Int
    let verdicts: [String: Int]
    let changes: [LedgerChange]
    let head: (seq: Int64, hash: String)
    let exitStatus: ExitCode

    func text() -> String {
        var out = ""
        if changes.isEmpty {
            out += "no change since the previous audit\n"
        } else {
            out += "changes since the previous audit (\(changes.count)):\n"
            for change in changes { out += "  " + Self.line(change) + "\n" }
        }
        out += TextReportRenderer.totals(pass: verdicts["pass", default: 0], fail: verdicts["fail", default: 0], error: verdicts["error", default: 0])
        if verifiedNow < inputs { out += " (\(inputs - verifiedNow) recorded earlier in this run)" }
        out += "\nrun \(Escaping.visible(runID)), shard \(shard); ledger \(Escaping.visible(ledger)), head seq \(head.seq) \(head.hash)\n"
        return out
    }

    /// `changed store/a.rialpkg: fingerprint 1a2b… → 3c4d…; verdict pass → fail`.
    static func line(_ change: LedgerChange) -> String {
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
                parts.append("package id \(Escaping.visible(change.current?.packageID ?? "?")) had fingerprint \(short(change.previous?.fingerprint)) at \(Escaping.visible(change.previous?.path ?? "?"))")
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

    func jsonLines() -> String {
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
        out += String(decoding: JSONLinesRenderer.compact(.object([
            "type": .string("audit"),
            "run_id": .string(runID),
            "shard": .string(shard.description),
            "ledger": .string(ledger),
            "inputs": .integer(Int64(inputs)),
            "verified_now": .integer(Int64(verifiedNow)),
            "verdicts": .object(["pass": .integer(Int64(verdicts["pass", default: 0])), "fail": .integer(Int64(verdicts["fail", default: 0])),
                                 "error": .integer(Int64(verdicts["error", default: 0]))]),
            "changes_total": .integer(Int64(changes.count)),
            "changes_needing_attention": .integer(Int64(changes.filter(\.needsAttention).count)),
            "head_seq": .integer(head.seq),
            "head_hash": .string(head.hash),
            "exit_status": .integer(Int64(exitStatus.rawValue)),
        ])), as: UTF8.self)
        return out
    }
}
