import RialFormat
import RialCrypto
import RialArchive

/// Adds files to an existing package: the seal, a timestamp, custody events. Every entry
/// already there is copied byte for byte, except the two tag manifests, which gain one line
/// per new file; the new files go at the end. The result replaces the destination atomically
/// (temporary file, fsync, rename), so a failure leaves the original untouched.
///
/// Appending never rewrites `rial/manifest.json` or anything it lists, so a seal made before
/// stays valid (`schema/SPEC.md` §3.3).
///
/// The rewriter does not verify the package it copies: to add to a package only once it
/// verifies, as `rial` does, use `PackageAmender` in `RialAmender`, which gives the rewriter
/// what it verified (``VerifiedFiles``) to hold every copied byte to.
package struct PackageRewriter: Sendable {
    package let source: String
    package let destination: String

    /// - Parameter destination: where to write; the source's own path replaces it in place.
    package init(source: String, destination: String) {
        self.source = source
        self.destination = destination
    }

    /// The package's tag files (everything outside `data/`), read without the payload, each up
    /// to ``PackageLayout/maxParsedFileBytes`` and all together up to
    /// ``PackageLayout/maxParsedTotalBytes``, as a verifier reads them: a package that fails
    /// verification for having more (which `custody append --force` goes on with) cannot make
    /// the amendment hold it all in memory.
    /// - Throws: ``PackagerError`` `.invalidCapture` when the input is not a readable package,
    ///   or its tag files are more than `totalLimit` bytes together.
    package static func tagFiles(of path: String, totalLimit: UInt64 = PackageLayout.maxParsedTotalBytes) throws -> PackageTagFiles {
        do {
            let reader = try TarReader(path: path)
            var root: String?
            var files: [String: [UInt8]] = [:]
            var total: UInt64 = 0
            while let header = try reader.nextEntry() {
                let (top, relative) = split(header.path)
                root = root ?? top
                guard header.kind == .regularFile, let relative, !relative.hasPrefix("data/") else { continue }
                total += header.size
                guard total <= totalLimit else {
                    throw PackagerError(.invalidCapture, "the tag files of \(path) are more than \(totalLimit) bytes together, more than rial reads")
                }
                files[relative] = try reader.readAll(limit: PackageLayout.maxParsedFileBytes)
            }
            guard let root else { throw PackagerError(.invalidCapture, "\(path) holds no entries") }
            return PackageTagFiles(root: root, files: files)
        } catch let error as PackagerError {
            throw error
        } catch {
            throw PackagerError(.invalidCapture, "cannot read the package \(path)", cause: error)
        }
    }

    /// Writes the package with `newFiles` appended.
    /// - Parameters:
    ///   - modificationTime: the new entries' mtime, seconds since 1970.
    ///   - verified: what the source held when it was verified; every file copied is hashed as
    ///     it is copied and must be one of them, unchanged, and none may be missing. `nil`:
    ///     copied as found.
    /// - Throws: ``PackagerError`` `.invalidOption` when a new path already exists,
    ///   `.sourceChanged` when the source is not what was verified, `.writeFailed` on any read or
    ///   write error; the destination is then unchanged.
    package func append(_ newFiles: [PackageFile], modificationTime: Int64, verified: VerifiedFiles? = nil) throws {
        // The lines each tag manifest gains; the manifests themselves are read as the copy
        // passes them, so the source is read once.
        var addedLines: [String: [UInt8]] = [:]
        for (index, algorithm) in [DigestAlgorithm.sha256, .sha512].enumerated() {
            var lines: [UInt8] = []
            for file in newFiles {
                let digest = hex(try StreamingDigest.digest(algorithm, of: file.bytes))
                lines += Array("\(digest)  \(ManifestPathEncoding.encode(file.path))\n".utf8)
            }
            addedLines[PackageLayout.tagManifests[index]] = lines
        }
        let newPaths = Set(newFiles.map(\.path))

        let output = try AtomicOutputFile(destination: destination, overwrite: true, like: source)
        do {
            let reader = try TarReader(path: source)
            let writer = try TarWriter(fileDescriptor: output.fileDescriptor)
            var root: String?
            var directories: Set<String> = []
            var updated: Set<String> = []
            var copied = 0
            while let header = try reader.nextEntry() {
                let (top, relative) = Self.split(header.path)
                root = root ?? top + "/"
                if let relative, newPaths.contains(relative) {
                    throw PackagerError(.invalidOption, "the package already has \(relative); files under rial/ are appended, never replaced")
                }
                switch header.kind {
                case .directory:
                    directories.insert(header.path.hasSuffix("/") ? header.path : header.path + "/")
                    try writer.addDirectory(path: header.path, mode: header.mode, modificationTime: header.modificationTime)
                case .regularFile:
                    let expected = try verified.map { verified in try Self.expectation(for: relative, size: header.size, in: verified) }
                    // Hashed only when there is something to hold it to.
                    let digest = try expected.map { _ in try StreamingDigest(.sha256) }
                    if let relative, let lines = addedLines[relative] {
                        var bytes = try reader.readAll(limit: PackageLayout.maxParsedFileBytes)
                        try digest?.update(bytes)
                        if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
                        try writer.addFile(path: header.path, bytes: bytes + lines, mode: header.mode, modificationTime: header.modificationTime)
                        updated.insert(relative)
                    } else {
                        try writer.addFile(path: header.path, size: header.size, mode: header.mode, modificationTime: header.modificationTime) { write in
                            try reader.readData { chunk in
                                try digest?.update(chunk)
                                try write(chunk)
                            }
                        }
                    }
                    if let expected, let digest, hex(try digest.finish()) != expected.sha256 {
                        throw PackagerError(.sourceChanged, "\(relative ?? header.path) changed since the package was verified")
                    }
                    copied += 1
                }
            }
            if let verified, copied != verified.files.count {
                throw PackagerError(.sourceChanged, "the package holds \(copied) files now, where \(verified.files.count) were verified")
            }
            guard let root else { throw PackagerError(.invalidCapture, "\(source) holds no entries") }
            for name in PackageLayout.tagManifests where !updated.contains(name) {
                throw PackagerError(.invalidCapture, "the package has no \(name) to record the new files in")
            }
            for file in newFiles {
                var prefix = root
                for component in file.path.split(separator: "/").dropLast() {
                    prefix += component + "/"
                    if directories.insert(prefix).inserted {
                        try writer.addDirectory(path: prefix, modificationTime: modificationTime)
                    }
                }
                try writer.addFile(path: root + file.path, bytes: file.bytes, modificationTime: modificationTime)
            }
            try writer.close()
            try output.commit()
        } catch let error as PackagerError {
            throw error
        } catch {
            throw PackagerError(.writeFailed, "could not write \(destination)", cause: error)
        }
    }

    /// What `relative`, an entry of `size` bytes, was when verified.
    /// - Throws: ``PackagerError`` `.sourceChanged` when it was not there, or had another size.
    private static func expectation(for relative: String?, size: UInt64, in verified: VerifiedFiles) throws -> VerifiedFiles.File {
        guard let relative, let file = verified.files[relative], file.size == size else {
            throw PackagerError(.sourceChanged, "\(relative ?? "an entry") was not in the verified package, or changed size since it was verified")
        }
        return file
    }

    /// The top-level directory and the path below it (`nil` for the directory itself).
    private static func split(_ path: String) -> (top: String, relative: String?) {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.firstIndex(of: "/") else { return (trimmed, nil) }
        return (String(trimmed[..<slash]), String(trimmed[trimmed.index(after: slash)...]))
    }
}
