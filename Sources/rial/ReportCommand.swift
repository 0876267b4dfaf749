import ArgumentParser
import RialVerifier
import RialReport

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Verify a package and write a court report: one self-contained HTML file to read or print.",
        discussion: """
            The report gives the verdict in plain words; the package id and its fingerprint (the \
            SHA-256 of rial/manifest.json, the one hash to write in custody notes); the signer, \
            their trust and the trusted time; the capture as the package states it, within its \
            privacy levels; the frame hash chain as a picture (checkpoints, depth keyframes, where \
            it breaks); heat maps of a few depth keyframes; the custody timeline; every check; and \
            how to verify again with standard tools. It needs no network and no scripts, and \
            prints on A4 and Letter. Every string from the package is escaped.

            Verification is exactly `rial verify`'s, with the same trust options; the exit status \
            is the verdict's, and a report is written for every verdict, "not verified" included, \
            except when PKG cannot be read at all (missing, unreadable): then nothing is written \
            and the exit status is 2. FILE must not exist unless --force.

            Examples:
              rial report case.rialpkg -o case-report.html
              rial report case.rialpkg -o case-report.html \\
                  --trust agency-root.pem --tsa-trust tsa-root.pem

            \(ExitStatus.helpText)
            """
    )

    @Argument(help: ArgumentHelp("The package file (or a bag directory).", valueName: "PKG"))
    var package: String

    @Option(name: [.short, .customLong("output"), .customLong("out")], help: ArgumentHelp("Where to write the HTML report.", valueName: "FILE"))
    var output: String

    @Flag(help: "Replace FILE if it exists.")
    var force = false

    @OptionGroup(title: "Trust") var trustOptions: TrustOptions

    @Flag(name: .shortAndLong, help: "No progress line.")
    var quiet = false

    func run() throws {
        // Before anything is read: a report that could not be written is known now.
        try OutputFile.check(output, option: "-o", replacing: force)
        let verifier = Verifier(policy: try trustOptions.makePolicy())
        let (report, overview) = ProgressLine.around("verifying", enabled: !quiet) { verifier.courtReport(for: package, progress: $0) }
        // A report on a file that could not be read would say nothing about any evidence.
        if report.verdict == .error, let error = report.error, error.code == .unreadable {
            Console.error("no report written: \(Console.describe(error))")
            throw ExitStatus.couldNotComplete
        }
        do {
            try OutputFile.write(Array(HTMLReportRenderer.render(report, overview: overview).utf8), to: output, replacing: force)
        } catch {
            Console.error("cannot write the report to \(output): \(Console.describe(error))")
            throw report.verdict == .fail ? ExitStatus.failed : ExitStatus.couldNotComplete
        }
        if !quiet { Console.note("\(report.verdict == .pass ? "VERIFIED" : report.verdict == .fail ? "FAILED" : "NOT VERIFIED"): report written to \(output)") }
        throw ExitStatus.of(report)
    }
}
