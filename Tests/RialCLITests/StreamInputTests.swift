import Foundation
import RialTestSupport
import Testing

/// `rial verify -` reads one package from standard input, once; `--files-from` takes a batch's
/// paths from a list; what cannot be read twice is never waited on (issue 21). These are the
/// commands end to end; the library reading a named pipe, media not examined in a stream, the
/// padding limit and the extractor's and amender's refusals of a FIFO are in-process tests
/// (RialVerifierTests' StreamInputTests).
@Suite("Packages from a stream")
struct StreamInputTests {
    /// A hang guard, not a speed test: each of these runs takes well under 2 s in a debug build.
    static let timeLimit: TimeInterval = 120

    /// Runs a shell command line in `dir` (pipes and redirections are the point here).
    static func shell(_ line: String, in dir: URL) -> CLI.RawRun {
        CLI.execute(["/bin/sh", "-c", line], cwd: dir, timeLimit: timeLimit)
    }

    static func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func checks(_ report: [String: Any]) -> [[String: Any]] {
        report["checks"] as? [[String: Any]] ?? []
    }

    @Test("a package piped into rial verify - passes, and every format names the input -")
    func standardInput() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let rial = CLI.rialPath
            let json = Self.shell("cat \(package.path) | \(rial) verify - -q --format json", in: dir)
            #expect(json.status == 0 && !json.timedOut, "\(json)")
            let report = try Self.json(json.stdout)
            #expect((report["subject"] as? [String: Any])?["path"] as? String == "-")
            #expect((report["subject"] as? [String: Any])?["kind"] as? String == "package")
            #expect(report["verdict"] as? String == "pass")
            // The schema takes `-` as the input's path.
            try json.stdout.write(to: dir.appendingPathComponent("stdin.json"))
            let valid = try Oracle.validate(schema: "report.schema.json", ["stdin.json"], cwd: dir)
            #expect(valid.status == 0, "\(valid)")

            let text = Self.shell("\(rial) verify - -q < \(package.path)", in: dir)
            #expect(text.status == 0 && String(decoding: text.stdout, as: UTF8.self).hasPrefix("PASS  -  (internally consistent)\n"), "\(text)")
            let lines = Self.shell("cat \(package.path) | \(rial) verify - -q --format jsonl", in: dir)
            let first = try Self.json(Data(String(decoding: lines.stdout, as: UTF8.self).split(separator: "\n")[0].utf8))
            #expect(lines.status == 0 && first["path"] as? String == "-", "\(lines)")
            let xml = Self.shell("cat \(package.path) | \(rial) verify - -q --format xml", in: dir)
            #expect(xml.status == 0 && String(decoding: xml.stdout, as: UTF8.self).contains("<path>-</path>"), "\(xml)")
        }
    }

    @Test("end to end: a named pipe with no writer is refused at once (exit 2), saying what to do")
    func namedPipeWithoutWriter() throws {
        try withTemporaryDirectory { dir in
            try #require(Self.shell("mkfifo pipe.rialpkg", in: dir).status == 0)
            // A pipe with a writer, read once, is an in-process test (RialVerifierTests' StreamInputTests).
            let lonely = CLI.execute([CLI.rialPath, "verify", "pipe.rialpkg"], cwd: dir, timeLimit: Self.timeLimit)
            #expect(lonely.status == 2 && !lonely.timedOut, "\(lonely)")
            #expect(String(decoding: lonely.stdout + lonely.stderr, as: UTF8.self).contains("a named pipe with no writer"), "\(lonely)")
        }
    }

    @Test("end to end: a pipe of zeros after a package on - ends the reading (archive.limit.padding, exit 2)")
    func zerosForEver() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let rial = CLI.rialPath
            let forever = Self.shell("cat \(package.path) /dev/zero | \(rial) verify - -q --format json", in: dir)
            #expect(!forever.timedOut && forever.status == 2, "\(forever)")
            let error = try Self.json(forever.stdout)["error"] as? [String: Any]
            #expect(error?["code"] as? String == "archive.limit.padding", "\(forever)")
        }
    }

    @Test("- is refused twice, and beside --files-from -")
    func standardInputOnce() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let twice = Self.shell("cat \(package.path) | \(CLI.rialPath) verify - - -q", in: dir)
            #expect(twice.status == 64, "\(twice)")
            let both = Self.shell("echo \(package.path) | \(CLI.rialPath) verify - --files-from - -q", in: dir)
            #expect(both.status == 64, "\(both)")
        }
    }

    @Test("--files-from reads paths one a line (CR LF, empty lines), or NUL-separated; a missing one is an error line")
    func filesFrom() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            try FileManager.default.copyItem(at: package, to: dir.appendingPathComponent("second copy.rialpkg"))
            let list = dir.appendingPathComponent("list.txt")
            try Data("case.rialpkg\r\n\nsecond copy.rialpkg\nmissing.rialpkg\n".utf8).write(to: list)
            let run = CLI.rial(["verify", "--files-from", list.path, "--format", "jsonl", "-q", "--jobs", "2"], cwd: dir)
            #expect(run.status == 2, "\(run)")
            let lines = try run.stdout.split(separator: "\n").map { try Self.json(Data($0.utf8)) }
            #expect(lines.compactMap { $0["path"] as? String } == ["case.rialpkg", "second copy.rialpkg", "missing.rialpkg"])
            #expect(lines.compactMap { $0["verdict"] as? String } == ["pass", "pass", "error"])

            let piped = Self.shell(
                "printf 'case.rialpkg\\0second copy.rialpkg\\0' | \(CLI.rialPath) verify --files-from - --null --format jsonl -q case.rialpkg", in: dir)
            #expect(piped.status == 0, "\(piped)")
            #expect(String(decoding: piped.stdout, as: UTF8.self).split(separator: "\n").count == 4, "\(piped)")

            let empty = dir.appendingPathComponent("empty.txt")
            try Data("\n\n".utf8).write(to: empty)
            #expect(CLI.rial(["verify", "--files-from", empty.path, "-q"], cwd: dir).status == 2)
            #expect(CLI.rial(["verify", "--files-from", "no-such-list.txt", "-q"], cwd: dir).status == 2)
            #expect(CLI.rial(["verify", "--null", "case.rialpkg", "-q"], cwd: dir).status == 64)
        }
    }

    @Test("end to end: rial extract - refuses standard input (extract.not-a-file, exit 2) instead of waiting for a second read")
    func extractFromStream() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            // A FIFO refused by the extractor and by sealing is an in-process test (RialVerifierTests' StreamInputTests).
            let piped = Self.shell("cat \(package.path) | \(CLI.rialPath) extract - -o out", in: dir)
            #expect(!piped.timedOut && piped.status == 2, "\(piped)")
            #expect(String(decoding: piped.stderr, as: UTF8.self).contains("[extract.not-a-file]"), "\(piped)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
        }
    }
}
