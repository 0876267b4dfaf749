import RialPackager
import RialVerifier

/// A package as an amendment found it, under its lock: the verification, the tag files read
/// again and checked to be the verified ones, and every file's size and SHA-256 as verified,
/// which the rewrite holds each copied byte to.
struct VerifiedPackage {
    let report: VerificationReport
    let tags: PackageTagFiles
    let contents: VerifiedFiles

    /// The files `inventory` (the verification's) found, each with its SHA-256.
    static func contents(of inventory: Inventory) -> VerifiedFiles {
        VerifiedFiles(
            files: inventory.files.compactMapValues { file in file.digests[.sha256].map { VerifiedFiles.File(size: file.size, sha256: $0) } })
    }
}
