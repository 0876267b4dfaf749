import RialVerifier
import RialFormat

/// The custody log as a person reads it: one line per event (when, what, who, signed or
/// not), the event's details under it, and where the chain is broken if it is. Every string
/// from the package is escaped.
package enum CustodyTimelineRenderer {
    package static func render(_ report: VerificationReport) -> String {
        var lines: [String] = []
        lines.append("Custody log of \(Escaping.visible(report.subjectPath))")
        if let id = report.packageID { lines.append("Package            \(Escaping.visible(id))") }
        if let hash = report.manifestSHA256 { lines.append("Manifest SHA-256   \(hash)") }
        guard let custody = report.custody else {
            lines.append("State              none: a plain bag has no custody log")
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append("State              \(TextReportRenderer.custodyLine(custody, withHead: false))")
        if custody.state == .intact || custody.state == .untrusted, let head = custody.head, let sha = head.sha256 {
            lines.append("Head               event \(head.seq), SHA-256 \(sha)")
            lines.append(
                "                   Record it at hand-over; `rial verify \(Escaping.visible(report.subjectPath)) --custody-head \(sha)` later shows no event up to it was removed."
            )
        }
        if report.verdict != .pass {
            lines.append(
                "Package            verification \(report.verdict.rawValue.uppercased()): \(report.failures.count) check\(report.failures.count == 1 ? "" : "s") failed; run `rial verify` for the full report"
            )
        }
        guard !custody.entries.isEmpty else { return lines.joined(separator: "\n") + "\n" }
        lines.append("")
        let actionWidth = CustodyAction.allCases.map(\.rawValue.count).max() ?? 0
        lines.append("SEQ     WHEN (UTC)                 " + "ACTION".padding(toLength: actionWidth + 2, withPad: " ", startingAt: 0) + "WHO; SIGNATURE")
        // No anchors given: the signers were not judged (custody.trust NOT CHECKED).
        let anchorless = report.checks.contains { $0.code == .custodyTrust && $0.status == .notChecked }
        for entry in custody.entries {
            let seq = String(entry.seq).padding(toLength: 7, withPad: " ", startingAt: 0)
            guard let event = entry.event else {
                lines.append("\(seq) (unreadable: \(entry.problems.joined(separator: ", ")))")
                continue
            }
            let time = event.timestamp.rfc3339
            let when = time.count < 26 ? time.padding(toLength: 26, withPad: " ", startingAt: 0) : time
            let action = event.action.rawValue.padding(toLength: actionWidth + 2, withPad: " ", startingAt: 0)
            let origin = event.imported != nil ? ", imported from the capture device" : ""
            lines.append("\(seq) \(when) \(action)\(Escaping.visible(event.actor.summary)); \(signatureText(entry, anchorless: anchorless))\(origin)")
            var detail = event.details.isEmpty ? "" : Escaping.visible(event.details)
            if let location = event.location { detail += (detail.isEmpty ? "" : " · ") + "at " + Escaping.visible(location) }
            if !detail.isEmpty { lines.append("        \(detail)") }
            if let forced = event.forced {
                lines.append(
                    "        appended with --force: verification gave \(Escaping.visible(forced.verdict)) (\(Escaping.visible(forced.failedChecks.joined(separator: ", "))))"
                )
            }
            // A signer outside the anchors is untrusted, not a broken link.
            let untrusted = entry.problems.filter { $0 == CheckResult.Code.custodySignerUntrusted.rawValue }
            let broken = entry.problems.filter { $0 != CheckResult.Code.custodySignerUntrusted.rawValue }
            if !untrusted.isEmpty { lines.append("        NOT TRUSTED: the signer chains to none of the anchors given (\(untrusted.joined(separator: ", ")))") }
            if !broken.isEmpty { lines.append("        BROKEN: \(Escaping.visible(broken.joined(separator: ", ")))") }
        }
        // Findings no event line shows: about the log as a whole, or about a seq with no event
        // (an orphan signature).
        let shown = Set(custody.entries.map(\.seq))
        let logWide = report.checks.filter { $0.code.isIn(.custody) && $0.status == .fail && !($0.seq.map(shown.contains) ?? false) }
        for check in logWide { lines.append("BROKEN: \(Escaping.visible(check.code.rawValue)): \(Escaping.visible(check.message))") }
        if custody.entries.contains(where: { $0.signature == .validUntrusted }) {
            lines.append("")
            lines.append(
                anchorless
                    ? "Signers were not checked against trust anchors: give the roots you trust with --trust or --trust-dir."
                    : "Some signers do not chain to the anchors given with --trust or --trust-dir.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How an event's signature stands; without anchors its signer is not checked (as `rial
    /// verify` says, NOT CHECKED), not "not trusted", which says an anchor refused it.
    static func signatureText(_ entry: CustodyEntry, anchorless: Bool) -> String {
        switch entry.signature {
        case .missing: return "unsigned"
        case .invalid: return "signature INVALID"
        case .validUntrusted where anchorless: return "signed by \(Escaping.visible(entry.signerSubject ?? "?")), signer not checked (no trust anchors given)"
        case .validUntrusted: return "signed by \(Escaping.visible(entry.signerSubject ?? "?")), signer NOT trusted"
        case .validTrusted: return "signed by \(Escaping.visible(entry.signerSubject ?? "?")), signer trusted"
        }
    }
}
