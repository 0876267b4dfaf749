import ArgumentParser
import RialFormat
import RialVerifier
import RialReport

/// `--format case` of `rial inspect` and `rial verify`: one package verified and written as
/// CASE/UCO JSON-LD on standard output. The graph is written whatever the verdict (its digests
/// are what rial read, and the verification action, when included, lists what failed); the
/// exit status is the verdict's, so a script still notices a failure.
enum CASEOutput {
    /// - Parameters:
    ///   - path: the package file (or bag directory) as given.
    ///   - includesVerification: add the verification as an investigative action.
    /// - Returns: the report the graph was made from; its verdict is the exit status.
    /// - Throws: ``ExitStatus/couldNotComplete`` when the input cannot be evaluated or states no
    ///   package id (the IRIs are derived from it).
    static func write(_ path: String, policy: VerificationPolicy, includesVerification: Bool, showsProgress: Bool) throws -> VerificationReport {
        let bytes: [UInt8]
        let export: CASEExport
        do {
            export = try ProgressLine.around("verifying", enabled: showsProgress) { try Verifier(policy: policy).caseExport(for: path, progress: $0) }
            guard let written = try CASERenderer.bytes(export, includesVerification: includesVerification) else {
                Console.error(
                    "\(path) states no package id (rial/manifest.json is missing or unreadable); a CASE export names its objects by it. Run rial verify \(path) to see why"
                )
                throw ExitStatus.couldNotComplete
            }
            bytes = written
        } catch let status as ExitCode {
            throw status
        } catch {
            Console.error(Console.describe(error))
            throw ExitStatus.couldNotComplete
        }
        FileHandleStream.standardOutput.write(String(decoding: bytes, as: UTF8.self))
        if export.report.verdict != .pass {
            Console.error("\(path) does not verify (\(export.report.verdict.rawValue)); the CASE graph lists what was read. Run rial verify \(path) to see why")
        }
        for warning in export.report.warnings { Console.error("warning: \(warning)") }
        return export.report
    }
}
