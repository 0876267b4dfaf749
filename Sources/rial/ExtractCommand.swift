import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import RialArchive
import RialFormat
import RialVerifier
import RialReport
import RialExtractor

struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Verify a package and, only if it passes, unpack it into a new directory.",
        discussion: """
            PKG must be a regular file: it is read twice (to verify, then to unpack), so \
            standard input, a pipe or a FIFO is refused (save it to a file first). \
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

    @Option(name: [.short, .customLong("output"), .customLong("out")], help: ArgumentHelp("New, empty directory to extract into.", valueName: "DIR"))
    var output: String

    @Flag(name: .shortAndLong, help: "No progress line or summary.")
    var quiet = false

    func run() throws {
        StandardOutput.holdsOnlyASummary()
        if let refusal = PackageExtractor.sourceRefusal(package) {
            Console.error(refusal.conciseDescription)
            throw ExitStatus.couldNotComplete
        }
        // Before the package is read: a destination that cannot take it is known now (the
        // extractor checks again when it writes).
        if let refusal = Self.destinationRefusal(output) {
            Console.error(refusal.conciseDescription)
            throw ExitStatus.couldNotComplete
        }
        Interruption.writesInto(output)
        let result: PackageExtractor.Result
        do {
            result = try ProgressLine.around("verifying", enabled: !quiet) { try PackageExtractor().extract(package: package, to: output, progress: $0) }
        } catch let error as VerifierError {
            FileHandleStream.standardOutput.write(TextReportRenderer.render(.error(error, subjectPath: package, subjectKind: .package, verifiedAt: .now())))
            throw ExitStatus.couldNotComplete
        } catch {
            Console.error(Console.describe(error, after: "extraction stopped, nothing was left behind"))
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

    /// Why `directory` cannot receive an extraction: it exists and is not an empty directory
    /// (`extract.unsafe-destination`), or it is to be made in a directory that is missing or
    /// not writable (`extract.write-failed`).
    static func destinationRefusal(_ directory: String) -> ArchiveError? {
        var info = stat()
        guard lstat(directory, &info) == 0 else {
            if case .unwritableDirectory(let parent, let reason)? = OutputPath.problem(with: directory, replacing: false) {
                return ArchiveError(.destinationUnwritable, "cannot create \(directory) in \(parent): \(reason)")
            }
            return nil
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            return ArchiveError(.unsafeDestination, "\(directory) exists and is not a directory; extraction needs a new, empty directory")
        }
        guard let handle = opendir(directory) else { return nil }  // the extractor says why
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." {
                return ArchiveError(.unsafeDestination, "\(directory) is not empty; extraction needs a new, empty directory")
            }
        }
        return nil
    }
}
