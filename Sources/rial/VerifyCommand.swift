import Foundation
import ArgumentParser
import RialFormat
import RialVerifier

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify .rialpkg packages (or BagIt bag directories) offline, without unpacking.",
        discussion: """
        A package is read once as a stream; nothing is extracted or written. Every file's \
        SHA-256 and SHA-512 are recomputed and checked against the BagIt manifests and \
        rial/manifest.json; nothing may be missing, added or renamed. Each check is reported \
        as PASS, FAIL, NOT PRESENT (e.g. no seal) or NOT CHECKED (present but not evaluated), \
        with the file it is about and expected vs actual values.

        A sealed package's signature is checked over the exact bytes of rial/manifest.json; \
        its signer is trusted only if it chains to an anchor you give with --trust or \
        --trust-dir (certificates inside a package never count). Without one the report \
        says "signature valid, signer not trusted" and shows the signer's fingerprint. An \
        RFC 3161 timestamp is checked the same way against --tsa-trust, and its genTime is \
        the time the signer's certificates are judged at. --require-seal and \
        --require-timestamp make a missing (stripped) seal or token a failure.

        The custody log (rial/custody/) is checked event by event: each links to the one \
        before by SHA-256 and the first to rial/manifest.json; numbering, time order, ids, \
        the package it names, and each event's signature (by the same rules as the seal) \
        are checked, and every finding names the event's seq. Whether the newest events \
        were dropped cannot be told from the package alone: give the head SHA-256 recorded \
        at hand-over with --custody-head (`rial custody append` and `show` print it).

        Capture metadata (schema/SPEC.md §16): every claim of the app's metadata, of a \
        hash-only payload and of rial/metadata.json is held against the evidence (frame count, \
        depth keyframes, duration, final hash, resolution, codec, type, the media's SHA-256), \
        and a package that withholds location, time or device is audited for leaks. A \
        hash-only package holds no media: give a copy with --media FILE to check it against \
        the SHA-256 the package states; without it, media integrity is NOT CHECKED. App \
        Attest assertions are reported present but NOT CHECKED (that needs the device's key).

        A directory is validated as a plain BagIt bag (RFC 8493); warnings go to stderr.

        Batches: give any number of paths; with --recursive a directory is searched for \
        .rialpkg files and bag directories (symbolic links are not followed). --jobs N \
        verifies N at once (default: the number of cores); results come out in input order \
        whatever N is. --format jsonl writes one JSON object per line for each input (path, \
        verdict, package id, manifest SHA-256, failing codes, error, elapsed ms) and a final \
        summary line (schema/verify-lines.schema.json); an input that cannot be read is an \
        "error" line, never the end of the batch. The exit status is the worst verdict: 1 if \
        any failed, else 2 if any could not be verified, else 0. Progress (inputs done, bytes \
        read, rate, ETA) goes to stderr when it is a terminal, unless --quiet.

        Examples:
          rial verify case.rialpkg
          rial verify case.rialpkg --format json --report case.verification.json
          rial verify case.rialpkg --trust agency-root.pem --tsa-trust tsa-root.pem --require-seal --require-timestamp
          rial verify case.rialpkg --custody-head 3f5e…(64 hex digits from the last hand-over)
          rial verify shared.rialpkg --media photo.jpg     # a hash-only package and the photo held apart
          rial verify extracted-bag/
          rial verify --recursive evidence-store/ --jobs 4 --format jsonl > verdicts.jsonl

        \(ExitStatus.helpText)
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, jsonl, xml, html
    }

    @Argument(help: ArgumentHelp("Package files or bag directories.", valueName: "PATH"))
    var paths: [String]

    @Option(help: "Report format on standard output: text, json (one report, or an array for several), jsonl (a line per input and a summary line), xml (one report, schema/report.xsd), or html (the court report of `rial report`).")
    var format: Format = .text

    @Flag(name: .shortAndLong, help: "Search directories for .rialpkg files and bag directories instead of verifying a directory as one bag.")
    var recursive = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Verify N inputs at once (default: the number of cores).", valueName: "N"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Also write the report to FILE (JSON if it ends in .json, XML if .xml, else text; with --format html, the HTML).", valueName: "FILE"))
    var report: String?

    @Option(help: ArgumentHelp("A copy of the media held apart from the package (hash-only packages); checked against the SHA-256 the package states.", valueName: "FILE"))
    var media: String?

    @OptionGroup(title: "Trust") var trustOptions: TrustOptions

    @Flag(name: .shortAndLong, help: "No progress line.")
    var quiet = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one package file or bag directory") }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if report != nil && paths.count > 1 { throw ValidationError("--report takes a single PATH") }
        if media != nil && paths.count > 1 { throw ValidationError("--media belongs to one package; give a single PATH") }
        if let media, !ReportFile.isReadableFile(media) { throw ValidationError("--media \(media) is not a readable regular file") }
    }

    func run() throws {
        var policy = try trustOptions.makePolicy()
        policy.externalMedia = media
        let inputs = BatchInputs.expand(paths, recursive: recursive)
        guard !inputs.isEmpty else {
            Console.error("no .rialpkg file or bag directory found under \(paths.joined(separator: " "))")
            throw ExitStatus.couldNotComplete
        }
        if (report != nil || media != nil || format == .xml || format == .html) && inputs.count > 1 {
            Console.error("--report, --media and --format xml or html belong to one package; \(paths.joined(separator: " ")) holds \(inputs.count) (use --format jsonl for a batch)")
            throw ExitStatus.usage
        }
        if format == .html { return try courtReport(inputs[0], policy: policy) }
        let runner = BatchRunner(verifier: Verifier(policy: policy), inputs: inputs, jobs: jobs)
        let progress = ProgressLine(label: "verifying", enabled: !quiet)
        var collected: [VerificationReport] = []
        var verdicts: [VerificationReport.Verdict: Int] = [:]
        var done = 0
        let start = DispatchTime.now().uptimeNanoseconds
        runner.run(deliver: { _, outcome in
            progress.clear()
            let result = outcome.report
            verdicts[result.verdict, default: 0] += 1
            done += 1
            switch format {
            case .text:
                // A batch gets a line per input; the full report is for one.
                FileHandleStream.standardOutput.write(inputs.count > 1 ? TextReportRenderer.line(result) + "\n" : TextReportRenderer.render(result))
            case .jsonl:
                FileHandleStream.standardOutput.write(String(decoding: JSONLinesRenderer.line(result, elapsed: outcome.elapsed), as: UTF8.self))
            case .json, .xml:
                collected.append(result)
            case .html:
                break
            }
            if report != nil && collected.isEmpty { collected.append(result) }
            for warning in result.warnings { Console.error("warning: \(warning)") }
        }, tick: {
            let bytes = runner.bytes
            if inputs.count == 1 {
                progress.update(done: bytes.done, total: bytes.total)
            } else {
                progress.update(inputsDone: done, of: inputs.count, bytes: bytes.done)
            }
        })
        progress.finish()
        let status = Self.exitStatus(fail: verdicts[.fail, default: 0], error: verdicts[.error, default: 0])
        switch format {
        case .json:
            let value: JSONValue = collected.count == 1 ? JSONReportRenderer.jsonValue(collected[0]) : .array(collected.map(JSONReportRenderer.jsonValue))
            FileHandleStream.standardOutput.write(String(decoding: JSONWriter.bytes(value, escaping: .invisibles), as: UTF8.self))
        case .jsonl:
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            FileHandleStream.standardOutput.write(String(decoding: JSONLinesRenderer.summary(
                pass: verdicts[.pass, default: 0], fail: verdicts[.fail, default: 0], error: verdicts[.error, default: 0],
                elapsed: elapsed, exitStatus: Int(status.rawValue)), as: UTF8.self))
        case .xml:
            if let first = collected.first { FileHandleStream.standardOutput.write(String(decoding: try XMLReportRenderer.bytes(first), as: UTF8.self)) }
        case .text where inputs.count > 1:
            FileHandleStream.standardOutput.write(TextReportRenderer.totals(pass: verdicts[.pass, default: 0], fail: verdicts[.fail, default: 0],
                                                                            error: verdicts[.error, default: 0]) + "\n")
        case .text, .html:
            break
        }
        if let report, let first = collected.first {
            let bytes = report.hasSuffix(".json") ? JSONReportRenderer.bytes(first)
                : report.hasSuffix(".xml") ? try XMLReportRenderer.bytes(first) : Array(TextReportRenderer.render(first).utf8)
            do {
                try ReportFile.write(bytes, to: report)
            } catch {
                // A failed verdict still wins: it is what the evidence says.
                Console.error("cannot write the report to \(report): \(error)")
                throw first.verdict == .fail ? ExitStatus.failed : ExitStatus.couldNotComplete
            }
        }
        throw status
    }

    /// `--format html`: the court report of `rial report`, on standard output (and --report).
    private func courtReport(_ input: String, policy: VerificationPolicy) throws {
        let (result, overview) = ProgressLine.around("verifying", enabled: !quiet) { Verifier(policy: policy).courtReport(for: input, progress: $0) }
        let html = HTMLReportRenderer.render(result, overview: overview)
        FileHandleStream.standardOutput.write(html)
        if let report {
            do {
                try ReportFile.write(Array(html.utf8), to: report)
            } catch {
                Console.error("cannot write the report to \(report): \(error)")
                throw result.verdict == .fail ? ExitStatus.failed : ExitStatus.couldNotComplete
            }
        }
        throw Self.exitStatus(for: result)
    }

    /// The exit status of one report's verdict.
    static func exitStatus(for report: VerificationReport) -> ExitCode {
        exitStatus(fail: report.verdict == .fail ? 1 : 0, error: report.verdict == .error ? 1 : 0)
    }

    /// The worst verdict: 1 if any input failed, else 2 if any could not be evaluated, else 0.
    static func exitStatus(fail: Int, error: Int) -> ExitCode {
        if fail > 0 { return ExitStatus.failed }
        if error > 0 { return ExitStatus.couldNotComplete }
        return ExitStatus.success
    }
}
