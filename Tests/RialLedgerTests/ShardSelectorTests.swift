import Foundation
import Testing
@testable import RialLedger

/// The shard function: the first 8 bytes of SHA-256(path), big-endian, modulo N.
@Suite("Shard selector")
struct ShardSelectorTests {
    @Test("buckets agree with Python's hashlib on the documented function")
    func vectors() {
        // python3 -c 'import hashlib; print(int.from_bytes(hashlib.sha256(p.encode()).digest()[:8], "big") % n)'
        #expect(ShardSelector.bucket(of: "store/pkg-000.rialpkg", count: 4) == 2)
        #expect(ShardSelector.bucket(of: "store/pkg-000.rialpkg", count: 7) == 2)
        #expect(ShardSelector.bucket(of: "a", count: 4) == 2)
        #expect(ShardSelector.bucket(of: "a", count: 7) == 4)
        #expect(ShardSelector.bucket(of: "évidence/x.rialpkg", count: 4) == 0)
        #expect(ShardSelector.bucket(of: "évidence/x.rialpkg", count: 7) == 6)
    }

    @Test("N shares take every path exactly once")
    func partition() throws {
        let paths = (0..<1000).map { "store/\($0).rialpkg" }
        let shards = try (0..<4).map { try ShardSelector.parse("\($0)/4", environment: [:]).get() }
        for path in paths { #expect(shards.filter { $0.selects(path) }.count == 1) }
        let sizes = shards.map { shard in paths.filter(shard.selects).count }
        #expect(sizes.allSatisfy { $0 > 150 }, "roughly even: \(sizes)")
    }

    @Test("K/N and auto/N read; anything else is refused with a reason")
    func parsing() throws {
        #expect(try ShardSelector.parse("3/4", environment: [:]).get().description == "3/4")
        #expect(try ShardSelector.parse("0/1", environment: [:]).get() == .all)
        #expect(try ShardSelector.parse("auto/8", environment: ["JOB_COMPLETION_INDEX": "5"]).get().index == 5)
        #expect(try ShardSelector.parse("auto/8", environment: ["SLURM_ARRAY_TASK_ID": "7"]).get().index == 7)
        for bad in ["4/4", "-1/4", "1/0", "x/2", "1", "1/2/3", "auto/4", ""] {
            if case .success = ShardSelector.parse(bad, environment: [:]) { Issue.record("\(bad) was accepted") }
        }
        if case .success = ShardSelector.parse("auto/4", environment: ["JOB_COMPLETION_INDEX": "9"]) { Issue.record("an index beyond N was accepted") }
    }
}
