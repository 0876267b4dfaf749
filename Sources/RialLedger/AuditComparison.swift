import RialFormat

/// Compares a run with the audits before it, for the inputs' roots and this worker's share.
///
/// The previous state of a path is its newest package record from another run. A path is in
/// scope when it is one of the roots or lies under one (`root/…`) and the shard selects it; a
/// worker of a sharded run so reports only for its share, and the N workers together report
/// the whole store once.
package struct AuditComparison: Sendable {
    /// The inputs' roots: the PATHs the audit was given.
    package let roots: [String]
    /// This worker's share.
    package let shard: ShardSelector
    /// A previous verification longer ago than this (seconds) is `overdue`; `nil`: never.
    package let maxAge: Int64?

    /// - Parameters:
    ///   - roots: the PATHs the audit was given.
    ///   - shard: this worker's share.
    ///   - maxAge: seconds, or `nil`.
    package init(roots: [String], shard: ShardSelector, maxAge: Int64?) {
        self.roots = roots.map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.shard = shard
        self.maxAge = maxAge
    }

    /// Whether `path` belongs to this audit's store and share.
    package func isInScope(_ path: String) -> Bool {
        // Byte by byte: `/` followed by a combining mark is one Swift character, and
        // `hasPrefix(root + "/")` would put a package whose name starts with one out of scope
        // (its vanishing went unreported).
        shard.selects(path)
            && roots.contains { root in
                root == StorePath.storeRoot
                    ? path.utf8.first != UInt8(ascii: "/")
                    : path.utf8.elementsEqual(root.utf8) || path.utf8.starts(with: (root == "/" ? "/" : root + "/").utf8)
            }
    }

    /// The changes, sorted by path.
    /// - Parameters:
    ///   - current: this run's package records (this worker's inputs).
    ///   - previous: the newest record per path from other runs (``Ledger/latestPackageRecords(excludingRun:)``).
    package func changes(current: [LedgerRecord], previous: [LedgerRecord]) -> [LedgerChange] {
        var previousByPath: [String: LedgerRecord] = [:]
        var previousByID: [String: [LedgerRecord]] = [:]
        // A path whose newest record is `forgotten` or `moved` is not expected in the store any
        // more: it is no longer compared with, and is new if it comes back.
        for record in previous where !record.kind.closesThePath {
            guard let path = record.path else { continue }
            previousByPath[path] = record
            if let id = record.packageID { previousByID[id, default: []].append(record) }
        }
        let currentPaths = Set(current.compactMap(\.path))
        var changes: [LedgerChange] = []
        var seen = Set<String>()
        var movedAway = Set<String>()
        for record in current {
            guard let path = record.path, seen.insert(path).inserted else { continue }
            if let before = previousByPath[path] {
                var kinds: [LedgerChange.Kind] = []
                if before.fingerprint != record.fingerprint { kinds.append(.fingerprintChanged) }
                if before.kind == .vanished {
                    kinds.append(.reappeared)
                } else {
                    if before.verdict != record.verdict { kinds.append(.verdictChanged) }
                    if isOverdue(before, at: record.startedAt) { kinds.append(.overdue) }
                }
                if !kinds.isEmpty { changes.append(LedgerChange(path: path, kinds: kinds, previous: before, current: record)) }
                continue
            }
            // The same package (id and fingerprint) at a path of this store that is gone now.
            if let id = record.packageID, let fingerprint = record.fingerprint,
                let origin = previousByID[id]?.last(where: { candidate in
                    guard let from = candidate.path else { return false }
                    return candidate.fingerprint == fingerprint && !currentPaths.contains(from) && !movedAway.contains(from) && isInScope(from)
                }), let from = origin.path
            {
                movedAway.insert(from)
                var kinds: [LedgerChange.Kind] = [.moved]
                if origin.kind == .package, origin.verdict != record.verdict { kinds.append(.verdictChanged) }
                changes.append(LedgerChange(path: path, kinds: kinds, previous: origin, current: record))
                continue
            }
            var kinds: [LedgerChange.Kind] = [.new]
            var other: LedgerRecord?
            if let id = record.packageID, let fingerprint = record.fingerprint,
                let elsewhere = previousByID[id]?.last(where: { $0.fingerprint != nil && $0.fingerprint != fingerprint })
            {
                kinds.append(.idFingerprintChanged)
                other = elsewhere
            }
            changes.append(LedgerChange(path: path, kinds: kinds, previous: other, current: record))
        }
        // A directory that could not be read is an input of its own, recorded `error`: what was
        // under it may well be there still, and is not recorded vanished for good (its error
        // record already asks a person to look).
        let unreadable = current.filter { $0.verdict == "error" }.compactMap(\.path).map { Array(($0 == "/" ? "/" : $0 + "/").utf8) }
        for (path, before) in previousByPath where !seen.contains(path) && !movedAway.contains(path) && isInScope(path) {
            guard !unreadable.contains(where: { path.utf8.starts(with: $0) }) else { continue }
            changes.append(LedgerChange(path: path, kinds: [.vanished], previous: before, current: nil))
        }
        return changes.sorted { UTF8Order.precedes($0.path, $1.path) }
    }

    private func isOverdue(_ before: LedgerRecord, at now: String) -> Bool {
        guard let maxAge,
            let then = try? Timestamp(rfc3339: before.endedAt ?? before.startedAt),
            let current = try? Timestamp(rfc3339: now)
        else { return false }
        return current.seconds - then.seconds > maxAge
    }
}
