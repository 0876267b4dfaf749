import RialVerifier
import RialFormat

/// `rial receipt verify`'s output: in text, the verdict on the receipt in words, what the
/// report says, and every finding (failures first); in JSON (`schema/receipt-verification.schema.json`),
/// the same for scripts. Every string read from the receipt is escaped.
public enum ReceiptReportRenderer {
    /// `receipt_verification_version` of the JSON output.
    public static let version = "1.0"

    /// The output of `rial receipt verify`: the verdict in words, what the report says, then every finding.
    public static func text(_ result: ReceiptVerification) -> String {
        var lines = [headline(result), ""]
        lines.append("Receipt            \(Escaping.visible(result.reportPath))\(result.reportSHA256.map { "   SHA-256 \($0)" } ?? "")")
        if let recorded = result.recorded {
            lines.append(
                "Package            \(Escaping.visible(recorded.subjectPath))\(recorded.packageFile.map { "   SHA-256 \($0.sha256), \($0.size) bytes" } ?? "")")
            lines.append(
                "Recorded verdict   \(recorded.verdict.uppercased()), verified at \(recorded.verificationTime.rfc3339)\(recorded.isVerificationTimeStated ? " (stated with --at)" : "") with rial \(Escaping.visible(recorded.toolVersion ?? "?"))"
            )
            if let examiner = recorded.examiner {
                lines.append(
                    "Examiner           \(Escaping.visible(examiner.name))\(examiner.host.isEmpty ? "" : " on \(Escaping.visible(examiner.host))") (stated)")
            }
        }
        if let signer = result.signerSubject { lines.append("Signed by          \(Escaping.visible(signer))") }
        if let genTime = result.trustedGenTime { lines.append("Trusted time       \(genTime.rfc3339) (the receipt's RFC 3161 token)") }
        lines.append("")
        for check in TextReportRenderer.ordered(result.checks) {
            lines.append("\(check.status.label.padding(toLength: 12, withPad: " ", startingAt: 0)) \(check.code.rawValue)  \(Escaping.visible(check.subject))")
            lines.append("             \(Escaping.visible(check.message))")
            if let expected = check.expected { lines.append("             expected \(Escaping.visible(expected))") }
            if let actual = check.actual { lines.append("             actual   \(Escaping.visible(actual))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The verdict in one line: intact or not, and how far it is vouched for.
    static func headline(_ result: ReceiptVerification) -> String {
        let status = { (code: CheckResult.Code) in result.checks.first { $0.code == code }?.status }
        guard result.verdict == .pass else {
            let first = result.failures.first.map { ": \($0.code) \(Escaping.visible($0.subject))" } ?? ""
            return "FAIL  the receipt does not hold\(first)"
        }
        var parts = ["the report is as signed"]
        parts.append(status(.receiptTrust) == .pass ? "by a signer your anchors trust" : "signer not checked (no --trust)")
        switch status(.receiptTimestamp) {
        case .pass?: parts.append(status(.receiptTimestampTrust) == .pass ? "made before a trusted time" : "time token valid, TSA not checked (no --tsa-trust)")
        default: parts.append("no trusted time")
        }
        if status(.receiptPackage) == .pass { parts.append("the package is the bytes it names") }
        if status(.receiptRerun) == .pass { parts.append("a re-run agrees") }
        return "PASS  " + parts.joined(separator: "; ")
    }

    /// The same as JSON (`schema/receipt-verification.schema.json`), UTF-8, ending in a newline.
    public static func json(_ result: ReceiptVerification) -> [UInt8] {
        var object = JSONObject()
        object["receipt_verification_version"] = .string(version)
        object["tool"] = .object(["name": .string(RialToolkit.name), "version": .string(RialToolkit.version)])
        object["receipt"] = .string(result.reportPath)
        object["receipt_sha256"] = result.reportSHA256.map(JSONValue.string) ?? .null
        object["verdict"] = .string(result.verdict.rawValue)
        object["signer"] = result.signerSubject.map(JSONValue.string) ?? .null
        object["trusted_time"] = result.trustedGenTime.map { .string($0.rfc3339) } ?? .null
        if let recorded = result.recorded {
            var report: JSONObject = [
                "subject": .string(recorded.subjectPath), "verdict": .string(recorded.verdict),
                "verification_time": .string(recorded.verificationTime.rfc3339),
            ]
            if let file = recorded.packageFile { report["sha256"] = .string(file.sha256); report["size"] = .integer(Int64(clamping: file.size)) }
            if let examiner = recorded.examiner { report["examiner"] = .string(examiner.name) }
            object["recorded"] = .object(report)
        }
        object["checks"] = .array(result.checks.map { JSONReportRenderer.checkValue($0) })
        if let rerun = result.rerun { object["rerun_verdict"] = .string(rerun.verdict.rawValue) }
        return JSONWriter.bytes(.object(object), escaping: .invisibles)
    }
}
