import ArgumentParser
import RialFormat
import RialPackager

struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Pack a capture (the capture app's export as it comes) into one .rialpkg evidence package.",
        discussion: """
            CAPTURE_DIR is either the folder the capture app exported, exactly as it came \
            (recording_<n>.mp4 with its manifest, custody log and README.txt, and any recording \
            data: hash chain, metadata, depth keyframes), or rial's own layout: media/ (required), \
            and optionally depth/, frames/, app/ and capture.json (schema/SPEC.md §2). In an export \
            the media is found by its content and the app's files by name or shape; every file is \
            carried byte for byte (the media under data/media/, the rest under data/capture/). \
            rial prints which file became what; --plan prints only that, with --privacy and \
            --hash-only applied, after running every check pack runs (the media is read and \
            hashed), writing nothing: it exits 2, with pack's reason, for an export pack would \
            refuse.

            The SHA-256 and SHA-512 the app recorded for the media are compared with the media as \
            it is packed: a mismatch is refused, as is an export whose content is broken (its media \
            empty or not media, an app file rial cannot read, a custody log it cannot import, a \
            token that is not base64). --keep-as-received packs such an export exactly as \
            received instead, warns, and leaves each problem for verification to report. Every file is read once and hashed with \
            SHA-256 and SHA-512 while it is written. The package is written under a temporary name and renamed when \
            complete, so no half-written package is ever left behind.

            The same capture with the same --created and --package-id gives a byte-identical \
            package; without --package-id the id is derived from the capture and --created.

            Examples:
              rial pack export/ --plan                       # which file becomes what
              rial pack export/ -o case-2026-117.rialpkg --case 2026-117
              rial pack capture -o case-2026-117.rialpkg --case 2026-117 \\
                  --organization "County Lab"
              rial pack capture -o out.rialpkg --created 2026-11-22T09:30:00Z --force
              rial pack capture -o case.rialpkg --sign-key jane.key --cert jane.pem
              rial pack capture -o case.rialpkg --actor-name "Jane Roe" --role investigator

            The package's custody log (rial/custody/) begins with the capture app's own events \
            (recording_<n>.custody_log.json, or app/custody_log.json), carried as written (a \
            numeric date converted exactly, an action rial does not know kept as the app wrote \
            it, for the verifier to judge), then a PACKAGED event by --actor-name (with a key: the \
            certificate's CN, and the event is signed). Add hand-overs with `rial custody append`.

            Privacy (schema/SPEC.md §16): --privacy cuts the capture's location, time and device \
            to the levels given, exactly as the capture app's privacy mode does; a dimension left \
            out is withheld (none). The package then leaves out every file that records more \
            (the app's full metadata.json, its custody log unless time and device are disclosed in \
            full) and states the levels in rial/metadata.json. --hash-only also leaves out the \
            media, depth maps and frames, and names the media by its SHA-256 in \
            rial/hash_only_payload.json (under 10 KiB); check a copy of the media later with \
            `rial verify PKG --media FILE`.
              rial pack capture -o shared.rialpkg --hash-only \\
                --privacy location=coarse,timestamp=day_only,device=model_only
              rial pack capture -o redacted.rialpkg --privacy location=none,device=full

            \(ExitStatus.helpText)
            """
    )

    @Argument(help: ArgumentHelp("The capture app's export, or a capture in rial's layout.", valueName: "CAPTURE_DIR"))
    var captureDirectory: String

    @Flag(
        help:
            "Print which file of CAPTURE_DIR becomes what (with --privacy/--hash-only, what is withheld), check everything pack checks, and write nothing; exit 2 where pack would refuse."
    )
    var plan = false

    @Flag(
        name: .customLong("keep-as-received"),
        help:
            "Pack an export whose content is wrong (digests that do not match its media, empty or damaged media, app files rial cannot read or import) exactly as received; verification reports each problem."
    )
    var keepAsReceived = false

    @Flag(
        name: .customLong("examine-media"), inversion: .prefixedNo,
        help:
            "Read each media file with the media libraries (in a confined child process) before packing it, and refuse what verification would fail as unreadable or unsupported (--keep-as-received keeps it). --no-examine-media packs it unread; --privacy examines it regardless."
    )
    var examineMedia = true

    @Option(
        name: [.short, .customLong("output"), .customLong("out")],
        help: ArgumentHelp("The package file to write (required unless --plan).", valueName: "OUT.rialpkg"))
    var output: String?

    @Option(name: .customLong("package-id"), help: ArgumentHelp("Package id: 1–128 of A–Z a–z 0–9 . _ -, starting with a letter or digit.", valueName: "ID"))
    var packageID: String?

    @Option(help: ArgumentHelp("Creation time, RFC 3339 (default: now). Sets every timestamp in the package.", valueName: "RFC3339"))
    var created: String?

    @Option(name: .customLong("case"), help: ArgumentHelp("Case number, written to bag-info.txt as Bag-Group-Identifier.", valueName: "ID"))
    var caseID: String?

    @Option(
        help: ArgumentHelp(
            "Organisation, written to bag-info.txt as Source-Organization (and the PACKAGED event's, without a key). Also --org.", valueName: "NAME"))
    var organization: String?

    /// `--org`, as `rial custody append` spelled it first; one of the two may be given.
    @Option(name: .customLong("org"), help: .hidden)
    var org: String?

    /// `--organization` or `--org`.
    private var sourceOrganisation: String? { organization ?? org }

    @Option(help: ArgumentHelp("Description, written to bag-info.txt as External-Description.", valueName: "TEXT"))
    var description: String?

    @Option(name: .customLong("info"), help: ArgumentHelp("Any other bag-info.txt field (repeatable).", valueName: "LABEL=VALUE"))
    var info: [String] = []

    @OptionGroup(title: "Sealing") var sealing: SealingOptions

    @OptionGroup(title: "Custody (the PACKAGED event that follows the capture app's events)") var custody: CustodyActorOptions

    @Option(
        help: ArgumentHelp(
            "Disclose location=none|coarse|precise, timestamp=none|day_only|exact, device=none|model_only|full; a dimension left out is none.",
            valueName: "LEVELS"))
    var privacy: String?

    @Flag(name: .customLong("hash-only"), help: "Leave out the media, depth maps and frames; keep the media's SHA-256 (privacy mode).")
    var hashOnly = false

    @Flag(help: "Replace OUT.rialpkg if it exists.")
    var force = false

    @Flag(name: .shortAndLong, help: "Print only the manifest SHA-256 (one line, for scripts to record): no progress, mapping or summary.")
    var quiet = false

    @Flag(help: "List every file in the mapping, instead of one line for each run of frames or depth keyframes.")
    var verbose = false

    mutating func validate() throws {
        if !plan, output == nil { throw ValidationError("say where to write the package: -o OUT.rialpkg (or --plan to see the mapping only)") }
        if organization != nil && org != nil { throw ValidationError("--organization and --org are one option; give it once") }
    }

    func run() throws {
        StandardOutput.holdsOnlyASummary()
        let output = self.output ?? ""
        var fields: [BagInfo.Field] = []
        if let caseID { fields.append(.init("Bag-Group-Identifier", caseID)) }
        if let sourceOrganisation { fields.append(.init("Source-Organization", sourceOrganisation)) }
        if let description { fields.append(.init("External-Description", description)) }
        for item in info {
            guard let equals = item.firstIndex(of: "=") else {
                throw ValidationError("--info takes LABEL=VALUE, e.g. --info \"Contact-Name=J. Doe\"")
            }
            fields.append(.init(String(item[..<equals]), String(item[item.index(after: equals)...])))
        }
        let sealer = try sealing.makeSealer()
        // A signer's organisation is the certificate's; --organization names the bag's source.
        let actor = custody.actor(organisation: sealer == nil && custody.actorName != nil ? sourceOrganisation : nil)
        if sealer == nil, custody.actorName == nil, custody.role != nil || custody.actorID != nil {
            throw ValidationError("--role and --actor-id describe a person: give --actor-name too")
        }
        var options = PackageOptions(
            captureDirectory: captureDirectory, output: output, overwrite: force, bagInfoFields: fields,
            sealer: sealer, custodyActor: actor, custodyLocation: custody.location)
        options.hashOnly = hashOnly
        options.keepAsReceived = keepAsReceived
        options.examinesMedia = examineMedia
        do {
            if let packageID { options.packageID = try PackageID(packageID) }
            if let created { options.created = try Timestamp(rfc3339: created) }
            if let privacy { options.privacy = try PrivacyLevels(parsing: privacy) }
        } catch {
            throw ValidationError(error.reason)
        }
        if plan { return try runPlan(options) }
        let summary: PackageSummary
        do {
            summary = try ProgressLine.around("packing", enabled: !quiet) { try Packager(options: options).write(progress: $0) }
        } catch let error as PackagerError {
            Console.error(error.conciseDescription)
            throw error.code == .invalidOption ? ExitStatus.usage : ExitStatus.couldNotComplete
        }
        // What verification will fail is said even with --quiet.
        for warning in summary.warnings { Console.error("warning: \(warning)") }
        // The one thing the investigator must record, even with --quiet.
        if quiet { print(summary.manifestSHA256) }
        if !quiet {
            if let plan = summary.plan { printPlan(plan) }
            print("Packed \(Counted.text(summary.payloadFileCount, "file")) (\(Counted.text(summary.payloadBytes, "byte"))) into \(summary.output)")
            print("Package id:       \(summary.packageID)")
            print("Created:          \(summary.created)")
            print("Manifest SHA-256: \(summary.manifestSHA256)")
            if let signer = summary.signer { print("Sealed by:        \(signer)") }
            if let levels = summary.privacy {
                print("Discloses:        \(levels)\(summary.hashOnly ? ", hash-only (no media, depth maps or frames)" : "")")
                if !summary.withheld.isEmpty {
                    print(
                        "Withheld:         \(Counted.text(summary.withheld.count, "file")) of the capture: \(summary.withheld.prefix(4).joined(separator: ", "))\(summary.withheld.count > 4 ? ", …" : "")"
                    )
                }
            }
            for note in summary.notes { print("Note:             \(note)") }
            if summary.appDigestsChecked {
                print("App digests:      the SHA-256 and SHA-512 the capture app recorded \(summary.appDigestsMatch ? "match" : "do NOT match") the media")
            }
            print("Record the manifest SHA-256 in your notes; it names this package's content.")
        }
    }

    /// `--plan`: everything `rial pack` does with these options, `--privacy`, `--hash-only` and
    /// every refusal included, writing nothing (`Packager.plan`). An export pack would refuse
    /// exits as pack would, with the same reason.
    private func runPlan(_ options: PackageOptions) throws {
        let summary: PackageSummary
        do {
            summary = try ProgressLine.around("checking", enabled: !quiet) { try Packager(options: options).plan(progress: $0) }
        } catch let error as PackagerError {
            Console.error(error.conciseDescription)
            throw error.code == .invalidOption ? ExitStatus.usage : ExitStatus.couldNotComplete
        }
        for warning in summary.warnings { Console.error("warning: \(warning)") }
        if let plan = summary.plan { printPlan(plan) }
        for note in summary.notes { print("Note:             \(note)") }
        if let levels = summary.privacy {
            print("Discloses:        \(levels)\(summary.hashOnly ? ", hash-only (no media, depth maps or frames)" : "")")
        }
        if summary.appDigestsChecked {
            print("App digests:      the SHA-256 and SHA-512 the capture app recorded \(summary.appDigestsMatch ? "match" : "do NOT match") the media")
        }
        print("Would pack \(Counted.text(summary.payloadFileCount, "file")) (\(Counted.text(summary.payloadBytes, "byte"))); nothing was written (--plan)")
    }

    /// The mapping: one line per file, `source -> package path  (reading)`; a run of more than
    /// three frame files or depth keyframes is one line with its count (an hour at 30 fps is
    /// 108,000 frames), unless `--verbose`.
    private func printPlan(_ plan: CapturePlan) {
        print("\(captureDirectory) is \(plan.layout); \(Counted.text(plan.entries.count, "file")):")
        let prefix = captureDirectory.hasSuffix("/") ? captureDirectory : captureDirectory + "/"
        let relative = { (path: String) in path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path }
        var lines: [(source: String, target: String, reading: String)] = []
        var index = plan.entries.startIndex
        while index < plan.entries.endIndex {
            let entry = plan.entries[index]
            let directory = [PackageLayout.depthDirectory, PackageLayout.framesDirectory].first { entry.bagPath.hasPrefix($0) }
            let run = directory.map { directory in plan.entries[index...].prefix { $0.reading == entry.reading && $0.bagPath.hasPrefix(directory) } } ?? []
            if !verbose, let directory, run.count > 3, let last = run.last {
                let kind = entry.reading.hasSuffix("material") ? entry.reading : entry.reading + "s"
                lines.append(("\(relative(entry.source)) … \(last.source.split(separator: "/").last ?? "")", directory, "\(run.count) files, \(kind)"))
                index += run.count
            } else {
                lines.append((relative(entry.source), entry.bagPath, entry.reading))
                index += 1
            }
        }
        let width = min(lines.map(\.source.count).max() ?? 0, 60)
        for line in lines {
            let padded = line.source.count < width ? line.source + String(repeating: " ", count: width - line.source.count) : line.source
            print("  \(padded) -> \(line.target.isEmpty ? "(not packaged)" : line.target)\(line.reading.isEmpty ? "" : "  (\(line.reading))")")
        }
    }
}
