import Testing
import RialAudit
import RialLedger
import RialVerifier

/// The typed verdict: the ledger's strings converted at the boundary, counted, the worst of a
/// run, and the outcome (exit status) they give.
@Suite("Verdict")
struct VerdictTests {
    @Test("a report's verdict and a record's text convert; no text, or a text the schema does not allow, is error")
    func conversion() {
        #expect(Verdict(VerificationReport.Verdict.pass) == .pass && Verdict(.fail) == .fail && Verdict(.error) == .error)
        #expect(Verdict.allCases.map(\.rawValue) == ["pass", "fail", "error"], "the ledger's stored strings (schema/ledger-record.schema.json)")
        #expect(Verdict(recorded: "pass") == .pass && Verdict(recorded: "fail") == .fail && Verdict(recorded: "error") == .error)
        #expect(Verdict(recorded: nil) == .error)
        #expect(Verdict(recorded: "PASS") == .error && Verdict(recorded: "") == .error)
    }

    @Test("counts and the worst: fail over error over pass; nothing counted is pass")
    func counts() {
        var counts = VerdictCounts()
        #expect(counts.worst == .pass)
        counts.add(.pass)
        #expect(counts.worst == .pass)
        counts.add(.error)
        #expect(counts.worst == .error)
        counts.add(.fail)
        #expect(counts.worst == .fail)
        #expect(counts.pass == 1 && counts.fail == 1 && counts.error == 1 && counts[.fail] == 1)
    }

    @Test("the outcome: a failure or a change needing a person is 1, else an input not verified is 2, else 0")
    func outcome() {
        var counts = VerdictCounts()
        counts.add(.pass)
        #expect(AuditOutcome(verdicts: counts, changesNeedingAttention: 0) == .passed)
        #expect(AuditOutcome(verdicts: counts, changesNeedingAttention: 1) == .needsAttention)
        counts.add(.error)
        #expect(AuditOutcome(verdicts: counts, changesNeedingAttention: 0) == .notVerified)
        #expect(AuditOutcome(verdicts: counts, changesNeedingAttention: 2).rawValue == 1)
        counts.add(.fail)
        #expect(AuditOutcome(verdicts: counts, changesNeedingAttention: 0).rawValue == 1)
    }

    @Test("--max-age: a number with s, m, h or d, or bare seconds; anything else, or too large, is refused")
    func maxAge() {
        #expect(AuditOptions.seconds("30d") == 2_592_000 && AuditOptions.seconds("12h") == 43_200)
        #expect(AuditOptions.seconds("45m") == 2_700 && AuditOptions.seconds("90s") == 90 && AuditOptions.seconds("7") == 7)
        for bad in ["3 weeks", "-1d", "d", "", "1w", "9223372036854775807d"] { #expect(AuditOptions.seconds(bad) == nil, "\(bad)") }
    }

    @Test("the run id: given, else RIAL_AUDIT_RUN, else the Slurm array's job, else a new one")
    func runID() {
        #expect(AuditRun.id(given: "x", environment: ["RIAL_AUDIT_RUN": "y"]) == "x")
        #expect(AuditRun.id(given: nil, environment: ["RIAL_AUDIT_RUN": "y", "SLURM_ARRAY_JOB_ID": "7"]) == "y")
        #expect(AuditRun.id(given: "", environment: ["SLURM_ARRAY_JOB_ID": "7"]) == "slurm-7")
        let fresh = AuditRun.id(given: nil, environment: [:])
        #expect(fresh.hasPrefix("run-") && fresh != AuditRun.id(given: nil, environment: [:]))
    }
}
