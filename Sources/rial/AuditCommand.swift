import ArgumentParser
import Foundation
import RialFormat
import RialLedger
import RialVerifier
import RialReport
import RialAudit

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Verify packages like a batch and record every result in the audit ledger.",
        discussion: """
            Each input is verified as `rial verify` does, and its result is recorded in the \
            ledger: the package's key (its canonical path: any spelling of it is one package; \
            with --root, relative to the store's root), package id, manifest SHA-256 (its \
            fingerprint), size, verdict, failing codes, the policy (anchors' fingerprints, \
            --require-*, --custody-head), rial's version, the start and end time and the host. \
            Records are hash-linked, one after the other. A run is recorded from its start to \
            its end, so an interrupted audit is visible as a run without an end.

            Before it records anything, the audit recomputes every link of the ledger and \
            checks the head the last writer verified: an edited, dropped or reordered record \
            stops it (exit status 2, naming the record) unless --extend-broken-ledger is given.

            Then it reports what changed since the previous audit of the same PATHs: new \
            packages, vanished ones (recorded once, and reported until `rial ledger forget` \
            acknowledges them), moved ones (the same package id and fingerprint at a new \
            path: one history), a fingerprint that changed under the same path (or under the \
            same package id at a new path), a verdict that changed, and with --max-age a \
            package last verified longer ago than that.

            The ledger is a SQLite file (default $RIAL_LEDGER, else \
            $XDG_DATA_HOME/rial/ledger.sqlite, else ~/.local/share/rial/ledger.sqlite) or, \
            shared by a team, --ledger postgresql://user@host/db.

            Many workers: --shard K/N takes a stable share of the inputs (by a hash of each \
            path), so N workers given the same PATHs audit each package once; --shard auto/N \
            reads K from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID \
            (a Slurm job array). Give every worker the same --run ID (default: $RIAL_AUDIT_RUN, \
            else slurm-$SLURM_ARRAY_JOB_ID, else a new id): a package already recorded in the \
            run is not verified or recorded again, so rerunning a killed worker adds no \
            duplicate. docs/ledger.md has the schema, the hash links and the shard function.

            --receipts DIR (with --sign-key and --cert) signs a receipt per package, as \
            `rial verify --receipt` does (docs/receipts.md), into DIR/RUN/NAME-KEYHASH.receipt.json \
            (NAME the package file's name, KEYHASH the first 16 hex digits of the SHA-256 of its \
            key); each package record's detail names the receipt and its SHA-256, so the ledger \
            vouches for the receipt and the receipt for the verification.

            Examples:
              rial audit --recursive evidence-store/
              rial audit --recursive evidence-store/ --max-age 30d --trust agency-root.pem
              rial audit --recursive /store --shard auto/4 --run nightly-2026-11-26 \\
                  --ledger postgresql://rial@db.example/evidence

            Exit status: 0 every package passed and nothing needs a person; 1 a package \
            failed, or a change other than a new or moved package (vanished, fingerprint or verdict \
            changed, overdue, reappeared); 2 could not run (the ledger cannot be opened or \
            written, or its hash chain is broken), or an input could not be verified; 64 usage \
            error.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, jsonl
    }

    @Argument(help: ArgumentHelp("Package files, bag directories, or with --recursive directories holding them.", valueName: "PATH"))
    var paths: [String]

    @Flag(name: .shortAndLong, help: "Search directories for .rialpkg files and bag directories instead of verifying a directory as one bag.")
    var recursive = false

    @OptionGroup(title: "Ledger") var ledgerOptions: LedgerOptions

    @Option(
        help: ArgumentHelp(
            "Record packages by their path relative to DIR, the store's root (default: by their absolute path), so a store mounted at different places on different machines keeps one history.",
            valueName: "DIR"))
    var root: String?

    @Flag(
        name: .customLong("extend-broken-ledger"),
        help:
            "Record in a ledger whose hash chain is broken (`rial ledger verify` names where). Without it an audit refuses such a ledger and records nothing; with it the break stays, and `rial ledger history` and `report` mark every record after it."
    )
    var extendBrokenLedger = false

    @Option(
        name: .customLong("run"),
        help: ArgumentHelp(
            "The run this audit belongs to (default: $RIAL_AUDIT_RUN, else slurm-$SLURM_ARRAY_JOB_ID, else a new id); every worker of one job gives the same.",
            valueName: "ID"))
    var runID: String?

    @Option(help: ArgumentHelp("Audit share K of N workers (0 ≤ K < N), or auto/N: K from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID.", valueName: "K/N"))
    var shard: String?

    @Option(
        name: .customLong("max-age"),
        help: ArgumentHelp("Report a package whose previous verification is older than AGE: a number with s, m, h or d (e.g. 30d).", valueName: "AGE"))
    var maxAge: String?

    @Option(
        help:
            "Output: text (a line per input, the changes, totals), or jsonl (the lines of `rial verify --format jsonl`, a line per change, an audit summary line)."
    )
    var format: Format = .text

    @Option(name: .shortAndLong, help: ArgumentHelp("Verify N inputs at once (default: the number of cores).", valueName: "N"))
    var jobs: Int?

    @OptionGroup var mediaExamination: MediaExaminationOption

    @OptionGroup(title: "Trust") var trustOptions: TrustOptions

    @Option(
        help: ArgumentHelp(
            "Sign a receipt per package into DIR/RUN/ (with --sign-key and --cert); the ledger records each receipt's SHA-256.", valueName: "DIR"))
    var receipts: String?

    @Option(help: ArgumentHelp("Who audits, named in each receipt's report (with the host name).", valueName: "NAME"))
    var examiner: String?

    @OptionGroup(title: "Receipt signer") var signing: SealingOptions

    @Flag(name: .shortAndLong, help: "No progress line.")
    var quiet = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one package file, bag directory or (with --recursive) directory") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let shard, case .failure(let error) = ShardSelector.parse(shard, environment: ProcessInfo.processInfo.environment) {
            throw ValidationError(error.description)
        }
        if let maxAge, AuditOptions.seconds(maxAge) == nil {
            throw ValidationError("--max-age takes a number with s, m, h or d (e.g. 30d, 12h); not \"\(maxAge)\"")
        }
        if let runID, runID.isEmpty || runID.count > 200 { throw ValidationError("--run takes an id of 1 to 200 characters") }
        if receipts != nil && !signing.isSealing {
            throw ValidationError("--receipts needs --sign-key KEY.pem and --cert CERT.pem: each receipt is signed by the examiner")
        }
        if signing.isSealing && receipts == nil { throw ValidationError("--sign-key and --cert sign receipts: give --receipts DIR") }
        if let examiner, examiner.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--examiner takes a name, e.g. --examiner \"A. Expert, Forensic Lab Ltd\"")
        }
    }

    func run() throws {
        StandardOutput.holdsOnlyASummary()
        let environment = ProcessInfo.processInfo.environment
        var policy = try trustOptions.makePolicy()
        policy.examinesMedia = mediaExamination.examineMedia
        policy.examiner = examiner.map { Examiner(name: $0, host: AuditClock.host) }
        policy.hashesPackageFile = receipts != nil
        let receiptSigner = try receipts.map { _ in try ReceiptOutput(signing: signing, replacing: true) }
        let shardSelector = try shard.map { text -> ShardSelector in try ShardSelector.parse(text, environment: environment).get() } ?? .all
        let options = AuditOptions(
            paths: paths, ledger: try ledgerOptions.location(creatingDefaultDirectory: true), runID: AuditRun.id(given: runID, environment: environment),
            policy: policy, recursive: recursive, storeRoot: root, shard: shardSelector, maxAge: maxAge.flatMap(AuditOptions.seconds),
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, extendsBrokenLedger: extendBrokenLedger,
            receipts: zip(receipts, receiptSigner).map { directory, signer in .init(directory: directory) { try signer.write($0, to: $1) } })
        let lines = AuditLines(format: format, showsProgress: !quiet, statedTime: policy.statedTime != nil)
        let summary: AuditSummary
        do { summary = try Audit(options: options).run(events: lines) } catch {
            lines.progress.finish()
            Console.error(error)
            throw Console.exitStatus(of: error)
        }
        lines.progress.finish()
        switch format {
        case .text: FileHandleStream.standardOutput.write(summary.text())
        case .jsonl: FileHandleStream.standardOutput.write(summary.jsonLines())
        }
        throw ExitCode(summary.outcome.rawValue)
    }
}

/// Two optionals as one: both, or none.
private func zip<A, B>(_ first: A?, _ second: B?) -> (A, B)? {
    guard let first, let second else { return nil }
    return (first, second)
}
