import RialFormat

/// No key of the capture app's files passes by omission (`schema/SPEC.md` §8.5 check 14c): for
/// each file rial reads, one NOT CHECKED result names every key that no check answers, the
/// keys its format does not define (an extra `editedBy` in the custody log) and the claims rial
/// carries without holding them against anything (the metadata's `location`), each with why.
struct AppKeysCheck: VerificationCheck {
    var needs: Set<Fact> { [] }

    /// The most keys one result names; the rest are counted.
    static let listed = 40

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.judgesRialParts else { return [] }
        var results: [CheckResult] = []
        for (kind, path) in context.appFiles.paths.sorted(by: { $0.key < $1.key }) {
            // A file that cannot be read has its own failure; its keys are not read at all.
            guard case .success(let json)? = context.parseJSON(path) else { continue }
            let answered = AppKeyCoverage.answered(kind)
            let carried = AppKeyCoverage.carried(kind)
            var reasons: [(key: String, why: String)] = []
            var seenCarried: Set<String> = []
            for key in AppKeyCoverage.keyPaths(json) {
                let pattern = AppKeyCoverage.pattern(key)
                let lineage = AppKeyCoverage.lineage(pattern)
                if lineage.contains(where: answered.contains) { continue }
                // A container of keys answered or carried (`checkpoints`) is named through them.
                if answered.contains(where: { $0.hasPrefix(pattern + ".") || $0.hasPrefix(pattern + "[") })
                    || carried.keys.contains(where: { $0.hasPrefix(pattern + ".") || $0.hasPrefix(pattern + "[") })
                {
                    continue
                }
                if let claim = (lineage + [""]).first(where: { carried[$0] != nil }), let why = carried[claim] {
                    // One line per carried claim, its pattern standing for every index and child.
                    if claim.isEmpty {
                        // A file carried whole: its outermost keys, their children with them.
                        if let last = reasons.last, key.hasPrefix(last.key + ".") || key.hasPrefix(last.key + "[") { continue }
                        reasons.append((key, why))
                    } else if seenCarried.insert(claim).inserted {
                        reasons.append((claim, why))
                    }
                    continue
                }
                guard !AppKeyCoverage.namesUnknownElsewhere(kind) else { continue }
                // Only the outermost unknown key is named: its children go with it.
                if let last = reasons.last, last.why == Self.unknown, key.hasPrefix(last.key + ".") || key.hasPrefix(last.key + "[") { continue }
                reasons.append((key, Self.unknown))
            }
            guard !reasons.isEmpty else { continue }
            let shown = reasons.prefix(Self.listed).map { "\($0.key) (\($0.why))" }.joined(separator: "; ")
            let more = reasons.count > Self.listed ? "; and \(reasons.count - Self.listed) more" : ""
            results.append(
                .notChecked(
                    .appKeysNotChecked, path, "keys of \(kind.title) that no check reads or holds against the evidence, carried as written: \(shown)\(more)"))
        }
        return results
    }

    /// Why a key the format does not define is listed.
    static let unknown = "a key this file's format, as rial reads it, does not define: carried, not interpreted"
}
