import ArgumentParser
import RialAudit

extension Console {
    /// Why an audit, or an append to the ledger, stopped: its context, then its cause's
    /// concise description without what the context already says.
    static func error(_ error: AuditError) {
        guard let cause = error.cause else { return Console.error(error.context) }
        Console.error(error.context.isEmpty ? describe(cause) : describe(cause, after: error.context))
    }

    /// The exit status of an audit's error: 64 for what the command line gave, else 2.
    static func exitStatus(of error: AuditError) -> ExitCode {
        error.kind == .usage ? ExitStatus.usage : ExitStatus.couldNotComplete
    }
}
