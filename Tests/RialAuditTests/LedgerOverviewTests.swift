import Foundation
import Testing
import RialAudit
import RialFormat
import RialLedger

/// `rial ledger report`'s overview in process, from records appended by hand: runs complete,
/// unfinished or rerun after an interrupted attempt; the exact text of a small ledger.
@Suite("Ledger overview")
struct LedgerOverviewTests {
    static func record(
        _ kind: LedgerRecord.Kind, run: String, shard: String = "all", path: String? = nil, verdict: String? = nil,
        at time: String = "2026-11-26T00:00:00.000Z"
    ) -> LedgerRecord {
        LedgerRecord(
            kind: kind, runID: run, shard: shard, host: "h", toolVersion: "0", policy: "{}", path: path, packageID: path.map { _ in "id" },
            fingerprint: path.map { _ in String(repeating: "a", count: 64) }, verdict: verdict,
            failingCodes: verdict == "fail" ? ["x.y"] : [], startedAt: time, endedAt: path == nil ? nil : time)
    }

    @Test(
        "a start without an end is unfinished, and so is a run split K/N with a share never started; a start again of the same share is an interrupted attempt; the text says so and needs a person"
    )
    func runs() throws {
        let store = try AuditStore()
        defer { store.remove() }
        let location = try store.ledger(.sqlite)
        let ledger = try Ledger.openForWriting(location, at: "2026-11-26T00:00:00.000Z")
        _ = try ledger.append([
            Self.record(.runStarted, run: "one", shard: "0/2"),
            Self.record(.runStarted, run: "one", shard: "0/2"),
            Self.record(.package, run: "one", shard: "0/2", path: "/s/a", verdict: "pass"),
            Self.record(.runEnded, run: "one", shard: "0/2"),
            Self.record(.runStarted, run: "two", shard: "1/2"),
            Self.record(.package, run: "two", shard: "1/2", path: "/s/b", verdict: "fail", at: "2026-11-25T00:00:00.000Z"),
        ])
        let overview = try LedgerOverview(reading: Ledger.openForReading(location))
        #expect(overview.runs.map(\.id) == ["one", "two"])
        #expect(overview.runs[0].starts == 2 && overview.runs[0].interrupted == ["0/2"] && overview.runs[0].open.isEmpty)
        // Share 1/2 of run one never started: its packages were never audited in that run.
        #expect(overview.runs[0].neverStarted == ["1/2"] && overview.runs[1].neverStarted == ["0/2"])
        #expect(overview.runs[1].open == ["1/2"] && overview.needsAttention)
        let head = try ledger.head()
        #expect(
            overview.text() == """
                Audit ledger \(location.displayName)
                chain: 6 records, every link holds; head seq 6 \(head.hash)
                runs: 2
                  one  2026-11-26T00:00:00.000Z  2 worker starts  UNFINISHED (share 1/2 never started); 1 interrupted attempt (share 0/2) rerun
                  two  2026-11-26T00:00:00.000Z  1 worker start  UNFINISHED (share 1/2 started without an end)
                packages: 2 (latest verdict: 1 pass, 1 fail, 0 could not be verified)
                oldest latest verification: 2026-11-25T00:00:00.000Z  /s/b
                not passing now:
                  FAIL  /s/b  x.y  (seq 6, 2026-11-25T00:00:00.000Z)

                """)
    }

    @Test("a verdict the schema does not allow (a hand-edited row) counts as could not be verified, and is not passing")
    func unknownVerdict() throws {
        let store = try AuditStore()
        defer { store.remove() }
        let location = try store.ledger(.sqlite)
        let ledger = try Ledger.openForWriting(location, at: "2026-11-26T00:00:00.000Z")
        _ = try ledger.append([Self.record(.package, run: "r", path: "/s/a", verdict: "maybe"), Self.record(.package, run: "r", path: "/s/b")])
        let overview = try LedgerOverview(reading: Ledger.openForReading(location))
        #expect(overview.verdicts.pass == 0 && overview.verdicts.error == 2 && overview.verdicts.fail == 0)
        #expect(overview.failing.count == 2 && overview.needsAttention)
        #expect(overview.text().contains("MAYBE  /s/a"))
    }
}
