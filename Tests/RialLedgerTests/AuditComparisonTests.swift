import Testing
@testable import RialLedger

/// What changed since the previous audit, path by path.
@Suite("Audit comparison")
struct AuditComparisonTests {
    let fingerprintA = String(repeating: "a", count: 64)
    let fingerprintB = String(repeating: "b", count: 64)

    @Test("new, vanished, fingerprint changed, verdict changed, overdue, and an id under a new fingerprint")
    func kinds() {
        let previous = [
            packageRecord("s/same", id: "1", at: "2026-11-25T00:00:00.000Z"),
            packageRecord("s/changed", id: "2"),
            packageRecord("s/flipped", id: "3"),
            packageRecord("s/gone", id: "4"),
            packageRecord("s/old", id: "5", at: "2026-01-01T00:00:00.000Z"),
            packageRecord("elsewhere/x", id: "6"),
        ]
        let now = "2026-11-26T00:00:00.000Z"
        let current = [
            packageRecord("s/same", run: "r2", id: "1", at: now),
            packageRecord("s/changed", run: "r2", fingerprint: fingerprintB, id: "2", at: now),
            packageRecord("s/flipped", run: "r2", verdict: "fail", id: "3", at: now),
            packageRecord("s/old", run: "r2", id: "5", at: now),
            packageRecord("s/added", run: "r2", id: "7", at: now),
            packageRecord("s/moved", run: "r2", fingerprint: fingerprintB, id: "6", at: now),
        ]
        let changes = AuditComparison(roots: ["s/"], shard: .all, maxAge: 30 * 86_400).changes(current: current, previous: previous)
        let byPath = Dictionary(uniqueKeysWithValues: changes.map { ($0.path, $0.kinds) })
        #expect(
            byPath == [
                "s/changed": [.fingerprintChanged],
                "s/flipped": [.verdictChanged],
                "s/gone": [.vanished],
                "s/old": [.overdue],
                "s/added": [.new],
                "s/moved": [.new, .idFingerprintChanged],
            ], "elsewhere/x is outside the root: not vanished")
        #expect(changes.map(\.path) == changes.map(\.path).sorted())
        #expect(changes.filter(\.needsAttention).count == 5)
    }

    @Test("a sharded worker reports vanished packages of its own share only")
    func shardScope() throws {
        let paths = (0..<40).map { "s/p\($0)" }
        let previous = paths.map { packageRecord($0) }
        var vanished = 0
        for index in 0..<4 {
            let shard = try ShardSelector.parse("\(index)/4", environment: [:]).get()
            let comparison = AuditComparison(roots: ["s"], shard: shard, maxAge: nil)
            let changes = comparison.changes(current: [], previous: previous)
            #expect(changes.allSatisfy { shard.selects($0.path) })
            vanished += changes.count
        }
        #expect(vanished == 40, "the four shares together report each path once")
    }
}

/// Moves, vanished packages that come back, forgotten ones.
@Suite("Audit comparison: moved, reappeared, forgotten")
struct AuditComparisonLifecycleTests {
    let fingerprintA = String(repeating: "a", count: 64)
    let fingerprintB = String(repeating: "b", count: 64)

    func record(_ kind: LedgerRecord.Kind, _ path: String, id: String, fingerprint: String? = nil) -> LedgerRecord {
        LedgerRecord(
            kind: kind, runID: "r1", shard: "all", host: "test", toolVersion: "0.1.0", policy: "{}", path: path,
            packageID: id, fingerprint: fingerprint ?? fingerprintA, startedAt: "2026-11-25T00:00:00.000Z")
    }

    @Test(
        "the same id and fingerprint at a new path, its old path gone: moved, not new and vanished; another fingerprint: new and id-fingerprint-changed, and the old path vanished"
    )
    func moved() {
        let previous = [packageRecord("s/a", id: "1"), packageRecord("s/b", id: "2")]
        let current = [packageRecord("s/a2", run: "r2", id: "1"), packageRecord("s/b2", run: "r2", fingerprint: fingerprintB, id: "2")]
        let changes = AuditComparison(roots: ["s"], shard: .all, maxAge: nil).changes(current: current, previous: previous)
        let byPath = Dictionary(uniqueKeysWithValues: changes.map { ($0.path, $0.kinds) })
        #expect(byPath == ["s/a2": [.moved], "s/b2": [.new, .idFingerprintChanged], "s/b": [.vanished]])
        #expect(changes.first { $0.path == "s/a2" }?.previous?.path == "s/a")
        #expect(!changes.first { $0.path == "s/a2" }!.needsAttention)
        // Twin: the old path is still there, so a copy is new.
        let copy = AuditComparison(roots: ["s"], shard: .all, maxAge: nil).changes(
            current: current + [packageRecord("s/a", run: "r2", id: "1")], previous: previous)
        #expect(copy.first { $0.path == "s/a2" }?.kinds == [.new])
    }

    @Test("packages under a directory that could not be read this time are not recorded vanished: the directory's error says to look")
    func underAnUnreadableDirectory() {
        let comparison = AuditComparison(roots: ["s"], shard: .all, maxAge: nil)
        let previous = [packageRecord("s/d/a"), packageRecord("s/d/b"), packageRecord("s/e")]
        let current = [packageRecord("s/d", run: "r2", verdict: "error", id: nil)]
        let changes = comparison.changes(current: current, previous: previous)
        #expect(changes.filter { $0.kinds.contains(.vanished) }.map(\.path) == ["s/e"], "\(changes)")
    }

    /// `/` followed by a combining mark is one Swift character: compared character by
    /// character, such a package was out of every root's scope, and its vanishing unreported.
    @Test("a package whose name starts with a combining mark is in its root's scope, and is reported vanished when gone")
    func combiningMarkAfterTheSlash() {
        let marked = "s/\u{301}x.rialpkg"
        let comparison = AuditComparison(roots: ["s"], shard: .all, maxAge: nil)
        #expect(comparison.isInScope(marked) && comparison.isInScope("s") && !comparison.isInScope("s2/x.rialpkg"))
        #expect(AuditComparison(roots: [StorePath.storeRoot], shard: .all, maxAge: nil).isInScope("\u{301}x.rialpkg"))
        #expect(!AuditComparison(roots: [StorePath.storeRoot], shard: .all, maxAge: nil).isInScope("/\u{301}x.rialpkg"))
        let changes = comparison.changes(current: [packageRecord("s/a", run: "r2")], previous: [packageRecord("s/a"), packageRecord(marked)])
        #expect(changes.first { $0.path == marked }?.kinds == [.vanished], "\(changes)")
    }

    @Test("a path recorded vanished stays vanished until it comes back (reappeared) or is forgotten or moved (no longer compared)")
    func lifecycle() {
        let comparison = AuditComparison(roots: ["s"], shard: .all, maxAge: nil)
        let vanished = [record(.vanished, "s/a", id: "1")]
        #expect(comparison.changes(current: [], previous: vanished).map(\.kinds) == [[.vanished]])
        #expect(comparison.changes(current: [packageRecord("s/a", run: "r2", id: "1")], previous: vanished).map(\.kinds) == [[.reappeared]])
        for closing in [LedgerRecord.Kind.forgotten, .moved] {
            let closed = [record(closing, "s/a", id: "1")]
            #expect(comparison.changes(current: [], previous: closed).isEmpty, "\(closing)")
            #expect(comparison.changes(current: [packageRecord("s/a", run: "r2", id: "9")], previous: closed).map(\.kinds) == [[.new]], "\(closing)")
        }
    }

    @Test("relative keys: the store root matches every relative key and no absolute one")
    func storeRoot() {
        let comparison = AuditComparison(roots: [StorePath.storeRoot], shard: .all, maxAge: nil)
        #expect(comparison.isInScope("sub/a.rialpkg") && !comparison.isInScope("/abs/a.rialpkg"))
    }
}
