import RialFormat
import RialCrypto
import RialArchive

/// Derives a package id when the user gives none.
///
/// The id must be known before the payload is read (it names the top-level directory that
/// prefixes every entry), yet the same capture packed with the same `--created` must give a
/// byte-identical package. So it is a name-based UUID over what can be known cheaply and
/// differs between captures: the creation time, every file's bag path and size, and the bytes
/// of the capture app's own small files (its metadata and log carry the recording's times).
enum PackageIdentity {
    /// Capture-app files larger than this in total are identified by name and size only.
    static let appBytesLimit: UInt64 = 16 << 20

    /// - Parameter disclosure: for a filtered package, what it discloses, so two exports of
    ///   one capture at different levels get different ids.
    static func derive(capture: CaptureDirectory, created: Timestamp, disclosure: String? = nil) throws -> PackageID {
        let digest = try StreamingDigest(.sha256)
        try digest.update(Array("rialpkg-id-v1\n\(created.rfc3339)\n".utf8))
        if let disclosure { try digest.update(Array("disclosure \(disclosure)\n".utf8)) }
        for file in capture.files {
            try digest.update(Array("\(file.bagPath.rawValue)\u{0}\(file.size)\n".utf8))
        }
        let appFiles = capture.files.filter { $0.bagPath.rawValue.hasPrefix(PackageLayout.captureAppDirectory) }
        if appFiles.reduce(UInt64(0), { $0 + $1.size }) <= appBytesLimit {
            for file in appFiles {
                try FileChunkReader(path: file.sourcePath).streamAndClose { try digest.update($0) }
            }
        }
        guard let id = PackageID.uuid(fromDigest: try digest.finish()) else {
            throw PackagerError(.internalInconsistency, "could not form a package id")
        }
        return id
    }
}
