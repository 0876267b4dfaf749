import ArgumentParser
import RialFormat

/// The exit statuses every `rial` command uses; scripts may rely on them.
enum ExitStatus {
    /// Verified, or the command did what was asked.
    static let success = ExitCode(0)
    /// Verification ran and the evidence failed it.
    static let failed = ExitCode(1)
    /// The input could not be evaluated or the work could not be done: not a package,
    /// unreadable, unsupported version, invalid capture, I/O error.
    static let couldNotComplete = ExitCode(2)
    /// The command line was wrong.
    static let usage = ExitCode(64)
    /// Interrupted by SIGINT (Ctrl-C): 128 + 2, as a shell reports it. SIGTERM gives 143.
    /// Set by ``Interruption``, which exits on its own thread.
    static let interrupted = ExitCode(130)
    static let terminated = ExitCode(143)

    static let helpText = """
        Exit status:
          0   verified (or, for other commands, done)
          1   verification failed: the evidence does not match its manifests, or
              its seal, timestamp or the required policy does not hold (for
              commands that add to a package: it failed, or what was to be
              added does not belong to it)
          2   could not verify or complete: not a package, unreadable, unsupported
              version, invalid capture directory, I/O error
          64  usage error
          130 interrupted by Ctrl-C (SIGINT), 143 by SIGTERM: the temporary file
              of what was being written is removed, nothing half-written is left
        """

    /// For the commands that only make something (`sample`, `keygen`, `chain compute`): no
    /// verification, so no status 1.
    static let makingHelpText = """
        Exit status:
          0   done
          2   could not complete: an input unreadable or invalid, the output
              not writable, an I/O error
          64  usage error
          130 interrupted by Ctrl-C (SIGINT), 143 by SIGTERM: the temporary file
              of what was being written is removed, nothing half-written is left
        """
}

let toolVersion = RialToolkit.version
