import RialVerifier
import RialFormat

/// The report as a person reads it on a terminal: the verdict first, then the package's
/// identity, then every check with its status and reason. Every string that came from the
/// package is escaped, so a file name cannot drive the reader's terminal.
public enum TextReportRenderer {
    /// The report as people read it: the verdict first, then every check, every string from the package escaped.
    public static func render(_ report: VerificationReport) -> String {
        var lines = headline(report)
        guard report.verdict != .error else { return lines.joined(separator: "\n") + "\n" }
        lines.append("")
        if let id = report.packageID { lines.append("Package id         \(Escaping.visible(id))") }
        if let hash = report.manifestSHA256 { lines.append("Manifest SHA-256   \(hash)   (the package's fingerprint)") }
        if let seal = report.seal {
            let stale =
                report.basis.failedParts.contains(.integrity) && (seal.state == .validTrusted || seal.state == .validUntrusted)
                ? " (valid over a manifest the package's files no longer match)" : ""
            lines.append("Seal               \(Escaping.visible(sealLine(seal)))\(stale)")
        }
        if let timestamp = report.timestamp { lines.append("Timestamp          \(Escaping.visible(timestampLine(timestamp)))") }
        if let custody = report.custody { lines.append("Custody log        \(custodyLine(custody))") }
        for attestation in report.appTime?.attestations ?? [] {
            lines.append("Capture time       \(Escaping.visible(capturedLine(attestation)))")
        }
        if let clock = report.appTime?.clockStatement { lines.append("App clock          \(Escaping.visible(clock))") }
        // A stated time (--at) is said to be one: the report is then about that moment, not the run.
        let stated = report.settings?.isVerificationTimeStated == true ? " (as of the time given with --at, not the clock)" : ""
        lines.append("Verified at        \(report.verifiedAt.rfc3339)\(stated)")
        if let examiner = report.settings?.examiner {
            lines.append(
                "Examiner           \(Escaping.visible(examiner.name))\(examiner.host.isEmpty ? "" : " on \(Escaping.visible(examiner.host))") (stated with --examiner)"
            )
        }
        if let file = report.packageFile { lines.append("Package file       SHA-256 \(file.sha256), \(file.size) bytes") }
        // The evidence revocation was judged by, each file by SHA-256; without any, each trusted
        // signature's revocation finding below says it was not checked.
        for evidence in report.settings?.revocationEvidence ?? [] {
            lines.append(
                "Revocation         \(evidence.kind == .crl ? "CRL" : "OCSP response") \(Escaping.visible(evidence.file)) (\(evidence.origin), SHA-256 \(evidence.sha256))"
            )
        }
        lines.append(
            "Checks             \(report.count(.pass)) passed, \(report.count(.fail)) failed, \(report.count(.notPresent)) not present, \(report.count(.notChecked)) not checked"
        )
        lines.append("")
        // Failures first, then what was not checked or not there, then what passed.
        for check in ordered(report.checks) {
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

    /// One line for an input of a batch: the verdict, the input, and what it rests on or
    /// what failed first. `rial verify PATH` gives the full report of one.
    public static func line(_ report: VerificationReport) -> String {
        let subject = Escaping.visible(report.subjectPath)
        let basis = report.basis
        switch report.verdict {
        case .pass:
            let rests: String
            switch basis.assurance {
            case .sealedTrusted: rests = "sealed, signer trusted"
            case .sealedUnjudged: rests = "sealed, signer not checked (no --trust)"
            case .unsealed: rests = "unsealed: internally consistent only"
            case .bag: rests = "plain bag"
            }
            let open = report.count(.notChecked) > 0 ? ", \(report.count(.notChecked)) not checked" : ""
            return "PASS   \(subject)  (\(rests)\(open))"
        case .fail:
            let failures = report.failures
            guard let first = failures.first else { return "FAIL   \(subject)" }
            let event = first.seq.map { " (event \($0))" } ?? ""
            let more = failures.count > 1 ? "; \(failures.count - 1) more" : ""
            let kind = basis.failure == .trustOnly ? "not trusted" : "\(failures.count) failed"
            return "FAIL   \(subject)  (\(kind): \(Escaping.visible(first.code.rawValue)) at \(Escaping.visible(first.subject))\(event)\(more))"
        case .error:
            return
                "ERROR  \(subject)  (could not verify: \(Escaping.visible(report.error?.code.rawValue ?? "error")): \(Escaping.visible(report.error?.reason ?? "")))"
        }
    }

    /// The totals line of a batch.
    public static func totals(pass: Int, fail: Int, error: Int) -> String {
        let inputs = pass + fail + error
        return "\(inputs) input\(inputs == 1 ? "" : "s"): \(pass) passed, \(fail) failed, \(error) could not be verified"
    }

    /// The checks in reading order: failures, then not checked, not present, passed; each
    /// group in report order.
    static func ordered(_ checks: [CheckResult]) -> [CheckResult] {
        let rank: [CheckStatus: Int] = [.fail: 0, .notChecked: 1, .notPresent: 2, .pass: 3]
        return checks.enumerated().sorted { (rank[$0.element.status] ?? 4, $0.offset) < (rank[$1.element.status] ?? 4, $1.offset) }.map(\.element)
    }

    /// The verdict, and in words what it rests on (``VerdictBasis``): the three parts
    /// (``VerdictPart``), each with its own state, so a failure of the app's claims never reads
    /// as tampering and a part not checked never reads as passed.
    static func headline(_ report: VerificationReport) -> [String] {
        let subject = Escaping.visible(report.subjectPath)
        let basis = report.basis
        let words = VerdictWords(report)
        var lines: [String] = []
        switch report.verdict {
        case .pass:
            lines.append("PASS  \(subject)  (\(words.title.lowercased()))")
            lines.append("      " + assuranceSentence(basis.assurance, report))
            if let custody = custodySentence(basis.custodyHead) { lines.append("      " + custody) }
            lines += partLines(words)
            if report.count(.notPresent) + report.count(.notChecked) > 0 {
                lines.append("      Not everything could be checked: see NOT CHECKED and NOT PRESENT below.")
            }
            // The custody head has its own sentence above.
            for line in notCheckedLines(report.checks.filter { $0.status == .notChecked && $0.code != .custodyHead }) {
                lines.append("      " + line)
            }
        case .fail:
            let failures = report.failures
            lines.append("FAIL  \(subject)  (\(words.title.lowercased()))")
            lines.append("      " + Escaping.visible(words.failureLead))
            lines += partLines(words)
            for check in failures.prefix(3) {
                let event = check.seq.map { " (event \($0))" } ?? ""
                lines.append(
                    "      Failed: \(Escaping.visible(check.code.rawValue)) at \(Escaping.visible(check.subject))\(event): \(Escaping.visible(check.message))")
            }
            if failures.count > 3 { lines.append("      … and \(failures.count - 3) more, listed first below.") }
        case .error:
            lines.append("ERROR \(subject)")
            lines.append("      Could not verify: \(Escaping.visible(report.error?.reason ?? "unknown error"))")
            if let location = report.error?.location { lines.append("      Where: \(Escaping.visible(location))") }
            if let code = report.error?.code { lines.append("      Code: \(Escaping.visible(code.rawValue))") }
            if let cause = report.error?.cause { lines.append("      Cause: \(Escaping.visible(String(describing: cause)))") }
        }
        return lines
    }

    /// "Integrity   PASS  intact as sealed: …", one line per part.
    static func partLines(_ words: VerdictWords) -> [String] {
        words.partLines.map { line in
            let name = VerdictWords.name(line.part).padding(toLength: 11, withPad: " ", startingAt: 0)
            let state = line.state.padding(toLength: 12, withPad: " ", startingAt: 0)
            return "      \(name) \(state) \(Escaping.visible(line.words))"
        }
    }

    /// Each distinct reason something was not checked, once, with the subjects it is about
    /// (at most ``subjectsNamed`` of them, then how many more), so the headline names the file.
    static func notCheckedLines(_ checks: [CheckResult]) -> [String] {
        distinctMessages(checks).map { message, subjects in
            let named = subjects.prefix(subjectsNamed).map(Escaping.visible).joined(separator: ", ")
            let more = subjects.count > subjectsNamed ? " and \(subjects.count - subjectsNamed) more" : ""
            return "Not checked: \(named)\(more): \(Escaping.visible(message))."
        }
    }

    /// How many subjects a "Not checked" line of the headline names.
    static let subjectsNamed = 4

    static func assuranceSentence(_ assurance: VerdictBasis.Assurance, _ report: VerificationReport) -> String {
        let signer = Escaping.visible(report.seal?.signerSubject ?? "its signer")
        switch assurance {
        case .sealedTrusted:
            return
                "Verified: every file matches the manifest sealed by \(signer), whom your trust anchors vouch for; nothing was added, removed or changed since it was sealed."
        case .sealedUnjudged:
            return
                "Intact as sealed: every file matches the manifest the seal signs, but the seal's signer (\(signer)) was not checked against a trust anchor (give --trust): anyone with a key could have made this seal."
        case .unsealed:
            return
                "Internally consistent: every file matches its manifests. The package is not sealed, so anyone could have rebuilt it with other content and new digests: rely on it only if its fingerprint (the manifest SHA-256 below) matches one recorded when it was made."
        case .bag:
            return "Every file matches the bag's manifests. A plain bag is not sealed: anyone could have rebuilt it."
        }
    }

    static func custodySentence(_ head: VerdictBasis.CustodyHead) -> String? {
        switch head {
        case .checked: return "Custody log: checked up to the head recorded at the last hand-over (--custody-head)."
        case .notGiven: return "Custody log: links intact, but without --custody-head, events removed from its end would not be seen."
        case .noLog: return nil
        }
    }

    /// "the seal's signer CN=…", "custody event 9's signer", "the seal's TSA", "the capture app's TSA".
    static func untrustedName(_ check: CheckResult, _ report: VerificationReport) -> String {
        switch check.code {
        case .sealSignerUntrusted: return "the seal's signer" + (report.seal?.signerSubject.map { " (\($0))" } ?? "")
        case .custodySignerUntrusted:
            let signer = check.seq.flatMap { seq in report.custody?.entries.first { $0.seq == seq }?.signerSubject }
            return "custody event \(check.seq.map(String.init) ?? "?")'s signer" + (signer.map { " (\($0))" } ?? "")
        case .timestampTsaUntrusted: return "the seal timestamp's TSA" + (report.timestamp?.tsaSubject.map { " (\($0))" } ?? "")
        default: return "the capture app's TSA"
        }
    }

    /// Each distinct message once, with the distinct subjects of the results that carry it
    /// (an event's subject with its number), in first-seen order.
    static func distinctMessages(_ checks: [CheckResult]) -> [(String, [String])] {
        var order: [String] = []
        var subjects: [String: [String]] = [:]
        for check in checks {
            if subjects[check.message] == nil { order.append(check.message) }
            let subject = check.seq.map { "\(check.subject) (event \($0))" } ?? check.subject
            if subjects[check.message]?.contains(subject) != true { subjects[check.message, default: []].append(subject) }
        }
        return order.map { ($0, subjects[$0] ?? []) }
    }

    static func sealLine(_ seal: SealSummary) -> String {
        // The fingerprint only when known: never "certificate SHA-256 " with nothing after it.
        let fingerprint = seal.signerFingerprint.map { " (certificate SHA-256 \($0))" } ?? ""
        let signer = seal.signerSubject.map { $0 + fingerprint } ?? ""
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
        case .untrusted:
            return "links intact, but NOT TRUSTED" + (custody.firstBrokenSeq.map { " from event \($0)" } ?? "")
                + ": a signer is outside the trust anchors given; \(events)\(head)"
        case .broken: return "BROKEN" + (custody.firstBrokenSeq.map { " at event \($0)" } ?? "") + ": \(events)\(head)"
        }
    }

    /// "Captured no later than <genTime>, attested by <TSA> (timestampTokens[i] of the app)".
    static func capturedLine(_ attestation: AppTimeSummary.Attestation) -> String {
        let phrase = attestation.phrase
        return phrase.prefix(1).uppercased() + phrase.dropFirst() + " (the capture app's timestampTokens[\(attestation.token)])"
    }

    static func timestampLine(_ timestamp: TimestampSummary) -> String {
        let facts = [
            timestamp.genTime.map { "genTime \($0.rfc3339)" }, timestamp.tsaSubject.map { "TSA \($0)" },
            timestamp.serial.map { "serial \($0)" },
        ].compactMap { $0 }.joined(separator: ", ")
        switch timestamp.state {
        case .missing: return "none: nothing proves when it was sealed"
        case .invalid: return "INVALID" + (facts.isEmpty ? "" : ": \(facts)")
        case .validUntrusted: return "token valid, TSA NOT trusted: \(facts)"
        case .validTrusted: return "trusted: \(facts)"
        }
    }
}
