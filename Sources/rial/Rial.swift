import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// The `rial` command: packs captures into evidence packages and verifies them.
@main
struct Rial: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rial",
        abstract: "Package captures as court-grade evidence and verify them offline.",
        discussion: """
            A .rialpkg is an uncompressed POSIX tar holding one BagIt 1.0 bag: the media, depth \
            keyframes and capture files under data/, and under rial/ a manifest with the SHA-256 \
            and SHA-512 of every file. `rial verify` checks every byte without unpacking.

            Try it:
              rial sample -o capture        # a synthetic capture, no phone needed
              rial pack capture -o case.rialpkg
              rial verify case.rialpkg

            Sealed, with trusted time:
              rial keygen --subject "CN=Jane Doe,O=County Lab" -o jane
              rial pack capture -o case.rialpkg --sign-key jane.key --cert jane.pem
              rial timestamp request case.rialpkg -o case.tsq     # then ask your TSA
              rial verify case.rialpkg --trust jane.pem --tsa-trust tsa-root.pem

            Chain of custody:
              rial custody append case.rialpkg --action TRANSFERRED \\
                  --actor-name "Jane Doe" --details "To the lab"
              rial custody show case.rialpkg

            \(ExitStatus.helpText)
            """,
        version: "rial \(toolVersion)",
        subcommands: [
            SampleCommand.self, PackCommand.self, VerifyCommand.self, ReportCommand.self, InspectCommand.self, ExtractCommand.self, ChainCommand.self,
            KeygenCommand.self, SealCommand.self, TimestampCommand.self, RenewCommand.self, CustodyCommand.self, ReceiptCommand.self, AuditCommand.self,
            LedgerCommand.self,
        ]
    )

    /// The width help is wrapped at, whatever the terminal's: examples are written to fit in
    /// it, so one never breaks mid-command, and help reads the same in a pipe, a file or a
    /// terminal of any width (a narrower terminal folds the lines itself, a copy still pastes
    /// whole commands).
    static let helpColumns = 80

    static func main() {
        // Before any thread is started, so every thread inherits the blocked signals.
        Interruption.install()
        // libarchive converts names through LC_CTYPE; in the default "C" locale it mangles or
        // crashes on non-ASCII names. The library also guards each call; this covers the rest.
        setlocale(LC_CTYPE, "C.UTF-8")
        // Without a command there is nothing to do: show how to use it, as a usage error, so a
        // script that forgot its arguments does not read success.
        if CommandLine.arguments.count <= 1 {
            FileHandleStream.standardError.write(helpMessage(columns: helpColumns) + "\n")
            Glibc.exit(ExitStatus.usage.rawValue)
        }
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            // A misspelt option or subcommand first, whatever else the parser found.
            if exitCode(for: error) != .success, let (message, misspeltIn, path) = CommandSpelling.problem(in: Array(CommandLine.arguments.dropFirst())) {
                FileHandleStream.standardError.write(
                    "Error: \(message)\nUsage: \(usageString(for: misspeltIn))\n  See '\(path) --help' for more information.\n")
                Glibc.exit(ExitStatus.usage.rawValue)
            }
            finish(with: error)
        }
        do {
            try command.run()
        } catch {
            finish(with: error)
        }
        exit(ExitStatus.success.rawValue)
    }

    /// Exits with `status`, unless what was written to standard output did not all get there:
    /// then it says so, and a command whose result is standard output that would have said
    /// "done" (0) exits 2 instead (a failed verdict, 1, and any other status stand: they are
    /// already not success); a command that holds only a summary there keeps its status. A
    /// reader that closed the pipe early (EPIPE; SIGPIPE usually ends rial first) wanted no more.
    static func exit(_ status: Int32) -> Never {
        if let problem = StandardOutput.problem() {
            if StandardOutput.isOnlyASummary {
                // The work is done (a package written or amended, a ledger appended to): exiting
                // 2 would read as "nothing changed", and a retry would do it twice.
                FileHandleStream.standardError.write(
                    "rial: cannot write to standard output (\(problem)): its summary is incomplete; the work itself is done [io.failed]\n")
                Glibc.exit(status)
            }
            FileHandleStream.standardError.write("rial: cannot write to standard output (\(problem)): what it holds is incomplete [io.failed]\n")
            Glibc.exit(status == ExitStatus.success.rawValue ? ExitStatus.couldNotComplete.rawValue : status)
        }
        Glibc.exit(status)
    }

    /// ``exit(withError:)``, with help and usage wrapped at ``helpColumns``: help on standard
    /// output, anything else on standard error, and the exit status the error stands for.
    private static func finish(with error: any Error) -> Never {
        let status = exitCode(for: error)
        let text = fullMessage(for: error, columns: helpColumns)
        if !text.isEmpty {
            (status == .success ? FileHandleStream.standardOutput : FileHandleStream.standardError).write(text + "\n")
        }
        exit(status.rawValue)
    }
}
