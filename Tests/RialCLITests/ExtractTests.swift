import Foundation
import RialTestSupport
import Testing

/// `rial extract`: verify first, then unpack only a passing package into a new, empty directory.
@Suite("Extract")
struct ExtractTests {
    @Test("a passing package is extracted with its verification reports beside it")
    func extracts() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            let package = try Fixture.pack(capture, in: dir)
            let result = CLI.rial(["extract", package.lastPathComponent, "-o", "out"], cwd: dir)
            try #require(result.status == 0, "\(result)")

            let out = dir.appendingPathComponent("out")
            let id = try #require(try Fixture.verifyJSON(package.path, cwd: dir).report.packageId)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
                    == [id, "\(id).verification.json", "\(id).verification.txt"])

            // The bag holds exactly what tar lists, byte for byte what was captured.
            let bag = out.appendingPathComponent(id)
            let tarFiles = try Fixture.tarList(package).filter { !$0.hasSuffix("/") }.map { String($0.dropFirst(id.count + 1)) }
            let extractedFiles = Fixture.regularFiles(bag)
            #expect(extractedFiles == tarFiles.sorted())
            for (source, target) in [
                ("media/capture.mov", "data/media/capture.mov"),
                ("depth/depth_000004.f32", "data/depth/depth_000004.f32"),
                ("app/metadata.json", "data/capture/metadata.json"),
                ("app/custody_log.json", "data/capture/custody_log.json"),
            ] {
                #expect(try Fixture.read(capture.appendingPathComponent(source)) == Fixture.read(bag.appendingPathComponent(target)), "\(target)")
            }

            let text = try Fixture.text(out.appendingPathComponent("\(id).verification.txt"))
            #expect(text.hasPrefix("PASS"), "\(text.prefix(200))")
            let json = try Report.decode(try Fixture.text(out.appendingPathComponent("\(id).verification.json")))
            #expect(json.verdict == "pass" && json.packageId == id)
        }
    }

    @Test("an existing empty directory is a valid destination")
    func emptyDestination() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: false)
            let result = CLI.rial(["extract", package.lastPathComponent, "-o", "out", "--quiet"], cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(Fixture.listing(dir.appendingPathComponent("out")).count > 3)
        }
    }

    @Test("a tampered package is refused with exit 1 and nothing is extracted", arguments: ["out-new", "out-empty"])
    func refusesTampered(destination: String) throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)
            let out = dir.appendingPathComponent(destination)
            if destination == "out-empty" { try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false) }
            let before = Fixture.listing(dir)

            let result = CLI.rial(["extract", tampered.lastPathComponent, "-o", destination, "--quiet"], cwd: dir)
            #expect(result.status == 1, "\(result)")
            if destination == "out-empty" {
                #expect(Fixture.listing(out).isEmpty, "\(Fixture.listing(out))")
            } else {
                #expect(!FileManager.default.fileExists(atPath: out.path))
            }
            #expect(Fixture.listing(dir) == before)
        }
    }

    @Test("an entry escaping the bag is refused and nothing is written outside the destination")
    func refusesTraversal() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let context = try TamperContext(package: package, scratch: dir.appendingPathComponent("original"))
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["add-raw", "\(context.top)/../../evil.txt", "evil"], output: tampered)
            let work = dir.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)

            let result = CLI.rial(["extract", tampered.path, "-o", "out", "--quiet"], cwd: work)
            #expect(result.status == 2, "\(result)")
            #expect(result.stdout.contains("archive.entry.invalid-name") || result.stderr.contains("archive.entry.invalid-name"), "\(result)")
            #expect(Fixture.listing(work).isEmpty, "\(Fixture.listing(work))")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("evil.txt").path))
        }
    }

    @Test("a non-empty destination is refused with exit 2 and left as it was")
    func refusesNonEmpty() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let out = dir.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
            try Data("keep me\n".utf8).write(to: out.appendingPathComponent("existing.txt"))

            let result = CLI.rial(["extract", package.lastPathComponent, "-o", "out", "--quiet"], cwd: dir)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("empty"), "\(result)")
            #expect(Fixture.listing(out) == ["existing.txt"])
            #expect(try Fixture.text(out.appendingPathComponent("existing.txt")) == "keep me\n")
        }
    }

    @Test("a file as destination is refused with exit 2")
    func refusesFileDestination() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            try Data("x".utf8).write(to: dir.appendingPathComponent("out"))
            let result = CLI.rial(["extract", package.lastPathComponent, "-o", "out", "--quiet"], cwd: dir)
            #expect(result.status == 2, "\(result)")
            #expect(try Fixture.text(dir.appendingPathComponent("out")) == "x")
        }
    }

    @Test("something that is not a package is refused with exit 2 and no directory is created")
    func refusesNonPackage() throws {
        try withTemporaryDirectory { dir in
            try Data("not a tar archive\n".utf8).write(to: dir.appendingPathComponent("notes.txt"))
            let result = CLI.rial(["extract", "notes.txt", "-o", "out", "--quiet"], cwd: dir)
            #expect(result.status == 2, "\(result)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
        }
    }

    @Test("an absolute destination path works like a relative one", arguments: ["absolute", "dotdot"])
    func absoluteDestination(form: String) throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let work = dir.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)
            let destination = form == "absolute" ? dir.appendingPathComponent("out").path : "../out"
            let result = CLI.rial(["extract", package.path, "-o", destination, "--quiet"], cwd: work)
            #expect(result.status == 0, "\(result)")
            #expect(Fixture.listing(dir.appendingPathComponent("out")).count > 3)
        }
    }
}
