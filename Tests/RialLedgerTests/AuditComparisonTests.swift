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
        #expect(byPath == [
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
