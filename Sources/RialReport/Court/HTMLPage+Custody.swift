import RialVerifier
extension HTMLPage {
    /// Who had the evidence, when and where: one row per event, its signature in plain words
    /// and, for a signed event, who the certificate says signed it. An unsigned event reads
    /// "not signed": "missing" would read as "removed".
    mutating func custody(_ custody: CustodySummary) {
        append("<section><h2>Chain of custody</h2><p>\(HTMLText.prose(TextReportRenderer.custodyLine(custody, withHead: false)))</p>")
        if let head = custody.head, let sha = head.sha256 {
            append(
                "<p class=\"note\">The last event, \(head.seq), has SHA-256 \(HTMLText.digest(sha)): the value to give with --custody-head at the next hand-over.</p>"
            )
        }
        guard !custody.entries.isEmpty else { append("</section>\n"); return }
        append(
            "<table class=\"list custody\"><thead><tr><th>#</th><th>When (UTC)</th><th>What</th><th>Who</th><th>Where</th><th>Signature</th></tr></thead><tbody>"
        )
        for entry in custody.entries {
            let bad = entry.problems.isEmpty ? "" : " class=\"bad\""
            append("<tr\(bad)><td>\(entry.seq)</td>")
            guard let event = entry.event else {
                append("<td colspan=\"4\">This event file could not be read (\(HTMLText.prose(entry.path))).</td><td>\(Self.signature(entry))</td></tr>")
                append(Self.findings(entry))
                continue
            }
            let who = [event.actor.name, event.actor.role, event.actor.organisation, event.actor.identifier].compactMap { $0 }.filter { !$0.isEmpty }
            append("<td>\(HTMLText.token(event.timestamp.rfc3339))</td>")
            append("<td>\(HTMLText.token(event.action.rawValue, "action"))<br><small>\(HTMLText.prose(event.details))</small></td>")
            append(
                "<td>\(who.map(HTMLText.prose).joined(separator: "<br>"))\(event.imported == nil ? "" : "<br><small>imported from the capture device</small>")</td>"
            )
            append("<td>\(event.location.map(HTMLText.prose) ?? "<small>not stated</small>")</td>")
            append("<td>\(Self.signature(entry))</td></tr>")
            append(Self.findings(entry))
        }
        append("</tbody></table></section>\n")
    }

    /// The signature's state in plain words, and the certificate's identity when it is signed.
    static func signature(_ entry: CustodyEntry) -> String {
        var text = HTMLReportRenderer.html(PlainWords.signature(entry.signature))
        let identity = [entry.signerCommonName, entry.signerOrganization].compactMap { $0 }
        if !identity.isEmpty {
            text += "<br><small>certificate of \(identity.map(HTMLText.prose).joined(separator: ", "))</small>"
        } else if let subject = entry.signerSubject {
            text += "<br><small>certificate \(HTMLText.prose(subject))</small>"
        }
        return text
    }

    /// A row under an event with the codes of its failed findings; empty when it has none.
    static func findings(_ entry: CustodyEntry) -> String {
        guard !entry.problems.isEmpty else { return "" }
        let codes = entry.problems.map { HTMLText.token($0, "mono code") }.joined(separator: ", ")
        return "<tr class=\"bad findings\"><td></td><td colspan=\"5\">Failed: \(codes) (see “Every check”)</td></tr>"
    }
}
