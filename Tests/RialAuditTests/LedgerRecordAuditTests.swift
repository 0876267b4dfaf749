import Foundation
import Testing
import RialAudit
import RialFormat
import RialLedger
import RialVerifier

/// The records an audit makes: the policy's compact JSON, a verification's record, a vanished
/// and a moved package's record, the run's environment.
@Suite("Ledger records an audit makes")
struct LedgerRecordAuditTests {
    let writer = LedgerRecord.Writer(runID: "r", shard: .all, host: "h", policy: "{}")

    @Test("the policy: anchors, requirements, custody head, media, revocation evidence; the stated time only when given, so clock runs keep their form")
    func policy() throws {
        var policy = VerificationPolicy()
        policy.requiresSeal = true
        policy.examinesMedia = false
        let plain = LedgerRecord.policyText(policy)
        guard case .object(let object) = try StrictJSONParser.parse(Array(plain.utf8)) else { Issue.record("\(plain)"); return }
        #expect(
            Set(object.keys) == ["seal_anchors", "tsa_anchors", "require_seal", "require_timestamp", "custody_head", "examine_media", "revocation_evidence"])
        #expect(object["require_seal"] == .bool(true) && object["examine_media"] == .bool(false) && object["custody_head"] == .null)
        #expect(plain == LedgerRecord.compactJSON(.object(object)), "stored as compact JSON")
        policy.statedTime = try Timestamp(rfc3339: "2031-05-01T00:00:00Z")
        #expect(LedgerRecord.policyText(policy).contains("\"at\": \"2031-05-01T00:00:00Z\""))
    }

    @Test("a verification's record: key, id, fingerprint, size, verdict, the failing codes once each, the clock's times; a bag directory has no size")
    func verification() throws {
        let store = try AuditStore()
        defer { store.remove() }
        let path = try store.addTampered("bad.rialpkg")
        var policy = VerificationPolicy()
        policy.examinesMedia = false
        let report = Verifier(policy: policy).report(for: path)
        let clock = AuditClock { 1_800_000_000.5 }
        let record = LedgerRecord.make(report, key: "k", elapsed: 2, writer: writer, clock: clock)
        #expect(record.kind == .package && record.path == "k" && record.packageID == "audit-bad" && record.fingerprint == report.manifestSHA256)
        #expect(
            record.verdict == "fail" && record.recordedVerdict == .fail && !record.failingCodes.isEmpty
                && Set(record.failingCodes).count == record.failingCodes.count)
        #expect(record.startedAt == "2027-01-15T07:59:58.500Z" && record.endedAt == "2027-01-15T08:00:00.500Z")
        #expect(record.size.map { Int($0) } == (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) && record.detail == nil)
        let bag = LedgerRecord.make(Verifier(policy: policy).report(for: store.directory), key: "d", elapsed: 0, writer: writer, clock: clock)
        #expect(bag.size == nil && bag.verdict == "error" && bag.errorCode != nil)
    }

    @Test("vanished and moved records name the last record's seq (and where it went); the run's end names the worst verdict")
    func goneAndRun() throws {
        var last = LedgerRecord(
            kind: .package, runID: "a", shard: "all", host: "h", toolVersion: "0", policy: "{}", path: "/s/p", packageID: "id",
            fingerprint: "f", verdict: "pass", startedAt: "t")
        last.seq = 9
        let vanished = LedgerRecord.vanished(last, writer: writer, at: "now")
        #expect(vanished.kind == .vanished && vanished.path == "/s/p" && vanished.fingerprint == "f" && vanished.detail == "{\"last_seq\": 9}")
        let moved = LedgerRecord.moved(last, to: "/s/q", writer: writer, at: "now")
        #expect(moved.kind == .moved && moved.path == "/s/p" && JSONDetail(moved.detail).string("to") == "/s/q")
        let ended = LedgerRecord.run(.runEnded, writer: writer, startedAt: "a", endedAt: "b", verdict: .error, detail: [:])
        #expect(ended.verdict == "error" && ended.detail == "{}" && ended.runID == "r" && ended.shard == "all")
        #expect(LedgerRecord.run(.runStarted, writer: writer, startedAt: "a", detail: [:]).verdict == nil)
        let environment = LedgerRecord.environmentDetail()
        #expect(environment["libraries"] != nil && environment["media_probe_confinement"] != nil)
    }
}
