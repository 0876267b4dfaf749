import ArgumentParser
import RialFormat
import RialVerifier

struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Verify a package and, only if it passes, unpack it into a new directory.",
        discussion: """
        DIR must not exist or must be empty. Only regular files and directories are written, \
        never outside DIR. Each file is hashed again while it is written and must match what \
        was verified; otherwise everything written is removed. The verification report is \
        written beside the package directory as ID.verification.txt and ID.verification.json.

        Example:
          rial extract case.rialpkg -o case-extracted

        \(ExitStatus.helpText)
        """
    )

    @Argument(help: ArgumentHelp("The package file.", valueName: "PKG"))
    var package: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("New, empty directory to extract into.", valueName: "DIR"))
    var output: String

    @Flag(name: .shortAndLong, help: "No progress line or summary.")
    var quiet = false

    func run() throws {
        Interruption.writesInto(output)
        let result: PackageExtractor.Result
        do {
            result = try ProgressLine.around("verifying", enabled: !quiet) { try PackageExtractor().extract(package: package, to: output, progress: $0) }
        } catch let error as VerifierError {
            FileHandleStream.standardOutput.write(TextReportRenderer.render(.error(error, subjectPath: package, subjectKind: .package, verifiedAt: .now())))
            throw ExitStatus.couldNotComplete
        } catch {
            Console.error("extraction stopped, nothing was left behind: \(error)")
            throw ExitStatus.couldNotComplete
        }
        guard let root = result.extractedRoot else {
            FileHandleStream.standardOutput.write(TextReportRenderer.render(result.report))
            Console.error("not extracted: the package did not pass verification")
            throw result.report.verdict == .error ? ExitStatus.couldNotComplete : ExitStatus.failed
        }
        if !quiet {
            print("Verified and extracted to \(Escaping.visible(root))")
            for file in result.reportFiles { print("Report: \(Escaping.visible(file))") }
        }
    }
}
