import RialFormat

/// The archive (or directory) holds one top-level directory with regular files and
/// directories only, under valid, unique names. The scanner records the problems; this check
/// reports them, or one pass.
struct LayoutCheck: VerificationCheck {
    var needs: Set<Fact> { [] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        let code: CheckResult.Code = context.profile == .package ? .archiveLayout : .bagLayout
        var results = context.inventory.findings
        let overBudget: CheckResult.Code = context.profile == .package ? .archiveLimitParsedJSON : .bagLimitParsedJSON
        for path in context.documents.refusedPaths {
            results.append(
                .fail(
                    overBudget, path,
                    "parsed, this JSON file would take the input's parsed JSON files beyond the verifier's \(context.documents.limit >> 20) MiB budget (an estimate of the parsed values); hashed, not parsed"
                ))
        }
        if context.profile == .package, context.inventory.rootName == nil {
            results.append(.fail(.archiveLayoutNoRoot, "archive", "the archive has no top-level directory"))
        }
        if results.isEmpty {
            let count = context.inventory.files.count
            let where_ = context.profile == .package ? "one top-level directory \(context.packageSubject)" : "the bag"
            results.append(.pass(code, context.packageSubject, "\(where_) with \(count) regular files; no links, special files, duplicate or unsafe names"))
        }
        return results
    }
}
