import Foundation
import Testing

/// sample → pack → verify, determinism, and names beyond ASCII.
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
            for code in ["archive.layout", "bag.declaration", "bag.payload-oxum", "bag.manifest.sha256",
                         "bag.manifest.sha512", "bag.tagmanifest.sha256", "rial.manifest"] {
                #expect(report.checks(code).map(\.status) == ["pass"], "check \(code)")
            }
        }
    }

    @Test("unchecked parts are reported honestly: seal is NOT PRESENT, never PASS")
    func honestAboutSeal() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)

            let text = CLI.rial(["verify", package.path, "--quiet"], cwd: dir)
            #expect(text.status == 0)
            let lines = text.stdout.split(separator: "\n").map(String.init)
            let sealLines = lines.filter { $0.range(of: #"^[A-Z ]+\s+seal\s"#, options: .regularExpression) != nil }
            #expect(sealLines.count == 1, "\(lines)")
            #expect(sealLines.allSatisfy { $0.hasPrefix("NOT PRESENT") }, "\(sealLines)")
            #expect(!lines.contains { $0.range(of: #"^PASS\s+(seal|timestamp|chain)\s"#, options: .regularExpression) != nil })

            let (_, report) = try Fixture.verifyJSON(package.path, cwd: dir)
            #expect(report.checks("seal").map(\.status) == ["not_present"])
            #expect(report.checks("timestamp").allSatisfy { $0.status != "pass" })
            #expect(report.summary.notPresent >= 1)
        }
    }

    @Test("the report's package id and manifest SHA-256 name what is in the archive")
    func reportIdentifiesPackage() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("x"))
            let (_, report) = try Fixture.verifyJSON(package.path, cwd: dir)

            #expect(report.packageId == bag.lastPathComponent)
            let sum = CLI.run([try Oracle.tool("sha256sum"), "rial/manifest.json"], cwd: bag)
            let digest = sum.stdout.split(separator: " ").first.map(String.init)
            #expect(digest != nil && report.manifestSha256 == digest, "\(sum)")
        }
    }

    @Test("two packs of one capture with the same --created are byte-identical")
    func deterministic() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            let first = try Fixture.pack(capture, in: dir, name: "first.rialpkg")
            let second = try Fixture.pack(capture, in: dir, name: "second.rialpkg")
            #expect(try Fixture.read(first) == Fixture.read(second))

            // A copy of the capture elsewhere packs to the same bytes: the id comes from content.
            let copy = dir.appendingPathComponent("elsewhere/capture")
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: capture, to: copy)
            let third = try Fixture.pack(copy, in: dir, name: "third.rialpkg")
            #expect(try Fixture.read(first) == Fixture.read(third))
        }
    }

    @Test("a different --created gives a different package id")
    func createdChangesID() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            let first = try Fixture.pack(capture, in: dir, name: "first.rialpkg")
            let later = dir.appendingPathComponent("later.rialpkg")
            let result = CLI.rial(["pack", capture.path, "-o", later.path, "--created", "2026-01-20T00:00:01Z", "--quiet"], cwd: dir)
            try #require(result.status == 0, "\(result)")

            let firstID = try Fixture.verifyJSON(first.path, cwd: dir).report.packageId
            let laterID = try Fixture.verifyJSON(later.path, cwd: dir).report.packageId
            #expect(firstID != nil && laterID != nil)
            #expect(firstID != laterID)
            #expect(try Fixture.tarList(later).first?.hasPrefix(try #require(laterID) + "/") == true)
        }
    }

    @Test("a different capture gives a different package id")
    func contentChangesID() throws {
        try withTemporaryDirectory { dir in
            let one = try Fixture.pack(try Fixture.sample(in: dir, name: "one", seed: 1), in: dir, name: "one.rialpkg")
            let two = try Fixture.pack(try Fixture.sample(in: dir, name: "two", seed: 2), in: dir, name: "two.rialpkg")
            #expect(try Fixture.verifyJSON(one.path, cwd: dir).report.packageId != Fixture.verifyJSON(two.path, cwd: dir).report.packageId)
        }
    }

    @Test("rial sample is deterministic for a seed")
    func sampleDeterministic() throws {
        try withTemporaryDirectory { dir in
            let a = try Fixture.sample(in: dir, name: "a", seed: 7)
            let b = try Fixture.sample(in: dir, name: "b", seed: 7)
            let c = try Fixture.sample(in: dir, name: "c", seed: 8)
            let files = Fixture.listing(a)
            #expect(files.contains("media/capture.mov"))
            #expect(files.contains("depth/depth_000001.f32") && files.contains("depth/depth_000004.f32"))
            #expect(!files.contains("depth/depth_000002.f32"))
            #expect(files.contains("app/metadata.json") && files.contains("app/custody_log.json"))
            #expect(files == Fixture.listing(b))
            for file in Fixture.regularFiles(a) {
                #expect(try Fixture.read(a.appendingPathComponent(file)) == Fixture.read(b.appendingPathComponent(file)), "\(file)")
            }
            #expect(try Fixture.read(a.appendingPathComponent("media/capture.mov")) != Fixture.read(c.appendingPathComponent("media/capture.mov")))
        }
    }

    @Test("--package-id names the top directory; --case, --organization, --description, --info go to bag-info.txt")
    func packOptions() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            let package = try Fixture.pack(capture, in: dir, options: [
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
            for line in ["External-Identifier: case-2026-117.a", "Bag-Group-Identifier: 2026-117",
                         "Source-Organization: County Lab Zürich", "External-Description: Szene: Straße 東京",
                         "Contact-Name: Jane Doe", "X-Note: a=b"] {
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
