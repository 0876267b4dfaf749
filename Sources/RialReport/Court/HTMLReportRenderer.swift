import RialVerifier
import RialFormat

/// The court report: one self-contained HTML file (inline CSS and SVG; no scripts, fonts or
/// network) that reads in five minutes and prints on A4 and Letter, with the package id and
/// "page n of m" on every page. The verdict in plain words and, for a failed package, what
/// failed, where and what it means, on the first page; the case; the package's identity and
/// fingerprint; how it was verified (anchors, requirements, custody head, version), so a second
/// examiner can repeat it; signer and time; the capture as stated; the hash chain and depth
/// keyframes as pictures; what the media libraries read from the media; the custody timeline; every check; and how to verify again without
/// rial. Every string from the package is escaped (``html(_:)``, ``HTMLText``).
package enum HTMLReportRenderer {
    /// - Parameter receipt: the signed receipt made with this report, named under "How it was verified".
    package static func render(_ report: VerificationReport, overview: CaseOverview?, receipt: ReceiptFingerprint? = nil) -> String {
        var page = HTMLPage()
        page.header(report)
        page.verdict(report)
        page.failures(report)
        if let fields = report.caseFields { page.caseFields(fields) }
        page.identity(report)
        if let settings = report.settings { page.settings(settings, subjectPath: report.subjectPath, packageFile: report.packageFile, receipt: receipt) }
        if report.verdict != .error {
            page.trust(report)
            if let capture = overview?.capture { page.capture(capture, check: report.checks.first { $0.code == .metadataNormalised }) }
            if let media = overview?.media, !media.isEmpty {
                page.media(media, report: report)
            } else if let skipped = report.checks.first(where: { $0.code == .mediaProbe && $0.status == .notChecked }) {
                page.mediaNotExamined(skipped.message)
            }
            if let chain = overview?.chain {
                page.chain(chain, links: report.checks.first { $0.code == .chainLinks }, allRecomputed: Self.allLinksRecomputed(report))
            }
            if let thumbnails = overview?.thumbnails, !thumbnails.isEmpty { page.depth(thumbnails) }
            if let custody = report.custody { page.custody(custody) }
            page.checks(report)
            page.reverify(report)
        }
        page.footer()
        return page.html
    }

    /// Whether every link was recomputed from its frame: `chain.links` passed, or the chain
    /// broke and no link was left NOT CHECKED. Only then is the chain drawn green.
    static func allLinksRecomputed(_ report: VerificationReport) -> Bool {
        if report.checks.contains(where: { $0.code == .chainLinks && $0.status == .pass }) { return true }
        return report.checks.contains { $0.code == .chainLinkBroken }
            && !report.checks.contains { $0.code.isIn(.chainLinks) && $0.status == .notChecked }
    }

    /// `text` for HTML: invisible characters shown as `\u{…}` (as in the text report), then
    /// `& < > " '` as entities. Scalar by scalar: a `"` or `<` followed by a combining mark is
    /// one Swift character, which a character-by-character escape would let through as it is.
    package static func html(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in Escaping.visible(text).unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&#39;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
