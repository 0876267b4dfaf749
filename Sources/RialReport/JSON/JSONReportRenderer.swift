import RialVerifier
import RialFormat

/// The report as JSON (`schema/report.schema.json`), for scripts. Codes and statuses are
/// stable; messages may be reworded.
public enum JSONReportRenderer {
    /// `report_version` of the JSON report (`schema/SPEC.md` §9.1, CHANGELOG.md).
    public static let reportVersion = "1.9"

    package static func jsonValue(_ report: VerificationReport) -> JSONValue {
        var object = JSONObject()
        object["report_version"] = .string(reportVersion)
        object["tool"] = .object(["name": .string(RialToolkit.name), "version": .string(RialToolkit.version)])
        var subject: JSONObject = ["path": .string(report.subjectPath), "kind": .string(report.subjectKind.rawValue)]
        // Report version 1.9: the exact bytes examined, when a receipt asked for them.
        if let file = report.packageFile {
            subject["sha256"] = .string(file.sha256)
            subject["size"] = .integer(Int64(clamping: file.size))
        }
        object["subject"] = .object(subject)
        object["verified_at"] = .string(report.verifiedAt.rfc3339)
        object["verdict"] = .string(report.verdict.rawValue)
        object["package_id"] = report.packageID.map(JSONValue.string) ?? .null
        object["manifest_sha256"] = report.manifestSHA256.map(JSONValue.string) ?? .null
        object["summary"] = .object([
            "pass": .integer(Int64(report.count(.pass))),
            "fail": .integer(Int64(report.count(.fail))),
            "not_present": .integer(Int64(report.count(.notPresent))),
            "not_checked": .integer(Int64(report.count(.notChecked))),
        ])
        if let error = report.error { object["error"] = errorValue(error) }
        if let seal = report.seal { object["seal"] = sealValue(seal) }
        if let timestamp = report.timestamp { object["timestamp"] = timestampValue(timestamp) }
        if let custody = report.custody { object["custody"] = custodyValue(custody) }
        let imported = Set(report.custody?.entries.filter { $0.event?.imported != nil }.map(\.seq) ?? [])
        object["checks"] = .array(report.checks.map { checkValue($0, part: report.part(of: $0, importedEvents: imported)) })
        object["warnings"] = .array(report.warnings.map(JSONValue.string))
        // Last, so every member of a 1.3 report keeps its place (the XML's order is this one).
        if let fields = report.caseFields { object["case"] = caseValue(fields) }
        if let settings = report.settings { object["settings"] = settingsValue(settings) }
        // What the verdict rests on (§9.2); an input that could not be evaluated has none.
        if report.verdict != .error {
            let basis = report.basis
            var parts = JSONObject()
            for summary in basis.parts {
                parts[summary.part.rawValue] = .object([
                    "state": .string(summary.state.rawValue), "pass": .integer(Int64(summary.passCount)),
                    "fail": .integer(Int64(summary.failCount)), "not_present": .integer(Int64(summary.notPresentCount)),
                    "not_checked": .integer(Int64(summary.notCheckedCount)),
                ])
            }
            object["basis"] = .object([
                "assurance": .string(basis.assurance.rawValue), "failure": .string(basis.failure.rawValue),
                "custody_head": .string(basis.custodyHead.rawValue), "title": .string(VerdictWords(report).title),
                "parts": .object(parts),
            ])
        }
        return .object(object)
    }

    /// The seal's object. `signer` only with every field of the certificate known: the schema
    /// requires them all, and a fingerprint of `""` would read as a certificate's (never written).
    static func sealValue(_ seal: SealSummary) -> JSONValue {
        var object = JSONObject()
        object["state"] = .string(seal.state.rawValue)
        if let subject = seal.signerSubject, let issuer = seal.signerIssuer, let serial = seal.signerSerial,
            let fingerprint = seal.signerFingerprint
        {
            object["signer"] = .object([
                "subject": .string(subject),
                "issuer": .string(issuer),
                "serial": .string(serial),
                "sha256_fingerprint": .string(fingerprint),
            ])
        }
        if let claimed = seal.claimedSigningTime { object["claimed_signing_time"] = .string(claimed.rfc3339) }
        if let anchor = seal.anchorSubject { object["trust_anchor"] = .string(anchor) }
        if let judged = seal.judgedAt { object["certificates_judged_at"] = .string(judged.rfc3339) }
        return .object(object)
    }

    /// Why an input could not be verified: code, message (with its cause) and location.
    package static func errorValue(_ error: VerifierError) -> JSONValue {
        var message = error.reason
        if let cause = error.cause { message += ": \(cause)" }
        var value: JSONObject = ["code": .string(error.code.rawValue), "message": .string(message)]
        if let location = error.location { value["location"] = .string(location) }
        return .object(value)
    }

    /// One check, as in the report's `checks`.
    /// - Parameter part: the part of the verdict it belongs to (report version 1.5), if known.
    package static func checkValue(_ check: CheckResult, part: VerdictPart? = nil) -> JSONValue {
        var item = JSONObject()
        item["code"] = .string(check.code.rawValue)
        item["status"] = .string(check.status.rawValue)
        item["subject"] = .string(check.subject)
        item["message"] = .string(check.message)
        if let expected = check.expected { item["expected"] = .string(expected) }
        if let actual = check.actual { item["actual"] = .string(actual) }
        if let seq = check.seq { item["seq"] = .integer(seq) }
        if let part { item["part"] = .string(part.rawValue) }
        return .object(item)
    }

    /// The custody log: its state, head and timeline (report version 1.2).
    package static func custodyValue(_ custody: CustodySummary) -> JSONValue {
        var object = JSONObject()
        object["state"] = .string(custody.state.rawValue)
        object["event_count"] = .integer(Int64(custody.entries.count))
        object["imported_count"] = .integer(Int64(custody.importedCount))
        object["signed_count"] = .integer(Int64(custody.signedCount))
        if let head = custody.head {
            object["head"] = .object(["seq": .integer(head.seq), "sha256": head.sha256.map(JSONValue.string) ?? .null])
        }
        if let broken = custody.firstBrokenSeq { object["first_broken_seq"] = .integer(broken) }
        object["events"] = .array(
            custody.entries.map { entry in
                var item = JSONObject()
                item["seq"] = .integer(entry.seq)
                item["path"] = .string(entry.path)
                item["sha256"] = entry.sha256.map(JSONValue.string) ?? .null
                if let event = entry.event {
                    item["id"] = .string(event.id)
                    item["timestamp"] = .string(event.timestamp.rfc3339)
                    item["action"] = .string(event.action.rawValue)
                    item["actor"] = event.actor.json
                    item["details"] = .string(event.details)
                    if let location = event.location { item["location"] = .string(location) }
                    item["imported"] = .bool(event.imported != nil)
                    item["forced"] = .bool(event.forced != nil)
                }
                item["signature"] = .string(entry.signature.rawValue)
                if let signer = entry.signerSubject { item["signer"] = .string(signer) }
                item["problems"] = .array(entry.problems.map(JSONValue.string))
                return .object(item)
            })
        return .object(object)
    }

    /// The timestamp's object. `tsa` only with every field of the certificate known, as the
    /// seal's `signer`: never a fingerprint of `""`.
    static func timestampValue(_ timestamp: TimestampSummary) -> JSONValue {
        var object = JSONObject()
        object["state"] = .string(timestamp.state.rawValue)
        if let genTime = timestamp.genTime { object["gen_time"] = .string(genTime.rfc3339) }
        if let serial = timestamp.serial { object["serial"] = .string(serial) }
        if let policy = timestamp.policy { object["policy"] = .string(policy) }
        if let subject = timestamp.tsaSubject, let serial = timestamp.tsaSerial, let fingerprint = timestamp.tsaFingerprint {
            object["tsa"] = .object([
                "subject": .string(subject),
                "serial": .string(serial),
                "sha256_fingerprint": .string(fingerprint),
            ])
        }
        return .object(object)
    }

    /// The JSON report (`schema/report.schema.json`), UTF-8, ending in a newline.
    public static func bytes(_ report: VerificationReport) -> [UInt8] {
        JSONWriter.bytes(jsonValue(report), escaping: .invisibles)
    }
}
