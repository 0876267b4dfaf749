import RialVerifier
import RialReport

/// The format of one package's report: a report file's, named by its extension (`--report
/// FILE`), or standard output's (`--format`, for one input).
enum ReportFormat: String, CaseIterable {
    case text, json, xml, html

    /// The format `path`'s extension names (`.txt`, `.json`, `.xml`, `.html` or `.htm`, in any
    /// case), or `nil`.
    init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "txt", "text": self = .text
        case "json": self = .json
        case "xml": self = .xml
        case "html", "htm": self = .html
        default: return nil
        }
    }

    /// `result` in this format: the same bytes in a report file and on standard output.
    /// - Parameters:
    ///   - overview: what the court report (HTML) shows of the package besides the checks.
    ///   - receipt: the signed receipt the court report names.
    /// - Throws: what the XML writer threw.
    func render(_ result: VerificationReport, overview: CaseOverview? = nil, receipt: ReceiptFingerprint? = nil) throws -> [UInt8] {
        switch self {
        case .text: Array(TextReportRenderer.render(result).utf8)
        case .json: JSONReportRenderer.bytes(result)
        case .xml: try XMLReportRenderer.bytes(result)
        case .html: Array(HTMLReportRenderer.render(result, overview: overview, receipt: receipt).utf8)
        }
    }
}
