import RialFormat
import RialCrypto
import RialArchive

/// Reads a BagIt bag directory once and builds its ``Inventory``, hashing each file with every
/// algorithm for which the bag has a manifest or tag manifest. Symbolic links are findings,
/// never followed.
struct BagDirectoryScanner {
    let path: String
    let limits: VerificationLimits
    let progress: Verifier.Progress?

    /// - Throws: ``VerifierError`` `.notAPackage` when `path` has no `bagit.txt`, `.unreadable`.
    func scan() throws -> Inventory {
        let items: [DirectoryWalker.Item]
        do {
            items = try DirectoryWalker.walk(path)
        } catch {
            throw VerifierError(.unreadable, "cannot read the directory \(path)", cause: error)
        }
        guard items.contains(where: { $0.relativePath == PackageLayout.bagDeclaration && $0.kind == .file }) else {
            throw VerifierError(.notAPackage, "\(path) is a directory without bagit.txt, so it is not a BagIt bag; give a .rialpkg file or a bag directory")
        }
        let algorithms = Self.algorithms(named: items.map(\.relativePath))
        var inventory = Inventory()
        let total = items.reduce(UInt64(0)) { $0 + $1.size }
        var done: UInt64 = 0
        var tagBytes: UInt64 = 0
        for item in items {
            switch item.kind {
            case .directory:
                inventory.directories.insert(item.relativePath)
            case .symbolicLink, .other:
                inventory.findings.append(
                    .fail(
                        .bagEntryUnsupportedType, item.relativePath,
                        "not a regular file or directory (a link or special file); not followed"))
            case .file:
                if let problem = BagPath.problem(with: item.relativePath, rules: .bagit) {
                    inventory.findings.append(.fail(.bagEntryInvalidName, item.relativePath, "file name \(problem)"))
                    continue
                }
                let isTag = !item.relativePath.hasPrefix("data/")
                let parsed = isTag || PackageLayout.isParsedPayload(item.relativePath)
                let keepBytes = parsed && item.size <= limits.maxTagFileBytes && tagBytes + item.size <= limits.maxTotalTagBytes
                // Tag files always get SHA-256 and SHA-512 too: rial/manifest.json's fingerprint
                // and its records need them whatever the bag's own manifests use.
                let digests = try DigestSet(isTag ? Array(Set(algorithms + [.sha256, .sha512])).sorted { $0.rawValue < $1.rawValue } : algorithms)
                var kept: [UInt8] = []
                do {
                    try FileChunkReader(path: path + "/" + item.relativePath).streamAndClose { chunk in
                        try digests.update(chunk)
                        if keepBytes { kept.append(contentsOf: chunk) }
                        done += UInt64(chunk.count)
                        progress?(done, total)
                    }
                } catch {
                    inventory.findings.append(.fail(.bagEntryUnreadable, item.relativePath, "could not be read: \(error)"))
                    continue
                }
                if keepBytes {
                    tagBytes += item.size
                    inventory.tagFileBytes[item.relativePath] = kept
                } else if parsed {
                    inventory.findings.append(.fail(.bagLimitTagFileSize, item.relativePath, PackageScanner.tooLarge(item.size, limits)))
                }
                inventory.files[item.relativePath] = Inventory.File(
                    path: item.relativePath, size: item.size, digests: try digests.finishHex(),
                    location: (path + "/" + item.relativePath, 0))
            }
        }
        recomputeChain(&inventory)
        return inventory
    }

    /// A directory has no stream order to follow, so the chain's links are recomputed in a
    /// second read of the frame material, frame file then depth keyframe, in chain order.
    private func recomputeChain(_ inventory: inout Inventory) {
        guard let bytes = inventory.tagFileBytes[PackageLayout.chain],
            let chain = try? FrameChain(json: StrictJSONParser.parse(bytes, budget: JSONBudget(limit: limits.maxParsedJSONBytes)))
        else { return }
        let recomputer = ChainRecomputer(chain: chain)
        for frame in chain.frames {
            for path in [frame.framePath, frame.depthPath].compactMap({ $0 }) where inventory.files[path] != nil {
                guard BagPath.problem(with: path, rules: .bagit) == nil else { continue }
                let link = recomputer.link(for: path)
                do {
                    try FileChunkReader(path: self.path + "/" + path).streamAndClose { try link?.update($0) }
                } catch {
                    recomputer.abandon(path, reason: "\(path) could not be read: \(error)")
                    continue
                }
                recomputer.finished(path)
            }
        }
        recomputer.finish()
        inventory.chainLinks = (recomputer.recomputed, recomputer.unrecomputable)
    }

    /// The algorithms named by `manifest-*.txt` and `tagmanifest-*.txt` at the bag's top that
    /// this verifier implements.
    static func algorithms(named paths: [String]) -> [DigestAlgorithm] {
        var found: Set<DigestAlgorithm> = []
        for path in paths where !path.contains("/") {
            for prefix in ["manifest-", "tagmanifest-"] where path.hasPrefix(prefix) && path.hasSuffix(".txt") {
                let name = String(path.dropFirst(prefix.count).dropLast(4))
                if let algorithm = DigestAlgorithm(rawValue: name) { found.insert(algorithm) }
            }
        }
        return DigestAlgorithm.allCases.filter { found.contains($0) }
    }
}
