import RialArchive
import RialCrypto
import RialFormat

extension Verifier {
    /// Verifies the input and gathers what a CASE/UCO export shows: the report, the capture as
    /// disclosed, every file's size and digests, and the package file's own.
    /// - Throws: ``VerifierError`` when the input cannot be evaluated at all; ``RialArchive/ArchiveError``
    ///   or ``RialCrypto/CryptoError`` when the package file cannot be read again to hash it.
    package func caseExport(for path: String, progress: Progress? = nil) throws -> CASEExport {
        let (report, context) = try evaluate(path: path, progress: progress)
        let inventory = context.inventory
        let files = (inventory.tagPaths + inventory.payloadPaths).compactMap { path -> CASEExport.File? in
            guard let file = inventory.files[path] else { return nil }
            return CASEExport.File(path: path, size: file.size, sha256: file.digests[.sha256], sha512: file.digests[.sha512])
        }
        var packageFile: CASEExport.File?
        if report.subjectKind == .package, !inventory.isStream {
            packageFile = try Self.hashFile(path)
        }
        return CASEExport(
            report: report, overview: CaseOverview(context: context, report: report, thumbnails: []),
            root: inventory.rootName, files: files, packageFile: packageFile)
    }

    /// The package file's size, SHA-256 and SHA-512, read in chunks (a package can be many GiB).
    private static func hashFile(_ path: String) throws -> CASEExport.File {
        let reader = try FileChunkReader(path: path)
        let sha256 = try StreamingDigest(.sha256)
        let sha512 = try StreamingDigest(.sha512)
        // The reader throws when the file grows or shrinks while read, so its size is the bytes hashed.
        let size = reader.size
        try reader.streamAndClose { chunk in
            try sha256.update(chunk)
            try sha512.update(chunk)
        }
        return CASEExport.File(path: path, size: size, sha256: Hex.encode(try sha256.finish()), sha512: Hex.encode(try sha512.finish()))
    }
}
