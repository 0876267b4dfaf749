import Foundation
import Testing

/// sample → pack → verify end to end: the happy path's exit code and streams, pack's options,
/// and names beyond ASCII through pack, verify, extract and inspect. Honest reporting of what is
/// absent, the report naming the package, and determinism are in-process tests
/// (RialVerifierTests' RoundTripTests).
@Suite("Round trip")
struct RoundTripTests {
    @Test("a packed sample verifies: exit 0, PASS first, JSON verdict pass")
    func roundTrip() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)

            let text = CLI.rial(["verify", package.lastPathComponent, "--quiet"], cwd: dir)
            #expect(text.status == 0, "\(text)")
            #expect(text.firstLine.hasPrefix("PASS"), "\(text)")
            #expect(!text.stdout.contains("\nFAIL"), "\(text)")

            let (json, report) = try Fixture.verifyJSON(package.lastPathComponent, cwd: dir)
            #expect(json.status == 0, "\(json)")
            #expect(report.verdict == "pass")
            #expect(report.summary.fail == 0)
            #expect(report.failures.isEmpty, "\(report.failures)")
            #expect(report.error == nil)
            #expect(report.subject.kind == "package")
            #expect(report.summary.pass == report.checks.filter { $0.status == "pass" }.count)
            for code in [
                "archive.layout", "bag.declaration", "bag.payload-oxum", "bag.manifest.sha256",
                "bag.manifest.sha512", "bag.tagmanifest.sha256", "rial.manifest",
            ] {
                #expect(report.checks(code).map(\.status) == ["pass"], "check \(code)")
            }
        }
    }

    @Test("--package-id names the top directory; --case, --organization, --description, --info go to bag-info.txt")
    func packOptions() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            let package = try Fixture.pack(
                capture, in: dir,
                options: [
                    "--package-id", "case-2026-117.a",
                    "--case", "2026-117",
                    "--organization", "County Lab Zürich",
                    "--description", "Szene: Straße 東京",
                    "--info", "Contact-Name=Jane Doe",
                    "--info", "X-Note=a=b",
                ])
            #expect(try Fixture.tarList(package).allSatisfy { $0.hasPrefix("case-2026-117.a/") })
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("x"))
            let info = try Fixture.text(bag.appendingPathComponent("bag-info.txt"))
            for line in [
                "External-Identifier: case-2026-117.a", "Bag-Group-Identifier: 2026-117",
                "Source-Organization: County Lab Zürich", "External-Description: Szene: Straße 東京",
                "Contact-Name: Jane Doe", "X-Note: a=b",
            ] {
                #expect(info.split(separator: "\n").contains(Substring(line)), "\(line) in\n\(info)")
            }
            let (result, report) = try Fixture.verifyJSON(package.path, cwd: dir)
            #expect(result.status == 0 && report.packageId == "case-2026-117.a", "\(result)")
        }
    }

    @Test("a file name beyond ASCII survives pack, verify, tar and extract")
    func nonASCIIName() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            // The sample's real video, renamed: its name and its content are both examined.
            let name = "Zeugenaussage_Müller_東京.mov"
            try FileManager.default.moveItem(at: capture.appendingPathComponent("media/capture.mov"), to: capture.appendingPathComponent("media/\(name)"))
            let content = try Data(contentsOf: capture.appendingPathComponent("media/\(name)"))
            let package = try Fixture.pack(capture, in: dir)

            let verify = CLI.rial(["verify", package.path, "--quiet"], cwd: dir)
            #expect(verify.status == 0, "\(verify)")
            #expect(verify.firstLine.hasPrefix("PASS"))

            let entries = try Fixture.tarList(package)
            #expect(entries.contains { $0.hasSuffix("/data/media/\(name)") }, "\(entries)")

            let out = dir.appendingPathComponent("out")
            // A relative -o: an absolute one trips a known bug (see ExtractTests).
            let extract = CLI.rial(["extract", package.lastPathComponent, "-o", "out", "--quiet"], cwd: dir)
            try #require(extract.status == 0, "\(extract)")
            let id = try #require(entries.first?.split(separator: "/").first.map(String.init))
            let extracted = out.appendingPathComponent(id).appendingPathComponent("data/media/\(name)")
            #expect(try Fixture.read(extracted) == content)

            let inspection = try Fixture.inspectJSON(package.path, cwd: dir)
            #expect(inspection.files.contains { $0.path == "data/media/\(name)" && $0.role == "media" }, "\(inspection.files)")
        }
    }
}
