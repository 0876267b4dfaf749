import RialFormat

/// Which run an audit belongs to: `--run ID`, else `$RIAL_AUDIT_RUN`, else a Slurm array's
/// job id (`slurm-$SLURM_ARRAY_JOB_ID`), else a fresh id. Every worker of one job, and a
/// rerun of any of them, must give the same id: the ledger records each package once per run.
package enum AuditRun {
    /// The run id: `given`, else from `environment`, else a new one.
    package static func id(given: String?, environment: [String: String]) -> String {
        if let given, !given.isEmpty { return given }
        if let named = environment["RIAL_AUDIT_RUN"], !named.isEmpty { return named }
        if let slurm = environment["SLURM_ARRAY_JOB_ID"], !slurm.isEmpty { return "slurm-\(slurm)" }
        return "run-" + UUIDText.random()
    }
}
