import RialVerifier
extension HTMLPage {
    /// The case the package belongs to, as `bag-info.txt` names it.
    mutating func caseFields(_ fields: CaseFields) {
        append("<section><h2>The case</h2>")
        guard !fields.fields.isEmpty else {
            append("<p>The package names no case: it was packed without a case number, organisation or description.</p></section>\n")
            return
        }
        append("<table class=\"facts\">")
        let named = [("Case number", "Bag-Group-Identifier"), ("Organisation", "Source-Organization"), ("Description", "External-Description")]
        for field in fields.fields {
            let label = named.first { $0.1.lowercased() == field.label.lowercased() }?.0 ?? h(field.label)
            // A case number is cited, so it is kept whole; other values are prose.
            row(label, label == "Case number" ? HTMLText.cited(field.value) : HTMLText.prose(field.value))
        }
        append(
            "</table><p class=\"note\">As bag-info.txt states them. The fingerprint, and the seal when there is one, cover them: they are as reliable as the verdict above.</p></section>\n"
        )
    }
}
