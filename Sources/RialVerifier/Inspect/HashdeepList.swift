import RialFormat
import RialCrypto

/// A hashdeep known-file list of a package's payload (`hashdeep -c sha256` format), so a lab
/// can audit an extracted package with its own tool:
/// `hashdeep -c sha256 -a -k LIST -r -l data`, run in the extracted bag directory.
///
/// The list is made only from a package that has just passed verification, from the digests
/// computed while verifying: a list of what failed would vouch for it.
public enum HashdeepList {
    public struct Result: Sendable {
        public let report: VerificationReport
        /// The list, when the package passed.
        public let list: [UInt8]?
    }

    /// Verifies the package at `path` and, if it passes, lists its payload.
    /// - Throws: ``VerifierError`` when the package cannot be evaluated.
    public static func make(path: String, verifier: Verifier = Verifier(), progress: Verifier.Progress? = nil) throws -> Result {
        let (report, inventory) = try verifier.evaluate(path: path, progress: progress)
        // Package names are held to the strict rules (no control characters), so no name can
        // break a line of the list; a bag directory's names are not.
        guard report.verdict == .pass, report.subjectKind == .package else { return Result(report: report, list: nil) }
        var text = "%%%% HASHDEEP-1.0\n%%%% size,sha256,filename\n"
        text += "## Invoked from: \(inventory.rootName ?? "the extracted package directory")\n"
        text += "## # rial inspect --format hashdeep: the payload of package \(report.packageID ?? "(no id)"), manifest SHA-256 \(report.manifestSHA256 ?? "(none)")\n"
        text += "## Audit in the extracted package directory: hashdeep -c sha256 -a -k LIST -r -l data\n"
        text += "## \n"
        for path in inventory.payloadPaths {
            guard let file = inventory.files[path], let sha256 = file.digests[.sha256] else { continue }
            text += "\(file.size),\(sha256),\(path)\n"
        }
        return Result(report: report, list: Array(text.utf8))
    }
}
