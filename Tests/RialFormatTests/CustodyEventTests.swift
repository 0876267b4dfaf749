import Testing
@testable import RialFormat

@Suite("Custody event model")
struct CustodyEventTests {
    private func sample() throws -> CustodyEvent {
        CustodyEvent(
            seq: 7, id: "0b6f8a52-3c1e-4d7a-9f21-5e8c4b7a6d10", timestamp: try Timestamp(rfc3339: "2026-11-22T09:30:00.5Z"),
            action: .transferred, actor: CustodyActor(name: "Jane Roe", role: "investigator", organisation: "Metro PD"),
            details: "To the lab", location: "Evidence room 3", packageID: try PackageID("case-1"),
            previous: String(repeating: "a", count: 64), forced: .init(verdict: "fail", failedChecks: ["bag.manifest.sha256.mismatch"]))
    }

    private func reparse(_ transform: (inout JSONObject) -> Void) throws -> CustodyEvent {
        guard case .object(var object) = try sample().json else { throw FormatError(.invalidField, "not an object") }
        transform(&object)
        return try CustodyEvent(json: StrictJSONParser.parse(JSONWriter.bytes(.object(object))), path: "e")
    }

    @Test func roundTripsThroughTheStrictParser() throws {
        let event = try sample()
        #expect(try CustodyEvent(json: StrictJSONParser.parse(event.bytes()), path: "e") == event)
        // Keys in the documented order, so the bytes are predictable.
        let text = String(decoding: event.bytes(), as: UTF8.self)
        let order = [
            "\"seq\"", "\"id\"", "\"timestamp\"", "\"action\"", "\"actor\"", "\"details\"", "\"location\"", "\"package_id\"", "\"previous\"", "\"forced\"",
        ]
        let positions = order.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count && positions == positions.sorted())
    }

    @Test(
        "every malformed field is refused",
        arguments: [
            "unknown key", "seq 0", "seq too large", "upper-case id", "local time", "unknown action", "empty name",
            "control character", "over-long details", "short previous", "bad package id", "actor key", "imported entry 0",
        ])
    func refusesMalformed(_ variant: String) throws {
        #expect(throws: FormatError.self) {
            try reparse { object in
                switch variant {
                case "unknown key": object["note"] = .string("x")
                case "seq 0": object["seq"] = .integer(0)
                case "seq too large": object["seq"] = .integer(1_000_000)
                case "upper-case id": object["id"] = .string("0B6F8A52-3C1E-4D7A-9F21-5E8C4B7A6D10")
                case "local time": object["timestamp"] = .string("2026-11-22T09:30:00+01:00")
                case "unknown action": object["action"] = .string("DESTROYED")
                case "empty name": object["actor"] = .object(["name": .string("")])
                case "control character": object["details"] = .string("line\u{1B}[2J")
                case "over-long details": object["details"] = .string(String(repeating: "x", count: 4097))
                case "short previous": object["previous"] = .string("abc")
                case "bad package id": object["package_id"] = .string("../x")
                case "actor key": object["actor"] = .object(["name": .string("J"), "badge": .string("1")])
                default: object["imported"] = .object(["source": .string("data/capture/custody_log.json"), "entry": .integer(0)])
                }
            }
        }
    }

    @Test func fileNames() {
        #expect(CustodyLogLayout.eventPath(seq: 7) == "rial/custody/000007.json")
        #expect(CustodyLogLayout.signaturePath(seq: 123_456) == "rial/custody/123456.p7s")
        #expect(CustodyLogLayout.parse("rial/custody/000007.json")?.seq == 7)
        #expect(CustodyLogLayout.parse("rial/custody/000007.p7s")?.kind == .signature)
        for bad in [
            "rial/custody/000000.json", "rial/custody/7.json", "rial/custody/0000007.json", "rial/custody/00000a.json",
            "rial/custody/sub/000001.json", "rial/custody/000001.json.bak", "rial/seal/000001.json", "rial/custody/000001.JSON",
        ] {
            #expect(CustodyLogLayout.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func uuids() {
        let random = UUIDText.random()
        #expect(UUIDText.isValid(random))
        #expect(Array(random.utf8)[14] == UInt8(ascii: "4"))
        #expect(UUIDText.random() != random)
        let derived = UUIDText.version8(fromDigest: Array(repeating: 0xFF, count: 32))
        #expect(derived == "ffffffff-ffff-8fff-bfff-ffffffffffff")
        #expect(!UUIDText.isValid("ffffffff-ffff-8fff-bfff-fffffffffff"))
        #expect(!UUIDText.isValid("ffffffff_ffff-8fff-bfff-ffffffffffff"))
    }

    @Test func appLogIsReadLeniently() throws {
        let json = #"[{"timestamp": "2026-01-15T10:30:00.125Z", "action": "RECORDING_START", "details": "", "userIdentifier": "d", "extra": 1}]"#
        let log = try AppCustodyLog(json: StrictJSONParser.parse(Array(json.utf8)))
        #expect(log.entries.count == 1 && log.entries[0].action == .recordingStart)
        // Preserve first: an action that is not one of the app's five (even rial's own PACKAGED)
        // is carried as NOTE with the app's text, for the verifier to report.
        let notApp = #"[{"timestamp": "2026-01-15T10:30:00Z", "action": "PACKAGED", "details": "", "userIdentifier": ""}]"#
        let carried = try AppCustodyLog(json: StrictJSONParser.parse(Array(notApp.utf8))).entries[0]
        #expect(carried.action == nil && carried.eventAction == .note && carried.actionText == "PACKAGED")
        #expect(AppCustodyLog.importRecord(source: "s", index: 1, entry: carried).appAction == "PACKAGED")
        #expect(AppCustodyLog.actor(for: carried).identifier == nil)
        // What cannot become an event is still refused, naming the key.
        for bad in [
            #"[{"timestamp": 1, "action": "lower case", "details": "", "userIdentifier": ""}]"#,
            #"[{"timestamp": 1, "action": "A", "details": "a\u0001b", "userIdentifier": ""}]"#,
            #"[{"timestamp": true, "action": "A", "details": "", "userIdentifier": ""}]"#,
            #"[{"action": "A", "details": "", "userIdentifier": ""}]"#,
        ] {
            #expect(throws: FormatError.self, "\(bad)") { try AppCustodyLog(json: StrictJSONParser.parse(Array(bad.utf8))) }
        }
    }

    @Test("a numeric date is Swift's default: seconds since 2001-01-01, converted exactly from its decimal text")
    func appDates() throws {
        func date(_ text: String) throws -> AppDate { try AppDate(json: StrictJSONParser.parse(Array(text.utf8)), path: "t") }
        #expect(try date("786000000.5").timestamp.rfc3339 == "2025-11-28T05:20:00.5Z")
        #expect(try date("786000000.5").writtenNumber == "786000000.5")
        #expect(try date("0").timestamp.rfc3339 == "2001-01-01T00:00:00Z")
        #expect(try date("-0.25").timestamp.rfc3339 == "2000-12-31T23:59:59.75Z")
        #expect(try date("786000000.123").timestamp.rfc3339 == "2025-11-28T05:20:00.123Z")
        #expect(try date(#""2025-11-28T05:20:00.5Z""#).writtenNumber == nil)
        for bad in ["1e300", "-1e300", "true", #""yesterday""#, "0.0000000001"] {
            #expect(throws: FormatError.self, "\(bad)") { try date(bad) }
        }
    }
}
