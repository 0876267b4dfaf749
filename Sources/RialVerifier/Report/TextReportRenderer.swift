import RialFormat

/// The report as a person reads it on a terminal: the verdict first, then the package's
/// identity, then every check with its status and reason. Every string that came from the
/// package is escaped, so a file name cannot drive the reader's terminal.
public enum TextReportRenderer {
    /// The report as people read it: the verdict first, then every check, every string from the package escaped.
    public static func render(_ report: VerificationReport) -> String {
        var lines: [String] = []
        let subject = Escaping.visible(report.subjectPath)
        switch report.verdict {
        case .pass:
            lines.append("PASS  \(subject)")
            lines.append("      Verified: every file matches its manifests; nothing was added, removed or changed.")
            if report.count(.notPresent) + report.count(.notChecked) > 0 {
                lines.append("      Not everything could be checked: see NOT PRESENT and NOT CHECKED below.")
            }
            for check in report.checks where check.status == .notChecked {
                lines.append("      Not checked: \(Escaping.visible(check.message)).")
            }
        case .fail:
            let failures = report.failures.count
            lines.append("FAIL  \(subject)")
            lines.append("      Verification failed: \(failures) check\(failures == 1 ? "" : "s") failed. Do not rely on this package's content.")
        case .error:
            lines.append("ERROR \(subject)")
            lines.append("      Could not verify: \(Escaping.visible(report.error?.reason ?? "unknown error"))")
            if let location = report.error?.location { lines.append("      Where: \(Escaping.visible(location))") }
            if let code = report.error?.code { lines.append("      Code: \(Escaping.visible(code.rawValue))") }
            if let cause = report.error?.cause { lines.append("      Cause: \(Escaping.visible(String(describing: cause)))") }
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append("")
        if let id = report.packageID { lines.append("Package id         \(Escaping.visible(id))") }
        if let hash = report.manifestSHA256 { lines.append("Manifest SHA-256   \(hash)   (the package's fingerprint)") }
        if let seal = report.seal { lines.append("Seal               \(Escaping.visible(sealLine(seal)))") }
        if let timestamp = report.timestamp { lines.append("Timestamp          \(Escaping.visible(timestampLine(timestamp)))") }
        if let custody = report.custody { lines.append("Custody log        \(custodyLine(custody))") }
        for attestation in report.appTime?.attestations ?? [] {
            lines.append("Capture time       \(Escaping.visible(capturedLine(attestation)))")
        }
        if let clock = report.appTime?.clockStatement { lines.append("App clock          \(Escaping.visible(clock))") }
        lines.append("Verified at        \(report.verifiedAt.rfc3339)")
        lines.append("Checks             \(report.count(.pass)) passed, \(report.count(.fail)) failed, \(report.count(.notPresent)) not present, \(report.count(.notChecked)) not checked")
        lines.append("")
        for check in report.checks {
            let status = check.status.label.padding(toLength: 12, withPad: " ", startingAt: 0)
            let event = check.seq.map { " (event \($0))" } ?? ""
            lines.append("\(status) \(Escaping.visible(check.code.rawValue))  \(Escaping.visible(check.subject))\(event)")
            lines.append("             \(Escaping.visible(check.message))")
            if let expected = check.expected { lines.append("             expected \(Escaping.visible(expected))") }
            if let actual = check.actual { lines.append("             actual   \(Escaping.visible(actual))") }
        }
        for warning in report.warnings { lines.append("warning: \(Escaping.visible(warning))") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func sealLine(_ seal: SealSummary) -> String {
        let signer = seal.signerSubject.map { "\($0) (certificate SHA-256 \(seal.signerFingerprint ?? ""))" } ?? ""
        switch seal.state {
        case .missing: return "none: nothing proves who made this package"
        case .invalid: return "INVALID" + (signer.isEmpty ? "" : ": claims to be by \(signer)")
        case .validUntrusted: return "signature valid, signer NOT trusted: \(signer)"
        case .validTrusted: return "signature valid, signer trusted: \(signer), anchor \(seal.anchorSubject ?? "")"
        }
    }

    /// - Parameter withHead: whether to name the head (the timeline shows it on its own line).
    static func custodyLine(_ custody: CustodySummary, withHead: Bool = true) -> String {
        let count = custody.entries.count
        let events = "\(count) event\(count == 1 ? "" : "s") (\(custody.importedCount) imported from the capture device, \(custody.signedCount) signed)"
        let head = withHead ? custody.head.map { "; head event \($0.seq), SHA-256 \($0.sha256 ?? "?")" } ?? "" : ""
        switch custody.state {
        case .missing: return "none: the package carries no custody log"
        case .intact: return "\(events), links intact\(head)"
        case .broken: return "BROKEN" + (custody.firstBrokenSeq.map { " at event \($0)" } ?? "") + ": \(events)\(head)"
        }
    }

    /// "Captured no later than <genTime>, attested by <TSA> (timestampTokens[i] of the app)".
    static func capturedLine(_ attestation: AppTimeSummary.Attestation) -> String {
        let phrase = attestation.phrase
        return phrase.prefix(1).uppercased() + phrase.dropFirst() + " (the capture app's timestampTokens[\(attestation.token)])"
    }

    static func timestampLine(_ timestamp: TimestampSummary) -> String {
        let facts = [timestamp.genTime.map { "genTime \($0.rfc3339)" }, timestamp.tsaSubject.map { "TSA \($0)" },
                     timestamp.serial.map { "serial \($0)" }].compactMap { $0 }.joined(separator: ", ")
        switch timestamp.state {
        case .missing: return "none: nothing proves when it was sealed"
        case .invalid: return "INVALID" + (facts.isEmpty ? "" : ": \(facts)")
        case .validUntrusted: return "token valid, TSA NOT trusted: \(facts)"
        case .validTrusted: return "trusted: \(facts)"
        }
    }
}
