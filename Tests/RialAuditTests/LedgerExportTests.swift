import Foundation
import Testing
import RialAudit
import RialFormat
import RialLedger
import RialTestSupport

/// `rial ledger export`'s two forms in process (the schema and the links recomputed from an
/// export by Python: Tests/RialCLITests/AuditTests.swift).
@Suite("Ledger export")
struct LedgerExportTests {
    static func record(policy: String = LedgerRecord.compactJSON(.object(["require_seal": .bool(false)])), detail: String? = nil, codes: [String] = [])
        -> LedgerRecord
    {
        var record = LedgerRecord(
            kind: .package, runID: "r,1", shard: "all", host: "h\"q", toolVersion: "0", policy: policy, path: "/s/a\nb",
            packageID: "id", fingerprint: "f", size: 7, verdict: "fail", failingCodes: codes,
            startedAt: "2026-11-26T00:00:00.000Z", endedAt: "2026-11-26T00:00:01.000Z", detail: detail)
        record.seq = 3
        record.prevHash = String(repeating: "0", count: 64)
        record.recordHash = String(repeating: "1", count: 64)
        return record
    }

    @Test("CSV: the header, RFC 4180 quoting, failing codes joined by spaces, CRLF")
    func csv() {
        let text = LedgerExport.render([Self.record(codes: ["a.b", "c.d"])], format: .csv)
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.first == LedgerExport.fields.joined(separator: ","))
        #expect(
            text.hasSuffix("\r\n") && text.contains(",\"r,1\",all,\"h\"\"q\",0,")
                && text.contains(",\"/s/a\nb\",id,f,7,fail,a.b c.d,,2026-11-26T00:00:00.000Z,"))
        #expect(!LedgerExport.render([Self.record()], format: .csv, header: false).hasPrefix("seq,"))
    }

    @Test("JSON Lines: policy and detail as the objects they hold when compact JSON gives the stored text back; else, as a hand edit may be, the text")
    func jsonl() throws {
        let line = LedgerExport.render([Self.record(detail: LedgerRecord.compactJSON(.object(["last_seq": .integer(2)])))], format: .jsonl)
        guard case .object(let object) = try StrictJSONParser.parse(Array(line.utf8)) else { Issue.record("\(line)"); return }
        #expect(object["policy"] == .object(["require_seal": .bool(false)]) && object["detail"] == .object(["last_seq": .integer(2)]))
        #expect(object["record_hash"] == .string(String(repeating: "1", count: 64)) && object["seq"] == .integer(3))
        #expect(LedgerExport.nested("{ \"require_seal\": false }") == .string("{ \"require_seal\": false }"), "not the stored bytes: kept as text")
        #expect(LedgerExport.nested("[1]") == .string("[1]") && LedgerExport.nested("not json") == .string("not json"))
        let none = LedgerExport.render([Self.record()], format: .jsonl)
        guard case .object(let bare) = try StrictJSONParser.parse(Array(none.utf8)) else { Issue.record("\(none)"); return }
        #expect(bare["detail"] == .null)
    }

    /// `\r\n` is one Swift character, equal to neither `\r` nor `\n`, and a `"` followed by a
    /// combining mark is one too: compared character by character, such a field went out
    /// unquoted and split the record into two rows.
    @Test("CSV: Python's csv module reads one row per record whatever a path holds (CRLF, a quote before a combining mark)")
    func csvAgainstPython() throws {
        let record = Self.record()
        let hostile = ["/s/a\r\n99,forged.rialpkg", "/s/q\"\u{301},x.rialpkg", "/s/plain.rialpkg"]
        let records = hostile.map { path -> LedgerRecord in
            var copy = record
            copy.path = path
            return copy
        }
        let text = LedgerExport.render(records, format: .csv)
        try TemporaryDirectory.with { dir in
            let file = dir.appendingPathComponent("export.csv")
            try Data(text.utf8).write(to: file)
            let script =
                "import csv, json, sys; rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8'))); print(json.dumps([r[rows[0].index('path')] for r in rows[1:]]))"
            let run = Subprocess.execute([try OutsideOracle.python(), "-c", script, file.path], cwd: dir)
            #expect(run.status == 0, "\(run)")
            let paths = try JSONSerialization.jsonObject(with: run.stdout) as? [String]
            #expect(paths == hostile, "\(run.output)")
        }
    }
}
