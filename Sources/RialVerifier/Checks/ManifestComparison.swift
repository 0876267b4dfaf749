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
    func compare(_ context: VerificationContext, mustList: [String], mayList: (String) -> Bool) -> [CheckResult] {
        let manifest: BagManifest
        do {
            guard let parsed = try context.bagManifest(fileName, algorithm: algorithm) else {
                return [.fail(codes.unreadable, fileName, "\(fileName) is too large to read")]
            }
            manifest = parsed
        } catch {
            return [.fail(codes.malformed, fileName, error.reason)]
        }
        var results: [CheckResult] = []
        var listed: Set<String> = []
        for entry in manifest.entries {
            guard listed.insert(entry.path).inserted else {
                results.append(.fail(codes.duplicate, entry.path, "listed more than once in \(fileName)"))
                continue
            }
            if context.profile == .package, let problem = BagPath.problem(with: entry.path) {
                results.append(.fail(codes.invalidPath, entry.path, "\(fileName) lists a path that \(problem)"))
                continue
            }
            guard mayList(entry.path) else {
                results.append(.fail(codes.notAllowed, entry.path, "\(fileName) may not list this path"))
                continue
            }
            guard let file = context.inventory.files[entry.path] else {
                results.append(.fail(codes.missing, entry.path, "listed in \(fileName) but not in the \(context.profile == .package ? "package" : "bag")"))
                continue
            }
            guard let actual = file.digests[algorithm] else {
                results.append(.notChecked(codes.passed, entry.path, "the \(algorithm.rawValue) digest was not computed"))
                continue
            }
            if actual != entry.digest {
                results.append(.fail(codes.mismatch, entry.path, "\(algorithm.displayName) differs from \(fileName): the file was changed",
                                     expected: entry.digest, actual: actual))
            }
        }
        for path in mustList where !listed.contains(path) {
            results.append(.fail(codes.unlisted, path, "present but not listed in \(fileName): it was added or renamed"))
        }
        if results.isEmpty {
            results.append(.pass(codes.passed, fileName, "all \(manifest.entries.count) listed files are present and match their \(algorithm.displayName) digests"))
        }
        return results
    }
}
