import RialVerifier
import RialFormat

/// Batch output, one JSON object per line (`schema/verify-lines.schema.json`): a line per
/// input as soon as its verdict is known, then one summary line. For scripts that check an
/// evidence store: every line stands alone, and a package that cannot be read is an `error`
/// line, never a missing one.
package enum JSONLinesRenderer {
    package static let version = "1.1"

    /// The line for one input.
    /// - Parameter elapsed: seconds the verification took; `nil` leaves `elapsed_ms` out, as
    ///   for a verification as of a stated time (`--at`), whose lines are the same on every run.
    package static func line(_ report: VerificationReport, elapsed: Double?) -> [UInt8] {
        var object = JSONObject()
        object["type"] = .string("package")
        object["path"] = .string(report.subjectPath)
        object["kind"] = .string(report.subjectKind.rawValue)
        object["verdict"] = .string(report.verdict.rawValue)
        object["package_id"] = report.packageID.map(JSONValue.string) ?? .null
        object["manifest_sha256"] = report.manifestSHA256.map(JSONValue.string) ?? .null
        var failing: [String] = []
        for check in report.failures where !failing.contains(check.code.rawValue) { failing.append(check.code.rawValue) }
        object["failing_codes"] = .array(failing.map(JSONValue.string))
        // Lines version 1.1: each part of the verdict's state, so a script can tell a package
        // whose bytes changed from one whose capture app contradicts itself.
        if report.verdict != .error {
            var parts = JSONObject()
            for summary in report.basis.parts { parts[summary.part.rawValue] = .string(summary.state.rawValue) }
            object["parts"] = .object(parts)
        }
        if let error = report.error { object["error"] = JSONReportRenderer.errorValue(error) }
        if let elapsed { object["elapsed_ms"] = .integer(milliseconds(elapsed)) }
        return compact(.object(object))
    }

    /// The final line: counts per verdict, and the exit status the batch ends with.
    /// - Parameter elapsed: seconds the batch took; `nil` (`--at`) leaves `elapsed_ms` out.
    package static func summary(pass: Int, fail: Int, error: Int, elapsed: Double?, exitStatus: Int) -> [UInt8] {
        var object: JSONObject = [
            "type": .string("summary"),
            "lines_version": .string(version),
            "tool": .object(["name": .string(RialToolkit.name), "version": .string(RialToolkit.version)]),
            "total": .integer(Int64(pass + fail + error)),
            "verdicts": .object(["pass": .integer(Int64(pass)), "fail": .integer(Int64(fail)), "error": .integer(Int64(error))]),
        ]
        if let elapsed { object["elapsed_ms"] = .integer(milliseconds(elapsed)) }
        object["exit_status"] = .integer(Int64(exitStatus))
        return compact(.object(object))
    }

    private static func milliseconds(_ seconds: Double) -> Int64 {
        Int64(clamping: Int((seconds * 1000).rounded()))
    }

    /// One line: the writer's indented form with its line breaks and indentation removed
    /// (strings never hold a raw line break: the writer escapes them).
    package static func compact(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        var inString = false
        var escaped = false
        var atLineStart = false
        for byte in JSONWriter.bytes(value, escaping: .invisibles) {
            if inString {
                out.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            if byte == 0x0A { atLineStart = true; continue }
            if atLineStart && byte == 0x20 { continue }
            atLineStart = false
            if byte == UInt8(ascii: "\"") { inString = true }
            out.append(byte)
        }
        out.append(0x0A)
        return out
    }
}
