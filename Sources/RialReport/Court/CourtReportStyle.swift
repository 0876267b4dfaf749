import RialVerifier
import RialFormat

/// The court report's CSS, for the screen and for paper.
///
/// Paper: `@page { size: auto }`, so the reader's paper (A4 or Letter) decides, and a layout
/// without fixed widths that fits both. Every printed page carries a header (the package id
/// and the verdict) and a footer (when and by what it was verified, "page n of m"), in CSS
/// page-margin boxes (`@top-left`, `@bottom-right`, with `counter(page)` and
/// `counter(pages)`), which Chromium prints since version 131 instead of its own header and
/// footer, with `--print-to-pdf` and `--no-pdf-header-footer` or without. (Running elements are
/// not supported, and a fixed-position header cannot count pages.) A browser that ignores margin
/// boxes prints its own header and footer when asked to: the document's title, which names the
/// package id, and its page numbers (docs/report.md, Printing).
enum CourtReportStyle {
    static func css(for report: VerificationReport) -> String {
        let verdict = VerdictWords(report).title
        let package = report.packageID.map { "Evidence package " + $0 } ?? "File " + report.subjectPath
        let verified = "Verified \(report.verifiedAt.rfc3339) by \(RialToolkit.name) \(RialToolkit.version)"
        let box = "font:8pt/1.2 -apple-system,\"Segoe UI\",Helvetica,Arial,sans-serif;color:#444"
        return """
            @page{size:auto;margin:17mm 14mm 15mm;
            @top-left{content:\(string(package));\(box);white-space:nowrap}
            @top-right{content:\(string("Verification report: " + verdict));\(box);white-space:nowrap}
            @bottom-left{content:\(string(verified));\(box);white-space:nowrap}
            @bottom-right{content:"page " counter(page) " of " counter(pages);\(box);white-space:nowrap}}
            \(body)
            """
    }

    /// `text` as a CSS string: letters, digits and a few safe marks as they are, everything
    /// else (quotes, backslashes, `<`, anything non-ASCII) as a CSS escape, so a file name
    /// can neither end the string nor the `<style>` element. Invisible characters are shown as
    /// `\u{…}` first, as everywhere in the report.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in Escaping.visible(text).unicodeScalars {
            if scalar.isASCII, let ascii = Character(scalar).asciiValue,
                (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x61 && ascii <= 0x7A)
                    || " .,:-_/()".unicodeScalars.contains(scalar)
            {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\" + String(scalar.value, radix: 16) + " "
            }
        }
        return out + "\""
    }

    static let body = """
        body{font:10.5pt/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:#111;max-width:190mm;margin:0 auto;padding:8mm}
        @media print{body{max-width:none;padding:0;margin:0}}
        h1{font-size:17pt;margin:0}h2{font-size:12.5pt;border-bottom:1px solid #999;margin:18px 0 6px;break-after:avoid}
        .file{color:#444;margin:2px 0 10px;overflow-wrap:anywhere}
        .verdict{border:3px solid;padding:8px 12px;margin:10px 0;-webkit-print-color-adjust:exact;print-color-adjust:exact}
        .verdict .big{font-size:22pt;font-weight:bold;margin:0}
        .verdict.verified{border-color:#2e7d32;background:#e8f5e9}.verdict.unjudged{border-color:#1565c0;background:#e3f2fd}.verdict.consistent{border-color:#546e7a;background:#eceff1}
        .verdict.fail{border-color:#c62828;background:#ffebee}.verdict.claims{border-color:#ad1457;background:#fce4ec}.verdict.untrusted{border-color:#6a1b9a;background:#f3e5f5}.verdict.error{border-color:#ef6c00;background:#fff3e0}
        .verdict table.parts{margin:6px 0 0}.verdict table.parts th{width:16%;text-align:left;font-weight:normal;color:#333}
        .failures{border:2px solid #c62828;padding:2px 10px 6px;margin:0 0 10px;break-inside:avoid}.failures h2{border:0;margin-top:6px;color:#b71c1c}
        table{border-collapse:collapse;width:100%}td,th{vertical-align:top;text-align:left;padding:3px 5px;border-bottom:1px solid #ddd;overflow-wrap:anywhere}
        table.facts{table-layout:fixed}table.facts th{width:22%;color:#333}
        table.list{table-layout:auto;font-size:8.5pt}thead{display:table-header-group}tr{break-inside:avoid}
        .nw{white-space:nowrap;overflow-wrap:normal}
        .mono{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace}.code{font-size:8pt}.hash{font-size:8.5pt}.action{font-size:8pt;font-weight:600}
        .cmd{font-size:8.5pt;line-height:1.6}
        .st{font-weight:bold;padding:0 3px;-webkit-print-color-adjust:exact;print-color-adjust:exact}
        .st.pass{color:#1b5e20}.st.fail{color:#fff;background:#c62828}.st.not_present,.st.not_checked{color:#555;background:#eee}
        tr.bad td{background:#ffebee;-webkit-print-color-adjust:exact;print-color-adjust:exact}svg .bad{fill:#c62828;font-weight:bold}
        tr.findings td{border-top:0}
        svg.chain{width:100%;height:auto;font-size:12px;-webkit-print-color-adjust:exact;print-color-adjust:exact}
        .legend{font-size:9pt}.sw{display:inline-block;width:10px;height:10px;vertical-align:middle;-webkit-print-color-adjust:exact;print-color-adjust:exact}
        .thumbs{display:flex;flex-wrap:wrap;gap:8px}figure{margin:0;width:160px;break-inside:avoid}figure svg{width:160px;height:120px;display:block;-webkit-print-color-adjust:exact;print-color-adjust:exact}
        figcaption{font-size:8.5pt;color:#333}.note{font-size:9pt;color:#444}
        pre{background:#f5f5f5;padding:6px;font-size:9pt;white-space:pre-wrap;overflow-wrap:anywhere}
        footer{margin-top:16px;font-size:8.5pt;color:#666;border-top:1px solid #ccc;padding-top:4px}
        """
}
