import RialVerifier
import RialReport
#if canImport(Glibc)
import Glibc
#endif
import RialFormat
import RialCrypto
import RialArchive

/// Extracts a package, and only a package that has just passed verification, into a new empty
/// directory: regular files and directories only, never outside it.
///
/// The archive is read twice (verify, then extract), so each file is hashed again as it is
/// written and must match what was verified; if the package changed in between, everything
/// written is removed. The verification report is written beside the extracted directory.
public struct PackageExtractor: Sendable {
    /// What an extraction did.
    public struct Result: Sendable {
        /// The verification the extraction rests on.
        public let report: VerificationReport
        /// The extracted package directory, when extraction happened.
        public let extractedRoot: String?
        /// The report files written beside it.
        public let reportFiles: [String]
    }

    /// The verification run before anything is written.
    public let verifier: Verifier

    /// - Parameter verifier: verifies the package first; a package that does not pass is not extracted.
    public init(verifier: Verifier = Verifier()) {
        self.verifier = verifier
    }

    /// Verifies `package` and, if it passes, extracts it under `destination`.
    /// - Returns: the report, and where the package went if it was extracted.
    /// - Throws: ``VerifierError`` when the package cannot be evaluated; ``ArchiveError`` when
    ///   the destination is unsafe or writing fails (nothing is left behind).
    public func extract(package: String, to destination: String, progress: Verifier.Progress? = nil) throws -> Result {
        // Checked before the first read: the second would wait for ever on a drained pipe.
        if let refusal = Self.sourceRefusal(package) { throw refusal }
        let (report, inventory) = try verifier.verifiedInventory(path: package, progress: progress)
        guard report.verdict == .pass, report.subjectKind == .package, let root = inventory.rootName else {
            return Result(report: report, extractedRoot: nil, reportFiles: [])
        }
        let created = try prepare(destination)
        do {
            let reader = try TarReader(path: package, limits: verifier.limits.archive)
            return try SafeDiskWriter.write(into: destination) { disk in
                try copy(reader, root: root, inventory: inventory, into: disk)
                let text = Array(TextReportRenderer.render(report).utf8)
                let json = JSONReportRenderer.bytes(report)
                var reportFiles: [String] = []
                for (name, bytes) in [("\(root).verification.txt", text), ("\(root).verification.json", json)] {
                    try disk.writeFile(name, size: UInt64(bytes.count)) { write in try bytes.withUnsafeBytes { try write($0) } }
                    reportFiles.append(destination + "/" + name)
                }
                return Result(report: report, extractedRoot: destination + "/" + root, reportFiles: reportFiles)
            }
        } catch {
            // The writer has removed what it made; the destination goes too if this run made it.
            if created { rmdir(destination) }
            throw error
        }
    }

    /// Why `package` cannot be extracted from: it is read twice, so it must be a regular file,
    /// not standard input, a pipe or a FIFO (`extract.not-a-file`). `nil` for a regular file
    /// and for a path that cannot be examined (the verification then says why).
    package static func sourceRefusal(_ package: String) -> ArchiveError? {
        var info = stat()
        let isStandardInput = package == Verifier.standardInput
        guard isStandardInput || stat(package, &info) == 0 else { return nil }
        guard isStandardInput || (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR else { return nil }
        let what = isStandardInput ? "standard input" : "\(package) is not a regular file (a pipe, a FIFO or a device), and"
        return ArchiveError(
            .sourceNotAFile,
            "\(what) cannot be read twice, as extraction must (to verify the package, then to unpack it); save it to a file first (e.g. cat > case.rialpkg) and extract that"
        )
    }

    /// Creates `destination` if it does not exist; an existing one must be an empty directory
    /// (checked again by ``SafeDiskWriter``). Returns whether it was created here.
    private func prepare(_ destination: String) throws -> Bool {
        var info = stat()
        if lstat(destination, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw ArchiveError(.unsafeDestination, "\(destination) exists and is not a directory")
            }
            return false
        }
        guard mkdir(destination, 0o755) == 0 else {
            throw ArchiveError(.destinationUnwritable, "cannot create \(destination): \(String(cString: strerror(errno)))")
        }
        return true
    }

    private func copy(_ reader: TarReader, root: String, inventory: Inventory, into disk: SafeDiskWriter) throws {
        try disk.makeDirectory(root)
        var extractedFiles = 0
        while let header = try reader.nextEntry() {
            var name = header.path
            if header.kind == .directory, name.hasSuffix("/") { name.removeLast() }
            if name == root { continue }
            guard name.hasPrefix(root + "/"), BagPath.problem(with: name) == nil else {
                throw ArchiveError(.unsafeDestination, "\(name) was not in the verified package")
            }
            let relative = String(name.dropFirst(root.count + 1))
            switch header.kind {
            case .directory:
                guard inventory.directories.contains(relative) else {
                    throw ArchiveError(.unsafeDestination, "directory \(relative) was not in the verified package")
                }
                try disk.makeDirectory(name)
            case .regularFile:
                guard let expected = inventory.files[relative], expected.size == header.size else {
                    throw ArchiveError(.fileChanged, "\(relative) was not in the verified package, or changed size since it was verified")
                }
                let digests = try DigestSet([.sha256, .sha512])
                try disk.writeFile(name, size: header.size) { write in
                    try reader.readData { chunk in
                        try digests.update(chunk, also: nil, alongside: write)
                    }
                }
                guard try digests.finishHex() == expected.digests else {
                    throw ArchiveError(.fileChanged, "\(relative) changed between verification and extraction; the package file is being modified")
                }
                extractedFiles += 1
            }
        }
        guard extractedFiles == inventory.files.count else {
            throw ArchiveError(.fileChanged, "the package changed between verification and extraction (\(extractedFiles) of \(inventory.files.count) files)")
        }
    }
}
