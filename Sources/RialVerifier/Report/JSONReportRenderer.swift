import RialFormat

/// The report as JSON (`schema/report.schema.json`), for scripts. Codes and statuses are
/// stable; messages may be reworded.
public enum JSONReportRenderer {
    public static let reportVersion = "1.1"

    public static func jsonValue(_ report: VerificationReport) -> JSONValue {
        var object = JSONObject()
        object["report_version"] = .string(reportVersion)
        object["tool"] = .object(["name": .string(RialToolkit.name), "version": .string(RialToolkit.version)])
        object["subject"] = .object(["path": .string(report.subjectPath), "kind": .string(report.subjectKind.rawValue)])
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
        if let error = report.error {
            var described = error.reason
            if let cause = error.cause { described += ": \(cause)" }
            object["error"] = .object(["code": .string(error.code.rawValue), "message": .string(described)])
        }
        if let seal = report.seal { object["seal"] = sealValue(seal) }
        if let timestamp = report.timestamp { object["timestamp"] = timestampValue(timestamp) }
        object["checks"] = .array(report.checks.map { check in
            var item = JSONObject()
            item["code"] = .string(check.code)
            item["status"] = .string(check.status.rawValue)
            item["subject"] = .string(check.subject)
            item["message"] = .string(check.message)
            if let expected = check.expected { item["expected"] = .string(expected) }
            if let actual = check.actual { item["actual"] = .string(actual) }
            return .object(item)
        })
        object["warnings"] = .array(report.warnings.map(JSONValue.string))
        return .object(object)
    }

    private static func sealValue(_ seal: SealSummary) -> JSONValue {
        var object = JSONObject()
        object["state"] = .string(seal.state.rawValue)
        if let subject = seal.signerSubject {
            object["signer"] = .object([
                "subject": .string(subject),
                "issuer": .string(seal.signerIssuer ?? ""),
                "serial": .string(seal.signerSerial ?? ""),
                "sha256_fingerprint": .string(seal.signerFingerprint ?? ""),
            ])
        }
        if let claimed = seal.claimedSigningTime { object["claimed_signing_time"] = .string(claimed.rfc3339) }
        if let anchor = seal.anchorSubject { object["trust_anchor"] = .string(anchor) }
        if let judged = seal.judgedAt { object["certificates_judged_at"] = .string(judged.rfc3339) }
        return .object(object)
    }

    private static func timestampValue(_ timestamp: TimestampSummary) -> JSONValue {
        var object = JSONObject()
        object["state"] = .string(timestamp.state.rawValue)
        if let genTime = timestamp.genTime { object["gen_time"] = .string(genTime.rfc3339) }
        if let serial = timestamp.serial { object["serial"] = .string(serial) }
        if let policy = timestamp.policy { object["policy"] = .string(policy) }
        if let subject = timestamp.tsaSubject {
            object["tsa"] = .object([
                "subject": .string(subject),
                "serial": .string(timestamp.tsaSerial ?? ""),
                "sha256_fingerprint": .string(timestamp.tsaFingerprint ?? ""),
            ])
        }
        return .object(object)
    }

    public static func bytes(_ report: VerificationReport) -> [UInt8] {
        JSONWriter.bytes(jsonValue(report))
    }
}
