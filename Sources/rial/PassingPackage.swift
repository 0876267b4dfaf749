import RialFormat
import RialVerifier

/// The rule every command that adds to a package follows: verify it first, and add nothing
/// to a package that does not pass, so a seal, a timestamp or a custody event never vouches
/// for evidence that was already broken.
enum PassingPackage {
    /// Verifies `path`; returns its report when it passes.
    /// - Throws: ``ExitStatus/failed`` (after printing the report) when it fails,
    ///   ``ExitStatus/couldNotComplete`` when it cannot be evaluated.
    /// - Parameter force: return a failing report too (after printing it), for
    ///   `rial custody append --force`, whose event then records the failure.
    static func require(_ path: String, action: String, quiet: Bool, force: Bool = false) throws -> VerificationReport {
        let report = ProgressLine.around("verifying", enabled: !quiet) { Verifier().report(for: path, progress: $0) }
        switch report.verdict {
        case .pass:
            return report
        case .fail:
            FileHandleStream.standardOutput.write(TextReportRenderer.render(report))
            if force {
                Console.error("warning: the package does not pass verification; going on because of --force, and the new event records it")
                return report
            }
            Console.error("not \(action): the package does not pass verification; nothing was changed")
            throw ExitStatus.failed
        case .error:
            FileHandleStream.standardOutput.write(TextReportRenderer.render(report))
            Console.error("not \(action): the package could not be verified; nothing was changed")
            throw ExitStatus.couldNotComplete
        }
    }
}
