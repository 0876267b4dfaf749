import Foundation
import RialAmender
import RialFormat
import RialTestSupport
import Testing
@testable import RialVerifier

/// The custody log's event files, made in process by the packager and ``PackageAmender``,
/// checked against schema/custody-event.schema.json by the independent validator
/// (Tests/oracles/validate_json.py), and the verifier's reader drawing the same line as the
/// schema. `rial custody show --format json` against report.schema.json is an end-to-end test
/// in RialCLITests' CustodySchemaTests.
@Suite("Custody JSON Schemas (library)", .requires(.openssl))
struct CustodySchemaTests {
    /// A packed sample (five imported events and PACKAGED) with one unsigned and one signed
    /// event appended, as `rial custody append` does, and its unpacked bag.
    private func loggedBag(in dir: URL) throws -> (package: URL, bag: URL) {
        let pki = try TestPKI.make(in: dir)
        let package = try LibraryFixture.pack(try LibraryFixture.sample(in: dir), in: dir)
        let amender = PackageAmender(path: package.path)
        _ = try amender.appendCustodyEvent(
            CustodyEventDraft(
                action: .transferred, actor: CustodyActor(name: "Jane Roe", role: "investigator", organisation: "Metro PD", identifier: "4411"),
                details: "To County Lab by courier, bag A-1172", location: "Metro PD evidence room"), at: .now())
        _ = try amender.appendCustodyEvent(
            CustodyEventDraft(action: .received, actor: CustodyActor(name: "", role: "lab technician"), details: "Seal tape intact"),
            signedBy: pki.sealer(), at: .now())
        return (package, try OutsideOracle.untar(package, into: dir.appendingPathComponent("bag")))
    }

    /// The event files, as paths relative to the bag.
    private func eventFiles(_ bag: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: bag.appendingPathComponent("rial/custody").path)
            .filter { $0.hasSuffix(".json") }.sorted().map { "rial/custody/" + $0 }
    }

    private func text(_ file: URL) throws -> String { String(decoding: try Data(contentsOf: file), as: UTF8.self) }

    @Test("every event file, imported, PACKAGED, appended unsigned and appended signed, matches custody-event.schema.json")
    func eventFilesValid() throws {
        try TemporaryDirectory.with { dir in
            let (_, bag) = try loggedBag(in: dir)
            let files = try eventFiles(bag)
            #expect(files == (1...8).map { String(format: "rial/custody/%06d.json", $0) })
            #expect(FileManager.default.fileExists(atPath: bag.appendingPathComponent("rial/custody/000008.p7s").path))
            let result = try OutsideOracle.validate(schema: "custody-event.schema.json", files, cwd: bag)
            #expect(result.status == 0, "\(result)")
            #expect(result.output.split(separator: "\n").filter { $0.hasPrefix("OK ") }.count == files.count, "\(result)")
            // The signed event names its certificate; the unsigned one does not.
            #expect(try text(bag.appendingPathComponent("rial/custody/000008.json")).contains("\"certificate_sha256\""))
            #expect(try !text(bag.appendingPathComponent("rial/custody/000007.json")).contains("\"certificate_sha256\""))
        }
    }

    @Test("the schema can fail, and agrees with rial: an unknown key, an upper-case id, a line break in details or an offset time is rejected by both")
    func invalidEventsRejected() throws {
        try TemporaryDirectory.with { dir in
            let (package, bag) = try loggedBag(in: dir)
            let original = try text(bag.appendingPathComponent("rial/custody/000007.json"))
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
                let result = try OutsideOracle.validate(schema: "custody-event.schema.json", [file.path], cwd: dir)
                #expect(result.status == 1, "\(item.name): \(result)")
                #expect(result.output.hasPrefix("FAIL "), "\(item.name): \(result)")

                // rial's own reader rejects the same event: not a custody event.
                let tampered = dir.appendingPathComponent("\(item.name).rialpkg")
                try OutsideOracle.tamper(package, ["replace-text", "rial/custody/000007.json", item.old, item.new, "--cover"], output: tampered)
                let report = LibraryFixture.verify(tampered)
                #expect(report.verdict == .fail, "\(item.name): \(report.failures)")
                #expect(
                    report.checks.contains { $0.code.rawValue == "custody.event.malformed" && $0.seq == 7 && $0.status == .fail },
                    "\(item.name): \(report.failures)")
            }
        }
    }

    @Test("the limits agree with rial: imported.source is non-empty text without control characters, forced lists at most 1000 codes")
    func limitsAgree() throws {
        try TemporaryDirectory.with { dir in
            let (package, bag) = try loggedBag(in: dir)
            let source = "\"source\": \"data/capture/custody_log.json\""
            func forced(_ count: Int) -> String {
                "\"forced\": {\"verdict\": \"fail\", \"failed_checks\": [" + (1...count).map { "\"custody.code.\($0)\"" }.joined(separator: ", ")
                    + "]},\n  \"previous\""
            }
            let cases: [(name: String, seq: Int64, old: String, new: String, valid: Bool)] = [
                ("empty-source", 1, source, "\"source\": \"\"", false),
                ("tab-in-source", 1, source, "\"source\": \"data/capture/custody_log.json\\t\"", false),
                ("1000-codes", 7, "\"previous\"", forced(1000), true),
                ("1001-codes", 7, "\"previous\"", forced(1001), false),
            ]
            for item in cases {
                let path = String(format: "rial/custody/%06d.json", item.seq)
                let original = try text(bag.appendingPathComponent(path))
                #expect(original.contains(item.old), "\(item.name)")
                let file = dir.appendingPathComponent("\(item.name).json")
                try Data(original.replacingOccurrences(of: item.old, with: item.new).utf8).write(to: file)
                let result = try OutsideOracle.validate(schema: "custody-event.schema.json", [file.path], cwd: dir)
                #expect(result.status == (item.valid ? 0 : 1), "\(item.name): \(result)")
                #expect(result.output.hasPrefix(item.valid ? "OK " : "FAIL "), "\(item.name): \(result)")

                // rial's reader draws the same line: not a custody event exactly when the schema says so.
                let tampered = dir.appendingPathComponent("\(item.name).rialpkg")
                try OutsideOracle.tamper(package, ["replace-text", path, item.old, item.new, "--cover"], output: tampered)
                let report = LibraryFixture.verify(tampered)
                #expect(report.verdict == .fail, "\(item.name): \(report.failures)")
                let malformed = report.checks.contains { $0.code.rawValue == "custody.event.malformed" && $0.seq == item.seq && $0.status == .fail }
                #expect(malformed == !item.valid, "\(item.name): \(report.failures)")
            }
        }
    }
}
