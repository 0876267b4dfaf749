import ArgumentParser
import RialFormat
import RialPackager
import RialVerifier
import RialReport
import RialAmender

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

            The command prints the new head's SHA-256 (with --quiet, only that, on one line). \
            Whoever receives the package should record it: `rial verify --custody-head SHA256` \
            later proves no event up to it was removed (the package alone cannot show that its \
            newest events were dropped).

            Actions: \(CustodyAction.appendable.map(\.rawValue).joined(separator: ", ")).

            Examples:
              rial custody append case.rialpkg --action TRANSFERRED \\
                --actor-name "Jane Roe" --role investigator --organization "Metro PD" \\
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

    @Option(help: ArgumentHelp("The actor's organisation (when signing: the certificate's O by default). Also --org.", valueName: "NAME"))
    var organization: String?

    /// `--org`, the spelling this option had first; one of the two may be given.
    @Option(name: .customLong("org"), help: .hidden)
    var org: String?

    /// `--organization` or `--org`.
    private var actorOrganisation: String? { organization ?? org }

    @Option(help: ArgumentHelp("What was done, in a sentence (one line).", valueName: "TEXT"))
    var details: String = ""

    @Option(help: ArgumentHelp("When it happened, RFC 3339 (default: now); not before the last event, not in the future.", valueName: "RFC3339"))
    var at: String?

    @OptionGroup(title: "Signing the event") var signing: SealingOptions

    @OptionGroup var stapling: RevocationStapleOption

    @Flag(
        help:
            "Append even if the package fails verification (the event records the failing checks), is read-only (it stays read-only) or has other hard links (they keep the old version)."
    )
    var force = false

    @Flag(name: .shortAndLong, help: "Print only the new head's SHA-256 (one line, for scripts): no progress line or summary.")
    var quiet = false

    /// `--action`, in any case.
    private var appendedAction: CustodyAction? { CustodyAction(rawValue: action.uppercased()) }

    func validate() throws {
        guard let parsed = appendedAction, CustodyAction.appendable.contains(parsed) else {
            throw ValidationError(
                "--action must be one of \(CustodyAction.appendable.map(\.rawValue).joined(separator: ", ")); the capture app's actions and PACKAGED are written by the app and by rial pack"
            )
        }
        if actorOptions.actorName == nil && !signing.isSealing {
            throw ValidationError("give --actor-name (or sign with --sign-key and --cert: the certificate names the actor)")
        }
        if organization != nil && org != nil { throw ValidationError("--organization and --org are one option; give it once") }
        do {
            try CustodyText.check(details, at: "--details", allowEmpty: true)
            if let actorOrganisation { try CustodyText.check(actorOrganisation, at: "--organization") }
            if let at { _ = try Timestamp(rfc3339: at) }
        } catch {
            throw ValidationError(error.reason)
        }
    }

    func run() throws {
        StandardOutput.holdsOnlyASummary()
        let now = Timestamp.now()
        let signer = try signing.makeSealer(amending: true)
        // The signer and the actor are checked by the amender, before the package is read.
        let when: Timestamp
        do {
            when = try at.map { try Timestamp(rfc3339: $0) } ?? now
        } catch {
            Console.error((error as? FormatError)?.reason ?? "\(error)")
            throw ExitStatus.usage
        }
        if when > now {
            Console.error("--at \(when.rfc3339) is in the future; a custody event records what has happened")
            throw ExitStatus.usage
        }
        guard let parsedAction = appendedAction else { throw ExitStatus.usage }
        let staples = try stapling.load()

        let draft = CustodyEventDraft(
            action: parsedAction, actor: actorOptions.actor(organisation: actorOrganisation), details: details,
            location: actorOptions.location, time: at == nil ? nil : when)
        let amender = AmendRefusal.amender(for: package, at: now, force: force)
        let receipt: CustodyReceipt
        do {
            receipt = try ProgressLine.around("verifying", enabled: !quiet) {
                try amender.appendCustodyEvent(draft, signedBy: signer, at: now, force: force, stapling: staples, progress: $0)
            }
        } catch let error as AmenderError {
            // Forced past a failing verification, then stopped: say what was forced past first.
            if force, let report = error.report, report.verdict == .fail { warnForced(report) }
            if error.code == .noPackageIdentity {
                Console.error("\(package) has no readable rial/manifest.json; a custody log is bound to it [\(error.code)]")
                throw ExitStatus.couldNotComplete
            }
            throw AmendRefusal.exitStatus(for: error, package: package, action: "appended", invalidEventStatus: ExitStatus.usage)
        }
        if receipt.isForced { warnForced(receipt.report) }
        if quiet {
            // What a script records at hand-over, and nothing else.
            print(receipt.headSHA256)
        } else {
            print("Appended custody event \(receipt.event.seq) (\(receipt.event.action.rawValue)) to \(package)")
            print("Actor:        \(receipt.event.actor.summary)")
            print("Signed by:    \(receipt.signer ?? "nobody (unsigned)")")
            print("Head SHA-256: \(receipt.headSHA256)")
            print(
                "Record the head SHA-256 at hand-over; `rial verify \(package) --custody-head \(receipt.headSHA256)` later proves no event up to this one was removed."
            )
        }
    }

    /// The failing report, and that --force went past it.
    private func warnForced(_ report: VerificationReport) {
        // With --quiet, standard output is the head's SHA-256 alone.
        if !quiet { AmendRefusal.printReport(report) }
        Console.error("warning: the package does not pass verification; going on because of --force, and the new event records it")
    }
}
