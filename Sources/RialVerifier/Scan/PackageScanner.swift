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

    /// - Throws: ``VerifierError`` when the input is not a tar archive or cannot be read.
    func scan() throws -> Inventory {
        var inventory = Inventory()
        let reader: TarReader
        do {
            reader = try TarReader(path: path)
        } catch let error as ArchiveError {
            if error.code == .notAnArchive {
                throw VerifierError(.notAPackage, "\(path) is not a .rialpkg package (not a tar archive)", cause: error)
            }
            throw VerifierError(.unreadable, "cannot read \(path)", cause: error)
        }
        var entryCount = 0
        var tagBytes: UInt64 = 0
        var foldedNames: [String: String] = [:]
        var chain: ChainRecomputer?
        var payloadSeen: Set<String> = []
        let total = reader.archiveSize ?? 0
        do {
            while let header = try reader.nextEntry() {
                entryCount += 1
                guard entryCount <= limits.maxEntries else {
                    inventory.findings.append(.fail("archive.limit.entries", path, "the archive has more than \(limits.maxEntries) entries; reading stopped"))
                    return inventory
                }
                guard let relative = locate(header, in: &inventory) else { continue }
                let folded = relative.precomposedStringWithCanonicalMapping.lowercased()
                if header.kind != .directory, let other = foldedNames[folded] {
                    let sameName = other == relative
                    inventory.findings.append(.fail(sameName ? "archive.entry.duplicate" : "archive.entry.name-collision", relative,
                                                    sameName ? "the archive holds this path more than once; which copy counts would depend on the tool"
                                                             : "differs from \(other) only in case or Unicode normalisation; extraction on some systems would merge them"))
                    continue
                }
                switch header.kind {
                case .directory:
                    inventory.directories.insert(relative)
                case .other:
                    inventory.findings.append(.fail("archive.entry.unsupported-type", relative,
                                                    "only regular files and directories are allowed; this entry is a link or special file"))
                case .regularFile:
                    foldedNames[folded] = relative
                    let isTag = !relative.hasPrefix("data/")
                    let parsed = isTag || PackageLayout.isParsedPayload(relative)
                    let keepBytes = parsed && header.size <= limits.maxTagFileBytes && tagBytes + header.size <= limits.maxTotalTagBytes
                    let digests = try DigestSet(isTag || hashesPayload ? [.sha256, .sha512] : [])
                    let link = isTag || !hashesPayload ? nil : chain?.link(for: relative)
                    var kept: [UInt8] = []
                    if keepBytes { kept.reserveCapacity(Int(header.size)) }
                    if !isTag && !hashesPayload {
                        inventory.files[relative] = Inventory.File(path: relative, size: header.size, digests: [:])
                        continue
                    }
                    try reader.readData { chunk in
                        try digests.update(chunk, also: link?.sink)
                        if keepBytes { kept.append(contentsOf: chunk) }
                        progress?(reader.bytesConsumed, total)
                    }
                    chain?.finished(relative)
                    if !isTag && chain == nil { payloadSeen.insert(relative) }
                    if keepBytes {
                        tagBytes += header.size
                        inventory.tagFileBytes[relative] = kept
                        // The chain file comes before the frames (tag files first), so links can
                        // be recomputed as the frames stream past.
                        if relative == PackageLayout.chain, hashesPayload, chain == nil,
                           let parsed = try? FrameChain(json: StrictJSONParser.parse(kept)) {
                            chain = ChainRecomputer(chain: parsed)
                            chain?.alreadyPassed(payloadSeen)
                        }
                    } else if parsed {
                        inventory.findings.append(.fail("archive.limit.tag-file-size", relative, Self.tooLarge(header.size, limits)))
                    }
                    inventory.files[relative] = Inventory.File(path: relative, size: header.size, digests: try digests.finishHex())
                }
            }
            if let chain {
                chain.finish()
                inventory.chainLinks = (chain.recomputed, chain.unrecomputable)
            }
            let trailing = try reader.trailingBytes()
            if trailing.hasData {
                inventory.findings.append(.fail("archive.trailing-data", path,
                                                "\(trailing.count) bytes follow the end-of-archive marker and they are not padding; a tar reader would ignore them, so they are neither verified nor seen",
                                                actual: "\(trailing.count) bytes"))
            }
        } catch let error as ArchiveError where error.code == .notAnArchive {
            throw VerifierError(.notAPackage, "\(path) is not a .rialpkg package (not a tar archive)", cause: error)
        } catch let error as ArchiveError {
            // A stream that breaks midway is a finding about this package, not a reason to
            // withhold what was already established.
            inventory.findings.append(.fail("archive.read-error", path, "the archive could not be read to the end: \(error.reason)"))
        }
        if entryCount == 0 {
            throw VerifierError(.notAPackage, "\(path) is empty or not a tar archive")
        }
        return inventory
    }

    /// Why a tag file was not kept in memory: its own size or the total so far.
    static func tooLarge(_ size: UInt64, _ limits: VerificationLimits) -> String {
        if size > limits.maxTagFileBytes {
            return "tag file of \(size) bytes exceeds the \(limits.maxTagFileBytes)-byte limit per tag file; not parsed"
        }
        return "tag file of \(size) bytes would take the tag files read beyond the \(limits.maxTotalTagBytes)-byte total limit; not parsed"
    }

    /// The bag-relative path of an entry, after checking it lies under the one top-level
    /// directory and has a valid name; `nil` (with a finding) otherwise, or for the root itself.
    private func locate(_ header: EntryHeader, in inventory: inout Inventory) -> String? {
        var name = header.path
        if header.kind == .directory, name.hasSuffix("/") { name.removeLast() }
        let slash = name.utf8.firstIndex(of: UInt8(ascii: "/"))
        let top = slash.map { String(decoding: name.utf8[..<$0], as: UTF8.self) } ?? name
        let rest = slash.map { String(decoding: name.utf8[name.utf8.index(after: $0)...], as: UTF8.self) }
        if (try? PackageID(top)) == nil {
            inventory.findings.append(.fail("archive.entry.invalid-name", header.path, "the top-level directory is not a valid package id"))
            return nil
        }
        if let rest, let problem = BagPath.problem(with: rest) {
            inventory.findings.append(.fail("archive.entry.invalid-name", header.path, "entry name \(problem)"))
            return nil
        }
        if inventory.rootName == nil {
            inventory.rootName = top
        } else if inventory.rootName != top {
            inventory.findings.append(.fail("archive.layout.multiple-roots", name,
                                            "entry lies outside the package's top-level directory \(inventory.rootName ?? "")/"))
            return nil
        }
        guard let rest else {
            if header.kind != .directory {
                inventory.findings.append(.fail("archive.layout.file-at-root", name, "a file stands beside the package directory instead of inside it"))
            }
            return nil
        }
        return rest
    }
}
