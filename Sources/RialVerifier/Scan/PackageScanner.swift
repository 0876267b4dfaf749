import Foundation
import RialFormat
import RialCrypto
import RialArchive

/// Reads a `.rialpkg` archive once, as a stream, and builds its ``Inventory``: every regular
/// file is hashed with SHA-256 and SHA-512 straight from the stream; nothing is written to disk.
struct PackageScanner {
    let path: String
    let limits: VerificationLimits
    let progress: Verifier.Progress?
    /// Whether payload files are hashed; `rial inspect` lists without hashing.
    var hashesPayload = true
    /// Whether each media file's probe starts as soon as the scan passes it (the policy
    /// examines the media), to run beside the hashing of the rest.
    var startsMediaProbes = false
    /// Whether the package file as a whole is hashed (SHA-256 and size) as it is read, for a
    /// signed receipt naming the exact bytes examined: off by default, it costs a third digest.
    var hashesArchive = false

    /// - Throws: ``VerifierError`` when the input is not a tar archive, cannot be read, or
    ///   breaks the archive profile (its code is then the reader's, e.g. `archive.entry.duplicate`).
    func scan() throws -> Inventory {
        do {
            return try read()
        } catch let error as ArchiveError {
            throw Self.refusal(error, path: path)
        }
    }

    /// An archive the strict reader refuses is not verified at all: what it would mean depends
    /// on the tool reading it, so no verdict on its contents can be honest.
    static func refusal(_ error: ArchiveError, path: String) -> VerifierError {
        switch error.code {
        case .notAnArchive:
            return VerifierError(.notAPackage, "\(path) is not a .rialpkg package: \(error.reason)", location: error.location)
        case let code where ArchiveError.Code.profileViolations.contains(code):
            return VerifierError(
                VerifierError.Code(code.rawValue),
                "refused, not verified: \(error.reason). The archive breaks the .rialpkg profile (schema/SPEC.md §4.4); treat it as unsafe and do not unpack it with other tools",
                location: error.location)
        default:
            // Not the package's fault: the file, or this machine (its locale, a file changing
            // while it is read).
            // The reader's reason names the file already ("cannot open PATH: …"): not twice.
            return VerifierError(.unreadable, error.reason.contains(path) ? error.reason : "cannot read \(path): \(error.reason)", location: error.location)
        }
    }

    private func read() throws -> Inventory {
        var inventory = Inventory()
        // Taken from the one read that is verified, so the receipt's digest and the verdict are
        // about the same bytes, even if the file changes while it is read.
        let archiveDigest = hashesArchive ? try ArchiveDigest() : nil
        let observer = archiveDigest.map { digest in { (chunk: UnsafeRawBufferPointer) in digest.update(chunk) } }
        let reader =
            path == Verifier.standardInput
            ? try TarReader(standardInputWith: limits.archive, observer: observer)
            : try TarReader(path: path, limits: limits.archive, observer: observer)
        // Standard input, and a named pipe or device given by name, are read once: nothing can
        // open them again to read a file's bytes in place (the media probe would wait forever).
        let isStream = path == Verifier.standardInput || reader.archiveSize == nil
        inventory.isStream = isStream
        // A stream cannot be read again: its files have no place to be found at later.
        let place = { [path] (offset: UInt64?) in isStream ? nil : offset.map { (path, $0) } }
        var tagBytes: UInt64 = 0
        // One set of digests for the whole archive, started again for each file.
        let both = try DigestSet([.sha256, .sha512])
        let sha512Only = try DigestSet([.sha512])
        var chain: ChainRecomputer?
        var payloadSeen: Set<String> = []
        let total = reader.archiveSize ?? 0
        while let header = try reader.nextEntry() {
            guard let relative = try locate(header, in: &inventory) else { continue }
            switch header.kind {
            case .directory:
                inventory.directories.insert(relative)
            case .regularFile:
                let isTag = !relative.hasPrefix("data/")
                let parsed = isTag || PackageLayout.isParsedPayload(relative)
                let keepBytes = parsed && header.size <= limits.maxTagFileBytes && tagBytes + header.size <= limits.maxTotalTagBytes
                if !isTag && !hashesPayload {
                    inventory.files[relative] = Inventory.File(path: relative, size: header.size, digests: [:], location: place(header.dataOffset))
                    continue
                }
                // Not for a stream: the probe reads the file in place, and a stream has no place.
                if startsMediaProbes, !isStream, relative.hasPrefix(PackageLayout.mediaDirectory), let offset = header.dataOffset,
                    inventory.mediaProbes.count < MediaExamination.maxFiles
                {
                    inventory.mediaProbes[relative] = MediaProbeTask(path: path, offset: offset, length: header.size)
                }
                let link = isTag ? nil : chain?.link(for: relative)
                // A frame's file opens its chain link, so the link's SHA-256 at the end of the
                // file is the file's own: taken from there, not computed a second time.
                let sharesSHA256 = link != nil && chain?.isFrameFile(relative) == true
                let digests = sharesSHA256 ? sha512Only : both
                try digests.restart()
                var kept: [UInt8] = []
                if keepBytes { kept.reserveCapacity(Int(header.size)) }
                try reader.readData { chunk in
                    try digests.update(chunk, also: link?.sink)
                    if keepBytes { kept.append(contentsOf: chunk) }
                    progress?(reader.bytesConsumed, total)
                }
                var fileDigests = try digests.finishHex()
                if sharesSHA256, let link { fileDigests[.sha256] = Hex.encode(try link.sink.digestSoFar()) }
                chain?.finished(relative)
                if !isTag && chain == nil { payloadSeen.insert(relative) }
                if keepBytes {
                    tagBytes += header.size
                    inventory.tagFileBytes[relative] = kept
                    // The chain file comes before the frames (tag files first), so links can
                    // be recomputed as the frames stream past. Its tree, dropped at once, is
                    // held to the parsed-JSON budget as the checks' documents are.
                    if relative == PackageLayout.chain, hashesPayload, chain == nil,
                        let parsed = try? FrameChain(json: StrictJSONParser.parse(kept, budget: JSONBudget(limit: limits.maxParsedJSONBytes)))
                    {
                        chain = ChainRecomputer(chain: parsed)
                        inventory.parsedChain = parsed
                        chain?.alreadyPassed(payloadSeen)
                    }
                } else if parsed {
                    inventory.findings.append(.fail(.archiveLimitTagFileSize, relative, Self.tooLarge(header.size, limits)))
                }
                inventory.files[relative] = Inventory.File(
                    path: relative, size: header.size, digests: fileDigests,
                    location: place(header.dataOffset))
            }
        }
        if let chain {
            chain.finish()
            inventory.chainLinks = (chain.recomputed, chain.unrecomputable)
        }
        if inventory.rootName == nil {
            throw VerifierError(.notAPackage, "\(path) is a tar archive with no entries")
        }
        inventory.archiveDigest = try archiveDigest?.finish()
        return inventory
    }

    /// Why a tag file was not kept in memory: its own size or the total so far.
    static func tooLarge(_ size: UInt64, _ limits: VerificationLimits) -> String {
        if size > limits.maxTagFileBytes {
            return "tag file of \(size) bytes exceeds the \(limits.maxTagFileBytes)-byte limit per tag file; not parsed"
        }
        return "tag file of \(size) bytes would take the tag files read beyond the \(limits.maxTotalTagBytes)-byte total limit; not parsed"
    }

    /// The bag-relative path of an entry (`nil` for the top-level directory itself). The reader
    /// has already held every name to the profile (one top-level directory, valid and unique
    /// names); what is left is the package's own rule that the top level is its package id.
    private func locate(_ header: EntryHeader, in inventory: inout Inventory) throws -> String? {
        var name = header.path
        if header.kind == .directory, name.hasSuffix("/") { name.removeLast() }
        let slash = name.utf8.firstIndex(of: UInt8(ascii: "/"))
        let top = slash.map { String(decoding: name.utf8[..<$0], as: UTF8.self) } ?? name
        if inventory.rootName == nil {
            guard (try? PackageID(top)) != nil else {
                throw VerifierError(
                    VerifierError.Code(ArchiveError.Code.invalidName.rawValue),
                    "refused, not verified: the top-level directory is not a package id (schema/SPEC.md §7.1)", location: top)
            }
            inventory.rootName = top
        }
        return slash.map { String(decoding: name.utf8[name.utf8.index(after: $0)...], as: UTF8.self) }
    }
}
