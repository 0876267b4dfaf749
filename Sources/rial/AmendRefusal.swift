import ArgumentParser
import RialFormat
import RialAmender
import RialVerifier
import RialReport
import RialErrors

/// What the commands that add to a package (`seal`, `timestamp`, `custody append`) print when
/// the amender refuses, and the exit status they end with. The rule itself, verify first and
/// add nothing to a package that does not pass, lives in ``PackageAmender``.
enum AmendRefusal {
    /// Prints why `error` stopped the command, in the words rial has always used.
    /// - Parameters:
    ///   - package: the package as the user named it.
    ///   - action: what was not done, for "not sealed: …" (`sealed`, `changed`, `appended`).
    ///   - invalidEventStatus: the status for `.invalidEvent` and `.alreadyPresent`: a usage
    ///     error where the user wrote the event, a failure to complete where rial did.
    /// - Returns: the exit status to end with.
    static func exitStatus(for error: AmenderError, package: String, action: String, invalidEventStatus: ExitCode = ExitStatus.couldNotComplete) -> ExitCode {
        let code = " [\(error.code)]"
        switch error.code {
        case .verificationFailed:
            printReport(of: error)
            Console.error("not \(action): the package does not pass verification; nothing was changed" + code)
            return ExitStatus.failed
        case .unverifiable:
            printReport(of: error)
            Console.error("not \(action): the package could not be verified; nothing was changed" + code)
            return ExitStatus.couldNotComplete
        case .changedDuringVerification:
            // What changed, when the copy found it (a file of another size or digest): its
            // words only, so the line ends in one code, the amendment's.
            let what = error.cause.map { " (\(($0 as? any RialError)?.reason ?? "\($0)"))" } ?? ""
            Console.error("\(package) changed while it was being verified or copied\(what); nothing was changed, try again" + code)
            return ExitStatus.couldNotComplete
        case .alreadySealed:
            Console.error("\(package) is already sealed; a package is sealed once" + code)
            return ExitStatus.couldNotComplete
        case .notSealed:
            Console.error("\(package) is not sealed; seal it first: rial seal \(package) --sign-key KEY.pem --cert CERT.pem" + code)
            return ExitStatus.couldNotComplete
        case .unreadableSeal:
            Console.error(error.conciseDescription(after: "the seal of \(package) cannot be read"))
            return ExitStatus.couldNotComplete
        case .sealMismatch:
            Console.error("the seal of \(package) does not sign its rial/manifest.json; nothing was changed" + code)
            return ExitStatus.failed
        case .invalidSigner, .invalidToken:
            Console.error(error.conciseDescription)
            return ExitStatus.usage
        case .tokenNotSHA256, .tokenMismatch, .nonceMismatch:
            Console.error(error.conciseDescription)
            return ExitStatus.failed
        case .invalidEvent, .alreadyPresent:
            Console.error(error.conciseDescription)
            return invalidEventStatus
        case .writeFailed:
            // The rewrite goes to a temporary file beside the package and replaces it only
            // when complete: a full disk leaves the package as it was.
            Console.error(error.conciseDescription)
            Console.error("nothing was changed: \(package) is as it was")
            return ExitStatus.couldNotComplete
        default:
            // .unreadablePackage, .noPackageIdentity: the amender's words and code, with what
            // the packager or the disk said underneath.
            Console.error(error.conciseDescription)
            return ExitStatus.couldNotComplete
        }
    }

    /// The amender every command that adds to a package uses: verifying as of `now`, its own
    /// time read again once the package's lock is held (after any amendment it waited for),
    /// `force` amending a read-only or hard-linked package, and a note on stderr for each
    /// leftover of an interrupted write it removes.
    static func amender(for package: String, at now: Timestamp, force: Bool) -> PackageAmender {
        var amender = PackageAmender(path: package, verifier: Verifier(verificationTime: now))
        amender.clock = { Timestamp.now() }
        amender.amendsProtectedFiles = force
        amender.removedLeftover = noteRemovedLeftover
        return amender
    }

    /// Says that an interrupted earlier write's temporary file was removed (stderr).
    @Sendable static func noteRemovedLeftover(_ path: String, _ size: Int64) {
        Console.error("note: removed \(path) (\(size) bytes), left by an interrupted write of this package")
    }

    /// The report a refusal rests on, on stdout, as `rial verify` prints it.
    static func printReport(of error: AmenderError) {
        if let report = error.report { printReport(report) }
    }

    static func printReport(_ report: VerificationReport) {
        FileHandleStream.standardOutput.write(TextReportRenderer.render(report))
    }
}
