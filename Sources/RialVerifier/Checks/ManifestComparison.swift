import RialFormat
import RialCrypto

/// Compares one BagIt manifest (payload or tag) with the files the input actually holds.
/// Shared by ``PayloadManifestCheck`` and ``TagManifestCheck``, which differ only in which
/// files must be listed.
struct ManifestComparison {
    let codes: CheckResult.Code.ManifestCodes
    let fileName: String
    let algorithm: DigestAlgorithm

    /// - Parameters:
    ///   - mustList: files every manifest of this kind must list (unlisted ones fail).
    ///   - mayList: a predicate for paths this kind of manifest may name at all.
    ///   - results: where the findings go, one per line at most; beyond the cap they are only counted.
    /// - Returns: the paths the manifest lists, or `nil` when it could not be read or parsed. Only
    ///   they are kept: the parsed manifest, digests and all, is gone when this returns.
    @discardableResult
    func compare(_ context: VerificationContext, mustList: [String], mayList: (String) -> Bool, into results: inout CappedResults) -> Set<String>? {
        let manifest: BagManifest
        do {
            guard let parsed = try context.bagManifest(fileName, algorithm: algorithm) else {
                results.append(.fail(codes.unreadable, fileName, "\(fileName) is too large to read"))
                return nil
            }
            manifest = parsed
        } catch {
            results.append(.fail(codes.malformed, fileName, error.reason))
            return nil
        }
        var found = false
        func report(_ result: CheckResult) {
            found = true
            results.append(result)
        }
        var listed: Set<String> = []
        listed.reserveCapacity(manifest.entries.count)
        // In a plain bag, a path listed again with the same digest says nothing new (bagit-python
        // accepts it; the report warns); with another digest the manifest contradicts itself.
        var bagDigests: [String: String] = [:]
        for entry in manifest.entries {
            guard listed.insert(entry.path).inserted else {
                if context.profile == .bag, bagDigests[entry.path] == entry.digest { continue }
                report(.fail(codes.duplicate, Self.subject(entry.path), "listed more than once in \(fileName)"))
                continue
            }
            if context.profile == .bag { bagDigests[entry.path] = entry.digest }
            if context.profile == .package, let problem = BagPath.problem(with: entry.path) {
                report(.fail(codes.invalidPath, Self.subject(entry.path), "\(fileName) lists a path that \(problem)"))
                continue
            }
            guard mayList(entry.path) else {
                report(.fail(codes.notAllowed, Self.subject(entry.path), "\(fileName) may not list this path"))
                continue
            }
            guard let file = context.inventory.files[entry.path] else {
                report(
                    .fail(codes.missing, Self.subject(entry.path), "listed in \(fileName) but not in the \(context.profile == .package ? "package" : "bag")"))
                continue
            }
            guard let actual = file.digests[algorithm] else {
                report(.notChecked(codes.passed, entry.path, "the \(algorithm.rawValue) digest was not computed"))
                continue
            }
            if actual != entry.digest {
                report(
                    .fail(
                        codes.mismatch, entry.path, "\(algorithm.displayName) differs from \(fileName): the file was changed",
                        expected: entry.digest, actual: actual))
            }
        }
        for path in mustList where !listed.contains(path) {
            report(.fail(codes.unlisted, path, "present but not listed in \(fileName): it was added or renamed"))
        }
        if !found {
            results.append(
                .pass(codes.passed, fileName, "all \(manifest.entries.count) listed files are present and match their \(algorithm.displayName) digests"))
        }
        return listed
    }

    /// A listed path as a finding's subject: whole up to the 1 024 bytes a bag path may have
    /// (§1.4.1), otherwise an excerpt (a hostile line can be megabytes long).
    private static func subject(_ path: String) -> String {
        path.utf8.count <= 1024 ? path : QuotedValue.excerpt(path)
    }
}
