import RialFormat
import RialLedger
import RialVerifier
import RialReport
#if canImport(Glibc)
import Glibc
#endif

/// What an audit writes for one verification: the ledger (RialLedger) never sees a report,
/// only the record the audit makes of it.
extension LedgerRecord {
    /// Who wrote a record and under which policy: the same for every record of one worker.
    package struct Writer: Sendable {
        /// The run (``AuditRun``).
        package let runID: String
        /// The worker's share.
        package let shard: ShardSelector
        /// The machine.
        package let host: String
        /// ``LedgerRecord/policyText(_:)`` of the verification policy.
        package let policy: String

        /// The writer of run `runID`'s share `shard` on `host`, under `policy`.
        package init(runID: String, shard: ShardSelector, host: String, policy: String) {
            self.runID = runID
            self.shard = shard
            self.host = host
            self.policy = policy
        }
    }

    /// The record of one verification.
    /// - Parameters:
    ///   - report: the verification's report.
    ///   - key: the input's key in the ledger (``StorePath``).
    ///   - elapsed: seconds it took (it ended now).
    ///   - writer: who writes it.
    ///   - clock: what now is.
    ///   - receipt: the signed receipt made of it (`rial audit --receipts`), named in `detail`.
    package static func make(
        _ report: VerificationReport, key: String, elapsed: Double, writer: Writer, clock: AuditClock,
        receipt: ReceiptFingerprint? = nil
    ) -> LedgerRecord {
        var failing: [String] = []
        for check in report.failures where !failing.contains(check.code.rawValue) { failing.append(check.code.rawValue) }
        return LedgerRecord(
            kind: .package, runID: writer.runID, shard: writer.shard.description, host: writer.host,
            toolVersion: RialToolkit.version, policy: writer.policy, path: key,
            packageID: report.packageID, fingerprint: report.manifestSHA256, size: size(of: report.subjectPath),
            verdict: Verdict(report.verdict).rawValue, failingCodes: failing, errorCode: report.error?.code.rawValue,
            startedAt: clock.now(minus: elapsed), endedAt: clock.now(),
            detail: receipt.map { compactJSON(.object(["receipt": .object(["file": .string($0.reportPath), "sha256": .string($0.reportSHA256)])])) })
    }

    /// The record that a package verified before (`last`) is gone from its store.
    package static func vanished(_ last: LedgerRecord, writer: Writer, at time: String) -> LedgerRecord {
        LedgerRecord(
            kind: .vanished, runID: writer.runID, shard: writer.shard.description, host: writer.host, toolVersion: RialToolkit.version,
            policy: writer.policy, path: last.path, packageID: last.packageID, fingerprint: last.fingerprint,
            startedAt: time, detail: compactJSON(.object(["last_seq": .integer(last.seq)])))
    }

    /// The record that the package at `last`'s path is now at `path`.
    package static func moved(_ last: LedgerRecord, to path: String, writer: Writer, at time: String) -> LedgerRecord {
        LedgerRecord(
            kind: .moved, runID: writer.runID, shard: writer.shard.description, host: writer.host, toolVersion: RialToolkit.version,
            policy: writer.policy, path: last.path, packageID: last.packageID, fingerprint: last.fingerprint,
            startedAt: time, detail: compactJSON(.object(["to": .string(path), "last_seq": .integer(last.seq)])))
    }

    /// The record that the package `last` speaks of is gone and forgotten on purpose (`rial
    /// ledger forget`), by `user` for `reason`; it is a run of its own, with no policy.
    package static func forgotten(_ last: LedgerRecord, reason: String, user: String, host: String, at time: String) -> LedgerRecord {
        LedgerRecord(
            kind: .forgotten, runID: "forget-" + UUIDText.random(), shard: ShardSelector.all.description, host: host,
            toolVersion: RialToolkit.version, policy: "{}", path: last.path, packageID: last.packageID, fingerprint: last.fingerprint,
            startedAt: time,
            detail: compactJSON(.object(["reason": .string(reason), "user": .string(user), "last_seq": .integer(last.seq)])))
    }

    /// A `run-started` or `run-ended` record; `detail` is compact JSON.
    package static func run(_ kind: Kind, writer: Writer, startedAt: String, endedAt: String? = nil, verdict: Verdict? = nil, detail: JSONObject)
        -> LedgerRecord
    {
        LedgerRecord(
            kind: kind, runID: writer.runID, shard: writer.shard.description, host: writer.host, toolVersion: RialToolkit.version,
            policy: writer.policy, verdict: verdict?.rawValue, startedAt: startedAt, endedAt: endedAt, detail: compactJSON(.object(detail)))
    }

    /// What the run's verdicts depended on besides the policy, for its `run-ended` record: the
    /// libraries as they said at run time (the media probe's too, once one answered) and the
    /// probe's confinement (`null` when no media was examined), as a report's settings give them.
    package static func environmentDetail() -> JSONObject {
        let environment = VerificationSettings.environment()
        return [
            "libraries": .array(environment.libraries.map { .object(["name": .string($0.name), "version": .string($0.version)]) }),
            "media_probe_confinement": environment.mediaProbeConfinement.map(JSONValue.string) ?? .null,
        ]
    }

    /// The policy as compact JSON: the SHA-256 fingerprints of the anchors, what is required,
    /// the custody head, whether media are examined and the revocation evidence given, each
    /// file by kind, source, name and SHA-256 (docs/ledger.md).
    package static func policyText(_ policy: VerificationPolicy) -> String {
        var object: JSONObject = [
            "seal_anchors": .array(policy.sealAnchors.map { .string($0.fingerprintSHA256) }),
            "tsa_anchors": .array(policy.timestampAnchors.map { .string($0.fingerprintSHA256) }),
            "require_seal": .bool(policy.requiresSeal),
            "require_timestamp": .bool(policy.requiresTimestamp),
            "custody_head": policy.custodyHead.map(JSONValue.string) ?? .null,
            "examine_media": .bool(policy.examinesMedia),
            "revocation_evidence": JSONReportRenderer.revocationEvidenceValue(policy.revocationEvidence.map(RevocationEvidenceSummary.init)),
        ]
        // Only when given (--at), so records of runs on the clock keep their form.
        if let stated = policy.statedTime { object["at"] = .string(stated.rfc3339) }
        return compactJSON(.object(object))
    }

    /// `value` as one line of compact JSON, without the newline: how the ledger stores JSON.
    package static func compactJSON(_ value: JSONValue) -> String {
        var text = String(decoding: JSONLinesRenderer.compact(value), as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// A regular file's size; `nil` for a directory (a bag) or what cannot be read.
    private static func size(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }
}
