#if canImport(Glibc)
import Glibc
#endif
import RialFormat
import RialCrypto
import RialArchive

/// Writes a `.rialpkg` from a capture directory, reading every input file exactly once.
///
/// The format puts tag files first so a verifier can check in one pass, but the tag files hold
/// the payload's digests. Rather than read the payload twice, the packager lays the archive out
/// with placeholder digests (every digest is fixed-width hex, so sizes are known in advance),
/// streams the payload while hashing it, then patches the real tag files in at their recorded
/// offsets. Tar headers do not cover data, so the patch leaves every header valid.
public struct Packager: Sendable {
    /// Called after each chunk with bytes done and bytes in total.
    public typealias Progress = @Sendable (_ done: UInt64, _ total: UInt64) -> Void

    /// What to pack, where, and how.
    public let options: PackageOptions

    /// - Parameter options: what to pack, where, and how.
    public init(options: PackageOptions) {
        self.options = options
    }

    /// Writes the package.
    /// - Returns: what was written.
    /// - Throws: ``PackagerError``; on any error no output file is left behind.
    public func write(progress: Progress? = nil) throws -> PackageSummary {
        try run(progress: progress, dryRun: false)
    }

    /// Everything ``write(progress:)`` does, `--privacy`/`--hash-only` and every refusal
    /// included (the payload is read and hashed, so the app's digests are held against the
    /// media), but the archive goes to `/dev/null`: `rial pack --plan` (`schema/SPEC.md` §2.1).
    /// Nothing is written and ``PackageOptions/output`` is not looked at.
    /// - Returns: what `write` would have written (its `output` and `archiveBytes` mean nothing).
    /// - Throws: what ``write(progress:)`` would throw.
    public func plan(progress: Progress? = nil) throws -> PackageSummary {
        try run(progress: progress, dryRun: true)
    }

    private func run(progress: Progress?, dryRun: Bool) throws -> PackageSummary {
        // Before anything is read: a destination that cannot take the package is known now.
        if !dryRun { try OutputDestination.check(options.output, overwrite: options.overwrite) }
        let keep = options.keepAsReceived
        let scanned = try CaptureDirectory(root: options.captureDirectory, keepAsReceived: keep)
        let metadata = try MetadataPlan.make(capture: scanned, privacy: options.privacy, hashOnly: options.hashOnly, keepAsReceived: keep)
        let capture = metadata.capture
        // Media verification would fail is refused (or kept, said so); a filtered package keeps
        // no media that says more than its levels (the verifier's rule).
        let mediaWarnings =
            metadata.hashOnly
            ? []
            : try MediaDisclosure.check(
                capture, levels: metadata.levels, claims: metadata.app,
                examinesMedia: options.examinesMedia, keepAsReceived: keep)
        // Read before anything is written; held against the media once it is streamed.
        let (appDigests, manifestWarnings) = try AppDigestClaim.read(capture, keepAsReceived: keep)
        let created = options.created ?? Timestamp.now()
        try validateBagInfoFields()
        // A hash-only package keeps none of the media: its hash tells two captures apart.
        let disclosure = metadata.isFiltered ? "\(metadata.hashOnly ? "hash_only" : "full") \(metadata.levels) \(metadata.mediaSHA256 ?? "")" : nil
        let packageID = try options.packageID ?? PackageIdentity.derive(capture: capture, created: created, disclosure: disclosure)

        var plan = try ChainPlan.make(for: capture)
        let payload = plan?.order(capture.files) ?? capture.files
        var records = payload.map {
            PayloadRecord(bagPath: $0.bagPath, size: $0.size, sha256: PayloadRecord.placeholder256, sha512: PayloadRecord.placeholder512)
        }
        let sealer = options.sealer
        try sealer?.checkUsable(at: Timestamp.now())
        let custody = try PackagingCustody(
            capture: capture, created: created, actor: options.custodyActor,
            location: options.custodyLocation, signer: sealer, keepAsReceived: keep)
        // Placeholders with the final paths: the tag manifests' layout depends on paths only.
        let appendedPaths = (sealer == nil ? [] : [PackageLayout.seal]) + custody.paths
        let readmeAppStep = ReadmeText.AppManifestStep.make(capture: capture, claim: appDigests)
        let layout = try TagFileSet(
            packageID: packageID, created: created, bagInfoFields: options.bagInfoFields, payload: records,
            chain: plan?.chain, depthIndex: plan?.depthIndex, metadata: metadata.tagFiles, readmeAppStep: readmeAppStep,
            appended: { _ in appendedPaths.map { PackageFile(path: $0, bytes: []) } })
        // A verifier reads these into memory; one larger than its limit could never be verified.
        for file in payload where PackageLayout.isParsedPayload(file.bagPath.rawValue) && file.size > PackageLayout.maxParsedFileBytes {
            throw PackagerError(
                .invalidCapture,
                "\(file.sourcePath) is \(file.size) bytes; a verifier parses it in memory and reads at most \(PackageLayout.maxParsedFileBytes)")
        }
        for tag in layout.files where UInt64(tag.bytes.count) > PackageLayout.maxParsedFileBytes {
            throw PackagerError(
                .invalidCapture,
                "\(tag.path) would be \(tag.bytes.count) bytes, more than the \(PackageLayout.maxParsedFileBytes) a verifier reads; split the recording")
        }
        let parsedTotal =
            payload.filter { PackageLayout.isParsedPayload($0.bagPath.rawValue) }.reduce(UInt64(0)) { $0 + $1.size }
            + layout.files.reduce(UInt64(0)) { $0 + UInt64($1.bytes.count) }
        guard parsedTotal <= PackageLayout.maxParsedTotalBytes else {
            throw PackagerError(
                .invalidCapture,
                "the tag files and the capture's JSON files would total \(parsedTotal) bytes; a verifier holds at most \(PackageLayout.maxParsedTotalBytes) of them"
            )
        }
        try ParsedJSONBudgetCheck.run(tagFiles: layout.files, payload: payload)

        let output = dryRun ? nil : try AtomicOutputFile(destination: options.output, overwrite: options.overwrite)
        let discard = dryRun ? open("/dev/null", O_WRONLY) : -1
        defer { if discard >= 0 { close(discard) } }
        guard output != nil || discard >= 0 else { throw PackagerError(.writeFailed, "cannot open /dev/null for --plan") }
        let root = packageID.rawValue + "/"
        let mtime = created.seconds
        let totalBytes = records.reduce(UInt64(0)) { $0 + $1.size }
        var tagOffsets: [String: UInt64] = [:]
        do {
            let writer = try TarWriter(fileDescriptor: output?.fileDescriptor ?? discard)
            var directories = DirectoryEmitter(root: root, writer: writer, modificationTime: mtime)
            try writer.addDirectory(path: root, modificationTime: mtime)
            for tag in layout.files {
                try directories.ensureParents(of: tag.path)
                tagOffsets[tag.path] = try writer.addFile(path: root + tag.path, bytes: tag.bytes, modificationTime: mtime)
            }
            var done: UInt64 = 0
            let pipeline = DigestPipeline()
            var links = ChainLinker(plan: plan)
            // A bag always has data/, even when a hash-only package leaves nothing in it.
            if payload.isEmpty { try directories.ensureParents(of: "data/") }
            for (index, file) in payload.enumerated() {
                try directories.ensureParents(of: file.bagPath.rawValue)
                let reader = try FileChunkReader(path: file.sourcePath)
                guard reader.size == file.size else {
                    throw ArchiveError(.fileChanged, "\(file.sourcePath) changed size since the capture was scanned")
                }
                let digests = try DigestSet([.sha256, .sha512])
                let link = try links.link(for: file.bagPath.rawValue)
                try writer.addFile(path: root + file.bagPath.rawValue, size: file.size, modificationTime: mtime) { write in
                    // Each digest on its own thread while this one reads and writes: the file
                    // costs about what its slowest digest costs (DigestPipeline).
                    try reader.readAndClose { fill in
                        try digests.update(reading: fill, also: link?.sink, pipeline: pipeline) { chunk in
                            try write(chunk)
                            output?.startWriteback(upTo: writer.offset)
                            done += UInt64(chunk.count)
                            progress?(done, totalBytes)
                        }
                    }
                }
                try links.finished(file.bagPath.rawValue)
                let hexDigests = try digests.finishHex()
                records[index].sha256 = hexDigests[.sha256] ?? ""
                records[index].sha512 = hexDigests[.sha512] ?? ""
            }
            if plan?.hasMaterial == true {
                plan?.chain = try links.completedChain()
                try plan?.checkAgainstApp()
            }

            // In the order found: the files, the app's metadata, its manifest, its custody log.
            var warnings = scanned.warnings + metadata.warnings + mediaWarnings + manifestWarnings + custody.warnings
            var notes: [String] = []
            var appDigestsMatch = true
            if let appDigests, !metadata.hashOnly, let note = appDigests.renameNote(in: records) { notes.append(note) }
            if let appDigests, !metadata.hashOnly {
                let mismatches = appDigests.mismatches(in: records)
                if !mismatches.isEmpty {
                    let what = "\(appDigests.manifestSource) does not describe the media: \(mismatches.joined(separator: "; "))"
                    guard options.keepAsReceived else {
                        throw PackagerError(
                            .invalidCapture,
                            "\(what). The media is not what the capture app hashed, so it is not packaged; to package the export exactly as received and let verification fail it, add --keep-as-received"
                        )
                    }
                    warnings.append("\(what); packed as received (--keep-as-received): verification will fail it")
                    appDigestsMatch = false
                }
            }
            if let expected = custody.appLogSHA256, let path = custody.appLogPath, records.first(where: { $0.bagPath.rawValue == path })?.sha256 != expected {
                throw ArchiveError(.fileChanged, "\(path) changed while the capture was being packaged")
            }
            let final = try TagFileSet(
                packageID: packageID, created: created, bagInfoFields: options.bagInfoFields, payload: records,
                chain: plan?.chain, depthIndex: plan?.depthIndex, metadata: metadata.tagFiles, readmeAppStep: readmeAppStep,
                appended: { manifest in
                    let seal = try sealer.map { [PackageFile(path: PackageLayout.seal, bytes: try $0.seal(manifest))] } ?? []
                    return seal
                        + (try custody.files(
                            manifest: manifest, packageID: packageID, created: created,
                            payloadFiles: records.count, payloadBytes: totalBytes))
                })
            guard final.appended.map(\.path) == appendedPaths else {
                throw PackagerError(.internalInconsistency, "the files after the payload differ from the layout's")
            }
            // The seal and the custody log's first events are made from the final manifest, so
            // they follow the payload.
            for tag in final.appended {
                try directories.ensureParents(of: tag.path)
                try writer.addFile(path: root + tag.path, bytes: tag.bytes, modificationTime: mtime)
            }
            try writer.close()
            for (placeholder, real) in zip(layout.files, final.files) {
                guard placeholder.path == real.path, placeholder.bytes.count == real.bytes.count, let offset = tagOffsets[real.path] else {
                    throw PackagerError(.internalInconsistency, "tag file \(real.path) changed size between layout and final write")
                }
                try output?.write(real.bytes, at: offset)
            }
            let archiveBytes = output?.size() ?? writer.offset
            try output?.commit()
            return PackageSummary(
                output: options.output, packageID: packageID, created: created, manifestSHA256: final.manifestSHA256,
                payloadFileCount: records.count, payloadBytes: totalBytes, archiveBytes: archiveBytes,
                signer: sealer?.signer.certificate.subject,
                privacy: metadata.isFiltered ? metadata.levels : nil, hashOnly: metadata.hashOnly, withheld: metadata.withheld,
                plan: CapturePlan(scanned, withheld: Set(metadata.withheld)), warnings: warnings, notes: notes,
                appDigestsChecked: appDigests != nil && !metadata.hashOnly, appDigestsMatch: appDigestsMatch
            )
        } catch let error as PackagerError {
            throw error
        } catch {
            throw PackagerError(.writeFailed, "could not write \(options.output)", cause: error)
        }
    }

    private func validateBagInfoFields() throws {
        for field in options.bagInfoFields {
            if PackageOptions.reservedBagInfoLabels.contains(field.label.lowercased()) {
                throw PackagerError(.invalidOption, "bag-info label \"\(field.label)\" is written by rial itself and cannot be set")
            }
            let invalid = field.label.isEmpty || field.label.contains(":") || field.label.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7F }
            if invalid {
                throw PackagerError(.invalidOption, "bag-info label \"\(field.label)\" must be non-empty, without spaces, colons or control characters")
            }
        }
    }
}

/// Emits each directory entry once, just before the first entry inside it.
private struct DirectoryEmitter {
    let root: String
    let writer: TarWriter
    let modificationTime: Int64
    var emitted: Set<String> = []

    init(root: String, writer: TarWriter, modificationTime: Int64) {
        self.root = root
        self.writer = writer
        self.modificationTime = modificationTime
    }

    /// Emits every directory above `path`; a `path` ending in `/` is itself a directory.
    mutating func ensureParents(of path: String) throws {
        let components = path.hasSuffix("/") ? path.split(separator: "/")[...] : path.split(separator: "/").dropLast()
        var prefix = ""
        for component in components {
            prefix += component + "/"
            if emitted.insert(prefix).inserted {
                try writer.addDirectory(path: root + prefix, modificationTime: modificationTime)
            }
        }
    }
}
