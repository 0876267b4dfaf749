import Foundation
import RialTestSupport
import Testing

/// The custody log's files and `rial custody show --format json` checked against the JSON
/// Schemas by the independent validator (Tests/oracles/validate_json.py): every event file
/// against schema/custody-event.schema.json, the timeline against the parts of
/// schema/report.schema.json it shares with the report.
@Suite("Custody JSON Schemas")
struct CustodySchemaTests {
    /// A packed sample (five imported events and PACKAGED) with one unsigned and one signed
    /// event appended, and its unpacked bag.
    private func loggedBag(in dir: URL) throws -> (package: URL, bag: URL) {
        let pki = try TestPKI.make(in: dir)
        let package = try Fixture.pack(try Fixture.sample(in: dir), in: dir)
        let appends: [[String]] = [
            [
                "--action", "TRANSFERRED", "--actor-name", "Jane Roe", "--role", "investigator", "--org", "Metro PD", "--actor-id", "4411",
                "--details", "To County Lab by courier, bag A-1172", "--location", "Metro PD evidence room",
            ],
            ["--action", "RECEIVED", "--role", "lab technician", "--details", "Seal tape intact"] + pki.signing(),
        ]
        for arguments in appends {
            let result = CLI.rial(["custody", "append", package.path, "--quiet"] + arguments, cwd: dir)
            try #require(result.status == 0, "custody append failed: \(result)")
        }
        return (package, try Fixture.untar(package, into: dir.appendingPathComponent("bag")))
    }

    /// The event files, as paths relative to the bag.
    private func eventFiles(_ bag: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: bag.appendingPathComponent("rial/custody").path)
            .filter { $0.hasSuffix(".json") }.sorted().map { "rial/custody/" + $0 }
    }

    /// Runs validate_json.py with a schema file anywhere (not only in schema/).
    private func validate(schema: URL, _ files: [String], cwd: URL) throws -> CommandResult {
        CLI.run([try Oracle.python(), Oracle.validateJSON, schema.path] + files, cwd: cwd)
    }

    @Test("every event file, imported, PACKAGED, appended unsigned and appended signed, matches custody-event.schema.json")
    func eventFilesValid() throws {
        try withTemporaryDirectory { dir in
            let (_, bag) = try loggedBag(in: dir)
            let files = try eventFiles(bag)
            #expect(files == (1...8).map { String(format: "rial/custody/%06d.json", $0) })
            #expect(FileManager.default.fileExists(atPath: bag.appendingPathComponent("rial/custody/000008.p7s").path))
            let result = try Oracle.validate(schema: "custody-event.schema.json", files, cwd: bag)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("OK ") }.count == files.count, "\(result)")
            // The signed event names its certificate; the unsigned one does not.
            #expect(try Fixture.text(bag.appendingPathComponent("rial/custody/000008.json")).contains("\"certificate_sha256\""))
            #expect(try !Fixture.text(bag.appendingPathComponent("rial/custody/000007.json")).contains("\"certificate_sha256\""))
        }
    }

    @Test("rial custody show --format json: its custody timeline and findings match report.schema.json")
    func showOutputValid() throws {
        try withTemporaryDirectory { dir in
            let (package, _) = try loggedBag(in: dir)
            let shown = CLI.rial(["custody", "show", package.path, "--format", "json", "--quiet"], cwd: dir)
            #expect(shown.status == 0, "\(shown)")
            let output = dir.appendingPathComponent("show.json")
            try Data(shown.stdout.utf8).write(to: output)

            // The show output's own shape, its parts taken from the report's schema.
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: Oracle.schemaDirectory.appendingPathComponent("report.schema.json"))) as? [String: Any])
            let properties = try #require(report["properties"] as? [String: Any])
            let schema: [String: Any] = [
                "$schema": try #require(report["$schema"]),
                "$defs": try #require(report["$defs"]),
                "type": "object",
                "additionalProperties": false,
                "required": ["report_version", "subject", "verdict", "package_id", "manifest_sha256", "custody", "findings"],
                "properties": [
                    "report_version": try #require(properties["report_version"]),
                    "subject": ["type": "string"],
                    "verdict": try #require(properties["verdict"]),
                    "package_id": try #require(properties["package_id"]),
                    "manifest_sha256": try #require(properties["manifest_sha256"]),
                    "custody": try #require(properties["custody"]),
                    "findings": ["type": "array", "items": ["$ref": "#/$defs/check"]],
                ],
            ]
            let schemaFile = dir.appendingPathComponent("custody-show.schema.json")
            try JSONSerialization.data(withJSONObject: schema, options: [.sortedKeys]).write(to: schemaFile)
            let result = try validate(schema: schemaFile, [output.path], cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.hasPrefix("OK "), "\(result)")

            // What it shows: eight events, the last signed, and findings about custody only.
            let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
            let custody = try #require(object["custody"] as? [String: Any])
            #expect(custody["event_count"] as? Int == 8)
            #expect(custody["signed_count"] as? Int == 1)
            let findings = try #require(object["findings"] as? [[String: Any]])
            #expect(findings.allSatisfy { ($0["code"] as? String)?.hasPrefix("custody.") == true }, "\(findings)")
            #expect(findings.contains { $0["code"] as? String == "custody.signature" && $0["status"] as? String == "not_present" && $0["seq"] as? Int == 7 })

            // The derived schema can fail: a finding whose seq is out of range is rejected.
            var broken = object
            broken["findings"] = findings + [["code": "custody.seq.gap", "status": "fail", "subject": "rial/custody/", "message": "m", "seq": 0]]
            let brokenFile = dir.appendingPathComponent("broken-show.json")
            try JSONSerialization.data(withJSONObject: broken).write(to: brokenFile)
            let rejected = try validate(schema: schemaFile, [brokenFile.path], cwd: dir)
            #expect(rejected.status == 1, "\(rejected)")
        }
    }

    @Test("the schema can fail, and agrees with rial: an unknown key, an upper-case id, a line break in details or an offset time is rejected by both")
    func invalidEventsRejected() throws {
        try withTemporaryDirectory { dir in
            let (package, bag) = try loggedBag(in: dir)
            let original = try Fixture.text(bag.appendingPathComponent("rial/custody/000007.json"))
            let idStart = try #require(original.range(of: "\"id\": \"")).upperBound
            let id = String(original[idStart..<original.index(idStart, offsetBy: 36)])
            let timeStart = try #require(original.range(of: "\"timestamp\": \"")).upperBound
            let timeEnd = try #require(original[timeStart...].firstIndex(of: "\""))
            let time = String(original[timeStart..<timeEnd])
            let cases: [(name: String, old: String, new: String)] = [
                ("unknown-key", "\"seq\": 7,", "\"seq\": 7,\n  \"note\": \"added later\","),
                ("upper-case-id", id, id.uppercased()),
                ("line-break", "bag A-1172", "bag\\nA-1172"),
                ("offset", time, String(time.dropLast()) + "+00:00"),
            ]
            for item in cases {
                #expect(original.contains(item.old), "\(item.name)")
                let file = dir.appendingPathComponent("\(item.name).json")
                try Data(original.replacingOccurrences(of: item.old, with: item.new).utf8).write(to: file)
                let result = try Oracle.validate(schema: "custody-event.schema.json", [file.path], cwd: dir)
                #expect(result.status == 1, "\(item.name): \(result)")
                #expect(result.stdout.hasPrefix("FAIL "), "\(item.name): \(result)")

                // rial's own reader rejects the same event: not a custody event.
                let tampered = dir.appendingPathComponent("\(item.name).rialpkg")
                try Oracle.tamper(package, ["replace-text", "rial/custody/000007.json", item.old, item.new, "--cover"], output: tampered)
                let (verified, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
                #expect(verified.status == 1, "\(item.name): \(verified)")
                #expect(
                    report.checks.contains { $0.code == "custody.event.malformed" && $0.seq == 7 && $0.status == "fail" },
                    "\(item.name): \(report.failures)")
            }
        }
    }

    @Test("the limits agree with rial: imported.source is non-empty text without control characters, forced lists at most 1000 codes")
    func limitsAgree() throws {
        try withTemporaryDirectory { dir in
            let (package, bag) = try loggedBag(in: dir)
            let source = "\"source\": \"data/capture/custody_log.json\""
            func forced(_ count: Int) -> String {
                "\"forced\": {\"verdict\": \"fail\", \"failed_checks\": [" + (1...count).map { "\"custody.code.\($0)\"" }.joined(separator: ", ")
                    + "]},\n  \"previous\""
            }
            let cases: [(name: String, seq: Int, old: String, new: String, valid: Bool)] = [
                ("empty-source", 1, source, "\"source\": \"\"", false),
                ("tab-in-source", 1, source, "\"source\": \"data/capture/custody_log.json\\t\"", false),
                ("1000-codes", 7, "\"previous\"", forced(1000), true),
                ("1001-codes", 7, "\"previous\"", forced(1001), false),
            ]
            for item in cases {
                let path = String(format: "rial/custody/%06d.json", item.seq)
                let original = try Fixture.text(bag.appendingPathComponent(path))
                #expect(original.contains(item.old), "\(item.name)")
                let file = dir.appendingPathComponent("\(item.name).json")
                try Data(original.replacingOccurrences(of: item.old, with: item.new).utf8).write(to: file)
                let result = try Oracle.validate(schema: "custody-event.schema.json", [file.path], cwd: dir)
                #expect(result.status == (item.valid ? 0 : 1), "\(item.name): \(result)")
                #expect(result.stdout.hasPrefix(item.valid ? "OK " : "FAIL "), "\(item.name): \(result)")

                // rial's reader draws the same line: not a custody event exactly when the schema says so.
                let tampered = dir.appendingPathComponent("\(item.name).rialpkg")
                try Oracle.tamper(package, ["replace-text", path, item.old, item.new, "--cover"], output: tampered)
                let (verified, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
                #expect(verified.status == 1, "\(item.name): \(verified)")
                let malformed = report.checks.contains { $0.code == "custody.event.malformed" && $0.seq == item.seq && $0.status == "fail" }
                #expect(malformed == !item.valid, "\(item.name): \(report.failures)")
            }
        }
    }
}
