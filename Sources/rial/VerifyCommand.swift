import Foundation
import ArgumentParser
import RialFormat
import RialVerifier
import RialReport
import RialAudit
import RialLedger

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

            Revocation: nothing is fetched. Give CRLs with --crl and OCSP responses with --ocsp \
            (a file, PEM or DER, or a directory of them) and the seal's signer, its TSA and \
            every custody signer are judged at the time that matters (the trusted timestamp's \
            genTime, else now): revoked before it FAILS; revoked after it passes with the date \
            when a trusted timestamp proves it; missing, stale, unknown or evidence not signed \
            by the issuer (or its delegated OCSP responder) is NOT CHECKED, named. Without \
            them revocation is NOT CHECKED (docs/revocation.md). Evidence stapled in the \
            package at sealing (rial seal --revocation, under rial/seal/revocation/) is used \
            too; each finding says which file it used, stapled or supplied, with its SHA-256.

            --at TIME (RFC 3339 in UTC, e.g. 2031-05-01T00:00:00Z) verifies as of that time \
            instead of now: certificates, revocation evidence and "not in the future" are \
            judged then, the report says the time was stated, and the same inputs give the \
            same report byte for byte. A time before the package was made is an error.

            The custody log (rial/custody/) is checked event by event: each links to the one \
            before by SHA-256 and the first to rial/manifest.json; numbering, time order, ids, \
            the package it names, and each event's signature (by the same rules as the seal) \
            are checked, and every finding names the event's seq. Whether the newest events \
            were dropped cannot be told from the package alone: give the head SHA-256 recorded \
            at hand-over with --custody-head (`rial custody append` and `show` print it).

            The report's first lines say what the verdict rests on: sealed by a signer your \
            anchors trust; sealed, signer not checked; or unsealed, only internally consistent \
            (anyone could have rebuilt it); and whether the custody head was checked. A signer \
            outside your anchors makes the result NOT TRUSTED, not broken. Failures are listed \
            first.

            The capture app's claims (schema/SPEC.md §2.2, §16): the SHA-256 and SHA-512 it \
            recorded for the media, its own hash chain, its RFC 3161 capture-time tokens \
            (against --tsa-trust), and every claim of its metadata, of a hash-only payload and \
            of rial/metadata.json are held against the evidence; every app file rial does not \
            interpret is listed NOT CHECKED; a package that withholds location, time or device is \
            audited for leaks. A hash-only package holds no media: give a copy with --media FILE \
            to check it against the SHA-256 the package states; without it, media integrity is \
            NOT CHECKED. App Attest assertions are checked for structure only (the signature \
            needs the device's key).

            A directory is validated as a plain BagIt bag (RFC 8493); warnings go to stderr.

            `rial verify -` reads one package from standard input (curl … | rial verify -), \
            once, as it streams past; nothing is stored. Its report names the input `-`. A \
            stream cannot be read a second time, so its media is not examined: NOT CHECKED \
            (verify a file for that).

            Batches: give any number of paths, and with --files-from FILE (`-`: standard \
            input) more, one a line (`find … -print`; CR LF is read as LF, empty lines are \
            skipped; --null: NUL-separated, as `find … -print0` writes), taken literally; with --recursive a directory is searched for \
            .rialpkg files and bag directories (symbolic links are not followed). --jobs N \
            verifies N at once (default: the number of cores); results come out in input order \
            whatever N is. In text, a batch prints one line per input and a totals line; \
            verify one input for its full report. --format jsonl writes one JSON object per \
            line for each input (path, \
            verdict, package id, manifest SHA-256, failing codes, error, elapsed ms) and a final \
            summary line (schema/verify-lines.schema.json); an input that cannot be read is an \
            "error" line, never the end of the batch. The exit status is the worst verdict: 1 if \
            any failed, else 2 if any could not be verified, else 0. Progress (inputs done, bytes \
            read, rate, ETA) goes to stderr when it is a terminal, unless --quiet.

            Examples:
              rial verify case.rialpkg
              rial verify case.rialpkg --format json --report case.verification.json
              rial verify case.rialpkg --trust agency-root.pem --tsa-trust tsa-root.pem \\
                  --require-seal --require-timestamp
              rial verify case.rialpkg --custody-head SHA256   # recorded at hand-over
              rial verify case.rialpkg --trust root.pem --crl crls/ --ocsp s.ocsp
              rial verify case.rialpkg --trust root.pem --tsa-trust tsa-root.pem \\
                  --at 2041-01-01T00:00:00Z      # as of a later date
              rial verify shared.rialpkg --media photo.jpg     # hash-only, photo apart
              rial verify extracted-bag/
              curl -s https://store.example/case.rialpkg | rial verify -
              find store/ -name '*.rialpkg' -print0 | rial verify --files-from - --null
              rial verify --recursive evidence-store/ --jobs 4 --format jsonl \\
                  > verdicts.jsonl

            \(ExitStatus.helpText)
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, jsonl, xml, html, `case`

        /// The format of one package's report on standard output; `nil` for jsonl (lines)
        /// and case (a graph).
        var report: ReportFormat? { ReportFormat(rawValue: rawValue) }
    }

    @Argument(help: ArgumentHelp("Package files or bag directories; - reads one package from standard input.", valueName: "PATH"))
    var paths: [String] = []

    @Option(
        name: .customLong("files-from"),
        help: ArgumentHelp("Also verify the paths listed in FILE, one a line (- reads the list from standard input).", valueName: "FILE"))
    var filesFrom: String?

    @Flag(help: "With --files-from: the paths end with NUL, not a newline (find -print0).")
    var null = false

    @Option(
        help:
            "Report format on standard output: text, json (one report, or an array for several), jsonl (a line per input and a summary line), xml (one report, schema/report.xsd), html (the court report of `rial report`), or case (the package and this verification as CASE/UCO JSON-LD, docs/case-uco.md)."
    )
    var format: Format = .text

    @Flag(name: .shortAndLong, help: "Search directories for .rialpkg files and bag directories instead of verifying a directory as one bag.")
    var recursive = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Verify N inputs at once (default: the number of cores).", valueName: "N"))
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Also write the report to FILE, in the format its extension names: .txt (text), .json, .xml or .html (the court report).", valueName: "FILE"))
    var report: String?

    @Flag(help: "Replace --report FILE if it exists.")
    var force = false

    @Option(
        help: ArgumentHelp(
            "A copy of the media held apart from the package (hash-only packages); checked against the SHA-256 the package states.", valueName: "FILE"))
    var media: String?

    @OptionGroup var mediaExamination: MediaExaminationOption

    @OptionGroup(title: "Trust") var trustOptions: TrustOptions

    @Option(
        help: ArgumentHelp(
            "Who verifies, e.g. \"A. Expert, Forensic Lab Ltd\": named in the report's settings (with this machine's host name) and the court report.",
            valueName: "NAME"))
    var examiner: String?

    @Option(
        help: ArgumentHelp(
            "Write a signed receipt: the JSON report to R.json (naming the package file's SHA-256 and size) and a detached CMS signature over its exact bytes to R.json.p7s, signed with --sign-key and --cert.",
            valueName: "R.json"))
    var receipt: String?

    @OptionGroup(title: "Receipt signer") var signing: SealingOptions

    @Flag(name: .shortAndLong, help: "No progress line.")
    var quiet = false

    func validate() throws {
        if paths.isEmpty && filesFrom == nil { throw ValidationError("give at least one package file or bag directory, or --files-from FILE") }
        if null && filesFrom == nil { throw ValidationError("--null belongs to --files-from FILE") }
        let readsStandardInput = paths.filter { $0 == Verifier.standardInput }.count
        if readsStandardInput > 1 { throw ValidationError("- (standard input) can be verified once") }
        if readsStandardInput > 0 && filesFrom == "-" {
            throw ValidationError("standard input holds either the list of --files-from - or the package of -, not both")
        }
        if (readsStandardInput > 0 || filesFrom == "-") && isatty(STDIN_FILENO) != 0 {
            throw ValidationError("standard input is a terminal; pipe a package (rial verify - < case.rialpkg) or a list of paths into it")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if report != nil && (paths.count > 1 || filesFrom != nil) { throw ValidationError("--report takes a single PATH") }
        if media != nil && (paths.count > 1 || filesFrom != nil) { throw ValidationError("--media belongs to one package; give a single PATH") }
        if let media, !InputFile.isReadableFile(media) { throw ValidationError("--media \(media) is not a readable regular file") }
        if let examiner, examiner.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--examiner takes a name, e.g. --examiner \"A. Expert, Forensic Lab Ltd\"")
        }
        if receipt != nil && !signing.isSealing {
            throw ValidationError("--receipt needs --sign-key KEY.pem and --cert CERT.pem: a receipt is signed by the examiner who made it")
        }
        if signing.isSealing && receipt == nil { throw ValidationError("--sign-key and --cert sign a receipt: give --receipt R.json") }
        if receipt != nil && (paths.count > 1 || filesFrom != nil || recursive) {
            throw ValidationError("--receipt takes a single package PATH (rial audit --receipts DIR signs one per package)")
        }
        if let receipt, let report, StorePath.canonical(receipt) == StorePath.canonical(report) {
            throw ValidationError("--receipt and --report name the same file")
        }
        if let report {
            guard let reportFormat = ReportFormat(path: report) else {
                throw ValidationError(
                    "--report \(report): the file's extension says its format: .txt, .json, .xml or .html (e.g. --report case.verification.json)")
            }
            if reportFormat == .html && (format == .jsonl || format == .case) {
                throw ValidationError("--report \(report) is a court report of one package; with --format \(format.rawValue), write --report FILE.json")
            }
        }
    }

    /// The format of `--report FILE`, from its extension.
    private var reportFormat: ReportFormat? { report.flatMap(ReportFormat.init(path:)) }

    func run() throws {
        // Before anything is read: a report that could not be written is known now.
        if let report { try OutputFile.check(report, option: "--report", replacing: force) }
        let receiptSigner = try receipt.map { path in
            let output = try ReceiptOutput(signing: signing, replacing: force)
            try output.check(path, option: "--receipt")
            return (output: output, path: path)
        }
        var policy = try trustOptions.makePolicy()
        policy.externalMedia = media
        policy.examinesMedia = mediaExamination.examineMedia
        policy.examiner = examiner.map { Examiner(name: $0, host: ProcessInfo.processInfo.hostName) }
        policy.hashesPackageFile = receipt != nil
        let listed = try filesFrom.map { try PathList.read($0, nullSeparated: null) } ?? []
        if let filesFrom, listed.contains(Verifier.standardInput) {
            Console.error("--files-from \(filesFrom) lists -; standard input can only be named on the command line")
            throw ExitStatus.usage
        }
        let inputs = BatchInputs.expand(paths + listed, recursive: recursive, note: Console.error)
        guard !inputs.isEmpty else {
            Console.error(
                filesFrom.map { "--files-from \($0) lists no path" } ?? "no .rialpkg file or bag directory found under \(paths.joined(separator: " "))")
            throw ExitStatus.couldNotComplete
        }
        if (report != nil || media != nil || receipt != nil || format == .xml || format == .html || format == .case) && inputs.count > 1 {
            Console.error(
                "--report, --media, --receipt and --format xml, html or case belong to one package; \(paths.joined(separator: " ")) holds \(inputs.count) (use --format jsonl for a batch)"
            )
            throw ExitStatus.usage
        }
        if format == .case {
            let result = try CASEOutput.write(inputs[0], policy: policy, includesVerification: true, showsProgress: !quiet)
            try writeReportFile(result, overview: nil)
            if let receiptSigner { try receiptSigner.output.write(result, to: receiptSigner.path, quiet: quiet) }
            throw ExitStatus.of(result)
        }
        if format == .html || reportFormat == .html { return try courtReport(inputs[0], policy: policy, receipt: receiptSigner) }
        let runner = BatchRunner(verifier: Verifier(policy: policy), inputs: inputs, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let progress = ProgressLine(label: "verifying", enabled: !quiet)
        var collected: [VerificationReport] = []
        var verdicts = VerdictCounts()
        var done = 0
        let start = DispatchTime.now().uptimeNanoseconds
        runner.run(
            deliver: { _, outcome in
                progress.clear()
                let result = outcome.report
                verdicts.add(Verdict(result.verdict))
                done += 1
                // A batch gets a line per input (and JSON an array); one input, its full report.
                if format == .jsonl {
                    FileHandleStream.standardOutput.write(
                        String(decoding: JSONLinesRenderer.line(result, elapsed: policy.statedTime == nil ? outcome.elapsed : nil), as: UTF8.self))
                } else if format == .text && inputs.count > 1 {
                    FileHandleStream.standardOutput.write(TextReportRenderer.line(result) + "\n")
                }
                if inputs.count == 1 || format == .json { collected.append(result) }
                for warning in result.warnings { Console.error("warning: \(warning)") }
                if !recursive, let hint = Self.recursiveHint(for: result) { Console.error(hint) }
            },
            tick: {
                let bytes = runner.bytes
                if inputs.count == 1 {
                    progress.update(done: bytes.done, total: bytes.total)
                } else {
                    progress.update(inputsDone: done, of: inputs.count, bytes: bytes.done)
                }
            })
        progress.finish()
        let status = ExitStatus.of(verdicts.worst)
        if inputs.count == 1, let single = collected.first, let rendered = format.report {
            FileHandleStream.standardOutput.write(String(decoding: try rendered.render(single), as: UTF8.self))
        } else if format == .json {
            FileHandleStream.standardOutput.write(
                String(decoding: JSONWriter.bytes(.array(collected.map(JSONReportRenderer.jsonValue)), escaping: .invisibles), as: UTF8.self))
        } else if format == .jsonl {
            // With --at the lines are the same on every run: no duration.
            let elapsed = policy.statedTime == nil ? Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 : nil
            FileHandleStream.standardOutput.write(
                String(
                    decoding: JSONLinesRenderer.summary(
                        pass: verdicts.pass, fail: verdicts.fail, error: verdicts.error,
                        elapsed: elapsed, exitStatus: Int(status.rawValue)), as: UTF8.self))
        } else if format == .text {
            FileHandleStream.standardOutput.write(
                TextReportRenderer.totals(
                    pass: verdicts.pass, fail: verdicts.fail,
                    error: verdicts.error) + "\n")
        }
        if let first = collected.first {
            try writeReportFile(first, overview: nil)
            if let receiptSigner { try receiptSigner.output.write(first, to: receiptSigner.path, quiet: quiet) }
        }
        throw status
    }

    /// `--report FILE`, in the format its extension names.
    private func writeReportFile(_ result: VerificationReport, overview: CaseOverview?, receipt: ReceiptFingerprint? = nil) throws {
        guard let report, let reportFormat else { return }
        do {
            let bytes = try reportFormat.render(result, overview: overview, receipt: receipt)
            try OutputFile.write(bytes, to: report, replacing: force)
        } catch {
            // A failed verdict still wins: it is what the evidence says.
            Console.error("cannot write the report to \(report): \(Console.describe(error))")
            throw result.verdict == .fail ? ExitStatus.failed : ExitStatus.couldNotComplete
        }
    }

    /// For a directory that is not a bag but holds packages or bags: how to verify those.
    static func recursiveHint(for result: VerificationReport) -> String? {
        guard result.verdict == .error, result.subjectKind == .bag, result.error?.code == .notAPackage else { return nil }
        let found = BatchInputs.expand([result.subjectPath], recursive: true, note: Console.error)
        guard !found.isEmpty, found != [result.subjectPath] else { return nil }
        let count = found.count == 1 ? "a package or bag" : "\(found.count) packages or bags"
        return
            "hint: \(result.subjectPath) is not a bag, but holds \(count); to verify \(found.count == 1 ? "it" : "each"), add --recursive: rial verify --recursive \(result.subjectPath)"
    }

    /// `--format html` or `--report FILE.html`: one package, verified with what the court
    /// report of `rial report` shows; the report on standard output in `--format`, and FILE.
    private func courtReport(_ input: String, policy: VerificationPolicy, receipt: (output: ReceiptOutput, path: String)?) throws {
        let (result, overview) = ProgressLine.around("verifying", enabled: !quiet) { Verifier(policy: policy).courtReport(for: input, progress: $0) }
        // The receipt first: the court report names its fingerprint.
        let made = try receipt.map { try $0.output.write(result, to: $0.path, quiet: quiet) }
        // jsonl and case are refused in validate() (case never comes here).
        if let rendered = format.report {
            FileHandleStream.standardOutput.write(String(decoding: try rendered.render(result, overview: overview, receipt: made), as: UTF8.self))
        }
        for warning in result.warnings { Console.error("warning: \(warning)") }
        if !recursive, let hint = Self.recursiveHint(for: result) { Console.error(hint) }
        try writeReportFile(result, overview: overview, receipt: made)
        throw ExitStatus.of(result)
    }
}
