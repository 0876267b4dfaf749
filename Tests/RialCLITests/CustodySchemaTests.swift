import Foundation
import RialTestSupport
import Testing

/// `rial custody show --format json` checked against the JSON Schemas by the independent
/// validator (Tests/oracles/validate_json.py): the timeline against the parts of
/// schema/report.schema.json it shares with the report. The event files against
/// schema/custody-event.schema.json, and the verifier agreeing with that schema, are in-process
/// tests in RialVerifierTests' CustodySchemaTests.
@Suite("Custody JSON Schemas")
struct CustodySchemaTests {
    /// A packed sample (five imported events and PACKAGED) with one unsigned and one signed
    /// event appended by `rial custody append`.
    private func loggedPackage(in dir: URL) throws -> URL {
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
        return package
    }

    /// Runs validate_json.py with a schema file anywhere (not only in schema/).
    private func validate(schema: URL, _ files: [String], cwd: URL) throws -> CommandResult {
        CLI.run([try Oracle.python(), Oracle.validateJSON, schema.path] + files, cwd: cwd)
    }

    @Test("rial custody show --format json: its custody timeline and findings match report.schema.json")
    func showOutputValid() throws {
        try withTemporaryDirectory { dir in
            let package = try loggedPackage(in: dir)
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
}
