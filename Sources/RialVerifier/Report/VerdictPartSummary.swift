/// How one part of a verdict (``VerdictPart``) came out: its state and how many of its findings
/// ended in each status. The state is never stronger than its findings: a part passes only
/// when something in it was checked and nothing in it failed, and the counts say what was not
/// checked beside it.
public struct VerdictPartSummary: Sendable, Equatable {
    /// The outcome of one part.
    public enum State: String, Sendable {
        /// At least one of its checks passed and none failed (``notChecked`` counts what was not).
        case pass
        /// At least one of its checks failed.
        case fail
        /// None of its checks passed or failed: something was there, and could not be checked.
        case notChecked = "not_checked"
        /// None of its checks found anything to judge (an unsealed package's provenance).
        case notPresent = "not_present"
    }

    /// Which part.
    public let part: VerdictPart
    /// How it came out.
    public let state: State
    /// How many of its findings passed.
    public let passCount: Int
    /// How many failed.
    public let failCount: Int
    /// How many were not checked.
    public let notCheckedCount: Int
    /// How many found nothing to check.
    public let notPresentCount: Int
    /// Its findings that were not checked, in report order (for the headline's "not checked").
    public let notChecked: [CheckResult]

    /// The summary of `part` over `checks`, each already assigned its part.
    init(part: VerdictPart, checks: [CheckResult]) {
        self.part = part
        passCount = checks.filter { $0.status == .pass }.count
        failCount = checks.filter { $0.status == .fail }.count
        notChecked = checks.filter { $0.status == .notChecked }
        notCheckedCount = notChecked.count
        notPresentCount = checks.filter { $0.status == .notPresent }.count
        state = failCount > 0 ? .fail : passCount > 0 ? .pass : notCheckedCount > 0 ? .notChecked : .notPresent
    }

    /// The summaries of every part of `report`, in ``VerdictPart`` order.
    static func all(_ report: VerificationReport) -> [VerdictPartSummary] {
        let imported = Set(report.custody?.entries.filter { $0.event?.imported != nil }.map(\.seq) ?? [])
        var byPart: [VerdictPart: [CheckResult]] = [:]
        for check in report.checks {
            byPart[report.part(of: check, importedEvents: imported), default: []].append(check)
        }
        return VerdictPart.allCases.map { VerdictPartSummary(part: $0, checks: byPart[$0] ?? []) }
    }
}

extension VerificationReport {
    /// The part of the verdict `check` belongs to.
    public func part(of check: CheckResult) -> VerdictPart {
        let imported = check.seq.map { seq in custody?.entries.contains { $0.seq == seq && $0.event?.imported != nil } ?? false } ?? false
        return VerdictPart(check, isImportedEvent: imported)
    }

    package func part(of check: CheckResult, importedEvents: Set<Int64>) -> VerdictPart {
        VerdictPart(check, isImportedEvent: check.seq.map(importedEvents.contains) ?? false)
    }
}
