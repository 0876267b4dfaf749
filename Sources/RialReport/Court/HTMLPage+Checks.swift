import RialFormat
import RialVerifier
extension HTMLPage {
    mutating func checks(_ report: VerificationReport) {
        append(
            "<section><h2>Every check</h2><table class=\"list checks\"><thead><tr><th>Result</th><th>Check, and what about</th><th>Finding</th></tr></thead><tbody>"
        )
        let ordered = report.checks.filter { $0.status == .fail } + report.checks.filter { $0.status != .fail }
        for check in ordered {
            var finding = HTMLText.prose(PlainWords.finding(check.message))
            if let expected = check.expected { finding += "<br><small>expected \(HTMLText.prose(expected))</small>" }
            if let actual = check.actual { finding += "<br><small>actual \(HTMLText.prose(actual))</small>" }
            let about = HTMLText.prose(check.subject) + (check.seq.map { " (event \($0))" } ?? "")
            append(
                "<tr><td>\(HTMLText.token(check.status.label, "st \(check.status.rawValue)"))</td><td>\(HTMLText.token(check.code.rawValue, "mono code"))<br><small>\(about)</small></td><td>\(finding)</td></tr>"
            )
        }
        append("</tbody></table>")
        for warning in report.warnings { append("<p class=\"note\">Warning: \(HTMLText.prose(warning))</p>") }
        let (pass, fail, notPresent, notChecked) = (
            HTMLText.token("PASS"), HTMLText.token("FAIL"), HTMLText.token("NOT PRESENT"), HTMLText.token("NOT CHECKED")
        )
        append(
            "<p class=\"note\">\(pass): checked and holds. \(fail): checked and does not hold. \(notPresent): the package carries no such part. \(notChecked): present but could not be evaluated, with the reason; never counted as a pass.</p></section>\n"
        )
    }

    mutating func reverify(_ report: VerificationReport) {
        let file = h(ShellWord.quoted(report.subjectPath))
        let root = h(report.packageID ?? "PACKAGE-DIRECTORY")
        append(
            """
            <section><h2>Verify it again, without rial</h2>
            <p>The package is an uncompressed tar archive holding one BagIt bag (RFC 8493). With standard tools:</p>
            <pre>tar -xf \(file)
            cd \(root)
            sha256sum rial/manifest.json        # must print the fingerprint above
            sha256sum -c manifest-sha256.txt    # every payload file
            sha256sum -c tagmanifest-sha256.txt # every tag file
            python3 -m bagit --validate .       # an independent BagIt validator</pre>
            <p>README.txt inside the package gives the full procedure, including the <span class="mono nw">openssl cms -verify</span> and <span class="mono nw">openssl ts -verify</span> commands for a seal and a trusted timestamp.</p></section>

            """)
    }
}
