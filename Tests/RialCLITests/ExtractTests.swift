import Foundation
import RialTestSupport
import Testing

/// `rial extract` end to end: its exit statuses and what goes to standard output and error.
/// What the extractor writes and refuses is an in-process test (RialVerifierTests'
/// ExtractTests).
@Suite("Extract")
struct ExtractTests {
    @Test("a passing package is extracted, to a destination relative to the working directory: exit 0, where it went and its reports on stdout")
    func extracts() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let work = dir.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)
            let result = CLI.rial(["extract", package.path, "-o", "../out"], cwd: work)
            try #require(result.status == 0, "\(result)")
            let id = try #require(try Fixture.verifyJSON(package.path, cwd: dir).report.packageId)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted()
                    == [id, "\(id).verification.json", "\(id).verification.txt"])
            #expect(Fixture.listing(work).isEmpty)
            #expect(result.stdout.contains("Verified and extracted to ../out/\(id)\n"), "\(result)")
            #expect(result.stdout.contains("Report: ../out/\(id).verification.txt\n"), "\(result)")
            #expect(result.stdout.contains("Report: ../out/\(id).verification.json\n"), "\(result)")
        }
    }

    @Test("tampered, exit 1; an escaping entry, exit 2 and its code; a non-empty or file destination or not a package, exit 2 and why")
    func exitStatusesAndOutput() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)
            let failed = CLI.rial(["extract", tampered.lastPathComponent, "-o", "out-tampered", "--quiet"], cwd: dir)
            #expect(failed.status == 1 && failed.firstLine.hasPrefix("FAIL") && failed.stderr.contains("not extracted"), "\(failed)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out-tampered").path))

            let context = try TamperContext(package: package, scratch: dir.appendingPathComponent("original"))
            let escaping = dir.appendingPathComponent("escaping.rialpkg")
            try Oracle.tamper(package, ["add-raw", "\(context.top)/../../evil.txt", "evil"], output: escaping)
            let traversal = CLI.rial(["extract", escaping.lastPathComponent, "-o", "out-escaping", "--quiet"], cwd: dir)
            #expect(traversal.status == 2, "\(traversal)")
            #expect(traversal.stdout.contains("archive.entry.invalid-name") || traversal.stderr.contains("archive.entry.invalid-name"), "\(traversal)")

            let full = dir.appendingPathComponent("full")
            try FileManager.default.createDirectory(at: full, withIntermediateDirectories: false)
            try Data("keep me\n".utf8).write(to: full.appendingPathComponent("existing.txt"))
            let nonEmpty = CLI.rial(["extract", package.lastPathComponent, "-o", "full", "--quiet"], cwd: dir)
            #expect(nonEmpty.status == 2 && nonEmpty.stderr.contains("empty"), "\(nonEmpty)")
            #expect(Fixture.listing(full) == ["existing.txt"])

            try Data("x".utf8).write(to: dir.appendingPathComponent("file"))
            let file = CLI.rial(["extract", package.lastPathComponent, "-o", "file", "--quiet"], cwd: dir)
            #expect(file.status == 2, "\(file)")
            #expect(try Fixture.text(dir.appendingPathComponent("file")) == "x")

            try Data("not a tar archive\n".utf8).write(to: dir.appendingPathComponent("notes.txt"))
            let notAPackage = CLI.rial(["extract", "notes.txt", "-o", "out-notes", "--quiet"], cwd: dir)
            #expect(notAPackage.status == 2, "\(notAPackage)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out-notes").path))
        }
    }
}
