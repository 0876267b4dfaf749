import RialFormat
import RialCrypto

/// The files of a package that has just passed verification, with the digests computed while
/// verifying: what the known-file lists (hashdeep, DFXML) are made from. A list of a package
/// that failed would vouch for what failed, so there is none.
package struct VerifiedContents: Sendable {
    package struct File: Sendable {
        /// Relative to the bag (the package's top-level directory).
        package let path: String
        package let size: UInt64
        package let sha256: String
        package let sha512: String
    }

    package struct Result: Sendable {
        package let report: VerificationReport
        /// Present when the package passed and is a `.rialpkg` file.
        package let contents: VerifiedContents?
    }

    /// The package's top-level directory.
    package let root: String
    package let packageID: String?
    package let manifestSHA256: String?
    /// Every regular file, tag files first, each group sorted by bytes.
    package let files: [File]

    /// The payload files (under `data/`).
    package var payload: [File] { files.filter { $0.path.hasPrefix("data/") } }

    /// Verifies the package at `path` and, if it passes, lists its files.
    /// - Throws: ``VerifierError`` when the package cannot be evaluated.
    package static func make(path: String, verifier: Verifier = Verifier(), progress: Verifier.Progress? = nil) throws -> Result {
        let (report, context) = try verifier.evaluate(path: path, progress: progress)
        let inventory = context.inventory
        // Package names are held to the strict rules (no control characters), so no name can
        // break a line of a list or need escaping beyond XML's; a bag directory's names are not.
        guard report.verdict == .pass, report.subjectKind == .package, let root = inventory.rootName else {
            return Result(report: report, contents: nil)
        }
        let files = (inventory.tagPaths + inventory.payloadPaths).compactMap { path -> File? in
            guard let file = inventory.files[path], let sha256 = file.digests[.sha256], let sha512 = file.digests[.sha512] else { return nil }
            return File(path: path, size: file.size, sha256: sha256, sha512: sha512)
        }
        return Result(report: report, contents: VerifiedContents(root: root, packageID: report.packageID, manifestSHA256: report.manifestSHA256, files: files))
    }
}
