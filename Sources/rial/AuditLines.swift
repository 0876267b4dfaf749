import RialAudit
import RialReport
import RialVerifier

/// What `rial audit` prints while it runs: each input's line as `rial verify` prints it (text
/// or JSON Lines) on standard output, the report's warnings and the audit's notes on standard
/// error, and the progress line.
final class AuditLines: AuditEvents {
    let format: AuditCommand.Format
    let progress: ProgressLine
    /// With `--at`, the JSON lines carry no duration, so they are the same on every run.
    let statedTime: Bool

    init(format: AuditCommand.Format, showsProgress: Bool, statedTime: Bool) {
        self.format = format
        self.progress = ProgressLine(label: "auditing", enabled: showsProgress)
        self.statedTime = statedTime
    }

    func verified(_ report: VerificationReport, elapsed: Double) {
        progress.clear()
        switch format {
        case .text: FileHandleStream.standardOutput.write(TextReportRenderer.line(report) + "\n")
        case .jsonl: FileHandleStream.standardOutput.write(String(decoding: JSONLinesRenderer.line(report, elapsed: statedTime ? nil : elapsed), as: UTF8.self))
        }
        for warning in report.warnings { Console.error("warning: \(warning)") }
    }

    func note(_ text: String, cause: (any Error)?) {
        progress.clear()
        Console.error(cause.map { Console.describe($0, after: text) } ?? text)
    }

    func progress(done: Int, of total: Int, bytes: UInt64) {
        progress.update(inputsDone: done, of: total, bytes: bytes)
    }
}
