import Foundation
import RialTestSupport
import Testing

/// `rial verify -` reads one package from standard input, once; `--files-from` takes a batch's
/// paths from a list; what cannot be read twice is never waited on (issue 21).
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

            // The same report as from the file with its media not examined, but for the name.
            let fromFile = CLI.rial(["verify", package.path, "-q", "--format", "json", "--no-examine-media"], cwd: dir)
            let fileReport = try Self.json(Data(fromFile.stdout.utf8))
            let codes = { (r: [String: Any]) in Self.checks(r).map { "\($0["code"] ?? "") \($0["status"] ?? "")" } }
            #expect(codes(fileReport) == codes(report))
            #expect(fileReport["manifest_sha256"] as? String == report["manifest_sha256"] as? String)
        }
    }

    @Test("with --examine-media a stream's media is NOT CHECKED, with the reason, never a failure")
    func streamMediaNotChecked() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let run = Self.shell("cat \(package.path) | \(CLI.rialPath) verify - -q --examine-media --format json", in: dir)
            #expect(run.status == 0, "\(run)")
            let media = Self.checks(try Self.json(run.stdout)).filter { ($0["code"] as? String)?.hasPrefix("media.") == true }
            #expect(!media.isEmpty)
            #expect(media.contains { $0["code"] as? String == "media.probe" })
            // media.probe, and the claims held against the media (media.location, media.device-model):
            // each NOT CHECKED, saying the package came from a stream.
            for check in media {
                #expect(check["status"] as? String == "not_checked", "\(check)")
                #expect((check["message"] as? String)?.contains("stream") == true, "\(check)")
            }
        }
    }

    @Test(
        "a named pipe given by name is read once like -: with a writer it verifies (its media NOT CHECKED, never opened again), and with --no-examine-media; with no writer it is refused at once",
        arguments: [[], ["--no-examine-media"]])
    func namedPipe(_ options: [String]) throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            try #require(Self.shell("mkfifo pipe.rialpkg", in: dir).status == 0)
            let rial = CLI.rialPath
            // The writer holds the pipe open before rial starts (opened read-write by the shell,
            // handed to cat, closed in the shell), so no scheduling can make it look writerless.
            let fed = Self.shell(
                "exec 3<>pipe.rialpkg; cat \(package.path) >&3 & exec 3>&-; \(rial) verify pipe.rialpkg -q --format json \(options.joined(separator: " ")); status=$?; wait; exit $status",
                in: dir)
            #expect(fed.status == 0 && !fed.timedOut, "\(fed)")
            let media = Self.checks(try Self.json(fed.stdout)).filter { $0["code"] as? String == "media.probe" }
            #expect(media.count == 1 && media.first?["status"] as? String == "not_checked", "\(media)")
            // No writer: an error at once, saying what to do (the time limit only guards a hang).
            let lonely = CLI.execute([rial, "verify", "pipe.rialpkg"] + options, cwd: dir, timeLimit: Self.timeLimit)
            #expect(lonely.status == 2 && !lonely.timedOut, "\(lonely)")
            #expect(String(decoding: lonely.stdout + lonely.stderr, as: UTF8.self).contains("a named pipe with no writer"), "\(lonely)")
        }
    }

    @Test("a pipe of zeros after a package ends the reading (archive.limit.padding); a record's padding does not")
    func zerosForEver() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let rial = CLI.rialPath
            let forever = Self.shell("cat \(package.path) /dev/zero | \(rial) verify - -q --format json", in: dir)
            #expect(!forever.timedOut && forever.status == 2, "\(forever)")
            let error = try Self.json(forever.stdout)["error"] as? [String: Any]
            #expect(error?["code"] as? String == "archive.limit.padding", "\(forever)")

            // 10 GiB of zeros (sparse) after the marker: refused after 1 MiB of them.
            let sparse = dir.appendingPathComponent("sparse.rialpkg")
            try FileManager.default.copyItem(at: package, to: sparse)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: sparse.path)[.size] as? Int)
            #expect(truncate(sparse.path, off_t(size) + (10 << 30)) == 0)
            let long = CLI.execute([rial, "verify", sparse.path, "-q", "--format", "json"], cwd: dir, timeLimit: Self.timeLimit)
            #expect(!long.timedOut && long.status == 2, "\(long)")
            #expect((try Self.json(long.stdout)["error"] as? [String: Any])?["code"] as? String == "archive.limit.padding")

            // What GNU tar leaves (padding to a 10240-byte record) still verifies.
            let padded = dir.appendingPathComponent("padded.rialpkg")
            try FileManager.default.copyItem(at: package, to: padded)
            #expect(truncate(padded.path, off_t(size + 10240 - size % 10240)) == 0)
            #expect(CLI.rial(["verify", padded.path, "-q"], cwd: dir).status == 0)
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

    @Test("rial extract refuses a FIFO and standard input (extract.not-a-file), rial seal a FIFO, instead of waiting for a second read")
    func extractFromStream() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let fifo = dir.appendingPathComponent("pkg.fifo")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            // No writer: opening the FIFO would wait for ever, and the hang guard would end the
            // test as failed. The refusal must come before any open.
            let run = CLI.execute([CLI.rialPath, "extract", "pkg.fifo", "-o", "out"], cwd: dir, timeLimit: Self.timeLimit)
            #expect(!run.timedOut && run.status == 2, "\(run)")
            #expect(String(decoding: run.stderr, as: UTF8.self).contains("[extract.not-a-file]"), "\(run)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))

            // Sealing reads the package again and replaces it: a FIFO is refused the same way.
            let pki = try TestPKI.make(in: dir)
            let sealed = CLI.execute([CLI.rialPath, "seal", "pkg.fifo", "--quiet"] + pki.signing(), cwd: dir, timeLimit: Self.timeLimit)
            #expect(!sealed.timedOut && sealed.status == 2, "\(sealed)")
            #expect(String(decoding: sealed.stderr, as: UTF8.self).contains("[amend.unverifiable]"), "\(sealed)")

            let piped = Self.shell("cat \(package.path) | \(CLI.rialPath) extract - -o out", in: dir)
            #expect(!piped.timedOut && piped.status == 2, "\(piped)")
            #expect(String(decoding: piped.stderr, as: UTF8.self).contains("[extract.not-a-file]"), "\(piped)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
        }
    }
}
