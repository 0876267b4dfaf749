import RialFormat

/// The report as JSON (`schema/report.schema.json`), for scripts. Codes and statuses are
/// stable; messages may be reworded.
public enum JSONReportRenderer {
    public static let reportVersion = "1.0"

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

    public static func bytes(_ report: VerificationReport) -> [UInt8] {
        JSONWriter.bytes(jsonValue(report))
    }
}
