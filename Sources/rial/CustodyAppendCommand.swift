import ArgumentParser
import RialFormat
import RialCrypto
import RialPackager
import RialVerifier

struct CustodyAppendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "append",
        abstract: "Add an event to a package's custody log.",
        discussion: """
        The package is verified first; a package that fails is refused unless --force, and \
        then the event itself records that it failed and which checks. The event links to \
        the last one by its SHA-256. With --sign-key and --cert it is signed, and the actor \
        is the certificate's subject (its CN is the default --actor-name).

        The package is rewritten under a temporary name and renamed into place: every entry \
        is copied byte for byte, the tag manifests gain a line per new file, and the new \
        files come last.

        The command prints the new head's SHA-256. Whoever receives the package should \
        record it: `rial verify --custody-head SHA256` later proves no event up to it was \
        removed (the package alone cannot show that its newest events were dropped).

        Actions: \(CustodyAction.appendable.map(\.rawValue).joined(separator: ", ")).

        Examples:
          rial custody append case.rialpkg --action TRANSFERRED \\
            --actor-name "Jane Roe" --role investigator --org "Metro PD" \\
            --details "To County Lab by courier" --location "Metro PD"
          rial custody append case.rialpkg --action RECEIVED \\
            --sign-key lab.key --cert lab.pem --role "lab technician"
          rial custody append case.rialpkg --action NOTE \\
            --actor-name "J. Roe" --details "Seal tape found intact" \\
            --at 2026-11-22T09:30:00Z

        \(ExitStatus.helpText)
        """
    )

    @Argument(help: ArgumentHelp("The package, changed in place.", valueName: "PKG"))
    var package: String

    @Option(help: ArgumentHelp("What happened: \(CustodyAction.appendable.map(\.rawValue).joined(separator: ", ")).", valueName: "ACTION"))
    var action: String

    @OptionGroup(title: "Who and where") var actorOptions: CustodyActorOptions

    @Option(help: ArgumentHelp("The actor's organisation (when signing: the certificate's O by default).", valueName: "NAME"))
    var org: String?

    @Option(help: ArgumentHelp("What was done, in a sentence (one line).", valueName: "TEXT"))
    var details: String = ""

    @Option(help: ArgumentHelp("When it happened, RFC 3339 (default: now); not before the last event, not in the future.", valueName: "RFC3339"))
    var at: String?

    @OptionGroup(title: "Signing the event") var signing: SealingOptions

    @Flag(help: "Append even if the package fails verification; the event records the failing checks.")
    var force = false

    @Flag(name: .shortAndLong, help: "No progress line or summary.")
    var quiet = false

    /// `--action`, in any case.
    private var appendedAction: CustodyAction? { CustodyAction(rawValue: action.uppercased()) }

    func validate() throws {
        guard let parsed = appendedAction, CustodyAction.appendable.contains(parsed) else {
            throw ValidationError("--action must be one of \(CustodyAction.appendable.map(\.rawValue).joined(separator: ", ")); the capture app's actions and PACKAGED are written by the app and by rial pack")
        }
        if actorOptions.actorName == nil && !signing.isSealing {
            throw ValidationError("give --actor-name (or sign with --sign-key and --cert: the certificate names the actor)")
        }
        do {
            try CustodyText.check(details, at: "--details", allowEmpty: true)
            if let org { try CustodyText.check(org, at: "--org") }
            if let at { _ = try Timestamp(rfc3339: at) }
        } catch {
            throw ValidationError(error.reason)
        }
    }

    func run() throws {
        let now = Timestamp.now()
        let signer = try signing.makeSealer()
        let recorder = CustodyRecorder(signer: signer)
        let actor: CustodyActor
        let when: Timestamp
        do {
            try signer?.checkUsable(at: now)
            actor = try recorder.actor(actorOptions.actor(organisation: org))
            when = try at.map { try Timestamp(rfc3339: $0) } ?? now
        } catch let error as PackagerError {
            Console.error(error.reason)
            throw ExitStatus.usage
        }
        if when > now {
            Console.error("--at \(when.rfc3339) is in the future; a custody event records what has happened")
            throw ExitStatus.usage
        }

        let report = try PassingPackage.require(package, action: "appended", quiet: quiet, force: force)
        let tags = try SealedPackage.verifiedTagFiles(of: package, report: report)
        guard let packageID = report.packageID.flatMap({ try? PackageID($0) }), let manifestSHA256 = report.manifestSHA256 else {
            Console.error("\(package) has no readable rial/manifest.json; a custody log is bound to it")
            throw ExitStatus.couldNotComplete
        }
        // verifiedTagFiles checked the head is the verified one: the event links to what was verified.
        let head = tags.custodyHead
        guard let parsedAction = appendedAction else { throw ExitStatus.usage }
        let forced = report.verdict == .pass ? nil
            : CustodyEvent.Forced(verdict: report.verdict.rawValue, failedChecks: Array(Set(report.failures.map(\.code.rawValue))).sorted())
        let event: CustodyEvent
        let files: [PackageFile]
        do {
            event = try CustodyRecorder.next(after: head, manifestSHA256: manifestSHA256, packageID: packageID, time: when,
                                             action: parsedAction, actor: actor, details: details,
                                             location: actorOptions.location, forced: forced)
            files = try recorder.files(for: event)
            try PackageRewriter(source: package, destination: package).append(files, modificationTime: now.seconds)
        } catch let error as PackagerError {
            Console.error(error.description)
            throw error.code == .invalidOption ? ExitStatus.usage : ExitStatus.couldNotComplete
        }
        if !quiet {
            let sha = (try? StreamingDigest.digest(.sha256, of: files[0].bytes)).map(Hex.encode) ?? ""
            print("Appended custody event \(event.seq) (\(event.action.rawValue)) to \(package)")
            print("Actor:        \(actor.summary)")
            print("Signed by:    \(signer.map { $0.signer.certificate.subject } ?? "nobody (unsigned)")")
            print("Head SHA-256: \(sha)")
            print("Record the head SHA-256 at hand-over; `rial verify \(package) --custody-head \(sha)` later proves no event up to this one was removed.")
        }
    }
}
