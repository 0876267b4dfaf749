import RialVerifier
/// The headline of a report in words, shared by the text and the court report so the two never
/// say different things (`schema/SPEC.md` §9.2–9.3). The headline is never stronger than the
/// checks: it names the part that failed (``VerdictPart``) and says what still holds, an
/// unsealed package is "internally consistent", never "verified", and a part that was not
/// checked says so.
struct VerdictWords {
    let report: VerificationReport
    let basis: VerdictBasis

    init(_ report: VerificationReport) {
        self.report = report
        basis = report.basis
    }

    /// The one- to three-word title: VERIFIED only for a sealed package whose signer the
    /// examiner's anchors vouch for and whose every part holds.
    var title: String {
        switch report.verdict {
        case .error: return "NOT VERIFIED"
        case .pass:
            switch basis.assurance {
            case .sealedTrusted: return "VERIFIED"
            case .sealedUnjudged: return "INTACT AS SEALED"
            case .unsealed, .bag: return "INTERNALLY CONSISTENT"
            }
        case .fail:
            let failed = basis.failedParts
            if failed.contains(.integrity) { return "FAILED" }
            if failed.contains(.claims) { return "CLAIMS CONTRADICTED" }
            return "NOT TRUSTED"
        }
    }

    /// The style of the headline: each title its own colour, so "internally consistent" is
    /// never shown in "verified"'s green.
    var style: String {
        switch title {
        case "VERIFIED": return "verified"
        case "INTACT AS SEALED": return "unjudged"
        case "INTERNALLY CONSISTENT": return "consistent"
        case "CLAIMS CONTRADICTED": return "claims"
        case "NOT TRUSTED": return "untrusted"
        case "FAILED": return "fail"
        default: return "error"
        }
    }

    /// What the bytes' integrity rests on, when it holds.
    var integrityHolds: String {
        switch basis.assurance {
        case .sealedTrusted, .sealedUnjudged:
            return "intact as sealed: every file matches the manifest the seal signs"
        case .unsealed:
            return "internally consistent: every file matches its manifests (the package is not sealed, so anyone could have rebuilt it)"
        case .bag:
            return "every file matches the bag's manifests"
        }
    }

    /// For a failed package: which parts failed, and what still holds.
    var failureLead: String {
        let failed = basis.failedParts
        if failed.contains(.integrity) {
            return "The package is not as it was sealed or packed: do not rely on its content."
        }
        var clauses: [String] = []
        if failed.contains(.provenance) {
            clauses.append(provenanceFailure)
        }
        if failed.contains(.claims) {
            clauses.append("the capture app's claims are contradicted: " + firstFailures(of: .claims))
        }
        let holds = integrityHolds.prefix(1).uppercased() + integrityHolds.dropFirst()
        return holds + "; " + clauses.joined(separator: "; and ") + "."
    }

    /// Why provenance failed: who is not trusted, or the first failure of trust or time.
    private var provenanceFailure: String {
        let failures = report.failures.filter { report.part(of: $0) == .provenance }
        if !basis.untrusted.isEmpty && basis.untrusted.count == failures.count {
            let who = basis.untrusted.map { TextReportRenderer.untrustedName($0, report) }.joined(separator: "; ")
            return "but \(who) chains to none of the trust anchors you gave, so who vouches for it is not established"
        }
        return "who made it, or when, is not established: " + firstFailures(of: .provenance)
    }

    /// The first failure of `part`, with how many more there are.
    func firstFailures(of part: VerdictPart) -> String {
        let failures = report.failures.filter { report.part(of: $0) == part }
        guard let first = failures.first else { return "" }
        let event = first.seq.map { " (event \($0))" } ?? ""
        let more = failures.count > 1 ? " and \(failures.count - 1) more" : ""
        return "\(first.code.rawValue) at \(first.subject)\(event)\(more)"
    }

    /// One line per part: its name, its state and what it rests on.
    var partLines: [(part: VerdictPart, state: String, words: String)] {
        basis.parts.map { summary in
            (summary.part, Self.stateLabel(summary.state), words(summary))
        }
    }

    static func stateLabel(_ state: VerdictPartSummary.State) -> String {
        switch state {
        case .pass: return "PASS"
        case .fail: return "FAIL"
        case .notChecked: return "NOT CHECKED"
        case .notPresent: return "NOT PRESENT"
        }
    }

    /// The name of a part as the headline prints it.
    static func name(_ part: VerdictPart) -> String {
        switch part {
        case .integrity: return "Integrity"
        case .provenance: return "Provenance"
        case .claims: return "Claims"
        }
    }

    private func words(_ summary: VerdictPartSummary) -> String {
        let words = partWords(summary)
        // Claims and provenance held against files that no longer match their manifests say
        // nothing about the evidence as packed: said, so a PASS beside a changed file never reads
        // as reassurance.
        if summary.part != .integrity, summary.state == .pass, basis.failedParts.contains(.integrity) {
            return words + "; judged on the files as they are now, which are not the files that were packed"
        }
        return words
    }

    private func partWords(_ summary: VerdictPartSummary) -> String {
        let notChecked = summary.notCheckedCount > 0 ? "; \(summary.notCheckedCount) not checked" : ""
        switch (summary.part, summary.state) {
        case (_, .fail):
            return "\(summary.failCount) failed, first \(firstFailures(of: summary.part))"
        case (.integrity, _):
            return integrityHolds + notChecked
        case (.provenance, .pass):
            return provenanceHolds + (summary.notCheckedCount > 0 ? "; not established: " + notEstablished(summary) : "")
        case (.provenance, .notChecked):
            return "not established: " + notEstablished(summary)
        case (.provenance, .notPresent):
            return "nothing in the package says who made it or when (no seal, no timestamp, no signed event)"
        case (.claims, .pass):
            return "the capture app's statements agree with each other and with the media (\(summary.passCount) checked\(notChecked))"
        case (.claims, .notChecked):
            return "the capture app's statements could not be checked (\(summary.notCheckedCount) not checked)"
        case (.claims, .notPresent):
            return "the package carries no statements of a capture app to check"
        }
    }

    /// Whose trust, or which time, was not established: named, at most three, then how many more.
    /// Revocation not checked is named once per kind of signer, after whose trust is missing: an
    /// untrusted signer matters more than an unchecked revocation of a trusted one.
    private func notEstablished(_ summary: VerdictPartSummary) -> String {
        var names: [String] = []
        var revocations: [String] = []
        for check in summary.notChecked {
            if let revocation = Self.revocationName(check.code) {
                if !revocations.contains(revocation) { revocations.append(revocation) }
                continue
            }
            let name: String
            switch check.code {
            case .sealTrust, .sealSignerUntrusted: name = TextReportRenderer.untrustedName(CheckResult.notChecked(.sealSignerUntrusted, "", ""), report)
            case .custodyTrust, .custodySignerUntrusted:
                name = TextReportRenderer.untrustedName(CheckResult.notChecked(.custodySignerUntrusted, "", "", seq: check.seq), report)
            case .timestampTrust, .timestampTsaUntrusted:
                name = TextReportRenderer.untrustedName(CheckResult.notChecked(.timestampTsaUntrusted, "", ""), report)
            case .appTimestamp, .appTimestampUntrusted: name = "the capture app's TSA (\(check.subject))"
            default: name = "\(check.code.rawValue) at \(check.subject)"
            }
            if !names.contains(name) { names.append(name) }
        }
        names += revocations
        let shown = names.prefix(3).joined(separator: "; ")
        return shown + (names.count > 3 ? " and \(names.count - 3) more" : "")
    }

    /// Whose revocation a revocation code is about, in words; `nil` for any other code.
    private static func revocationName(_ code: CheckResult.Code) -> String? {
        if code.isIn(.sealRevocation) { return "the seal signer's revocation" }
        if code.isIn(.timestampRevocation) { return "the TSA's revocation" }
        if code.isIn(.custodyRevocation) { return "the custody signers' revocation" }
        return nil
    }

    /// Who and when, as far as the anchors given establish them.
    private var provenanceHolds: String {
        var parts: [String] = []
        if basis.assurance == .sealedTrusted { parts.append("sealed by \(report.seal?.signerSubject ?? "its signer"), whom your trust anchors vouch for") }
        if report.timestamp?.state == .validTrusted, let genTime = report.timestamp?.genTime {
            parts.append("sealed no later than \(genTime.rfc3339) by a trusted TSA")
        }
        for attestation in report.appTime?.attestations ?? [] { parts.append(attestation.phrase) }
        if parts.isEmpty { parts.append("every signer and TSA judged chains to an anchor you gave") }
        return parts.joined(separator: "; ")
    }
}
