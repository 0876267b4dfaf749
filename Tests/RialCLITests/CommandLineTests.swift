import Foundation
import RialTestSupport
import Testing

/// Exit statuses, help texts, and how pack, verify and inspect behave at the edges.
@Suite("Command line")
struct CommandLineTests {
    // MARK: Exit statuses

    @Test(
        "usage errors exit 64",
        arguments: [
            ["verify"],
            ["verify", "--bogus", "x.rialpkg"],
            ["verify", "x.rialpkg", "--format", "yaml"],
            ["pack"],
            ["pack", "capture"],
            ["pack", "capture", "-o", "x.rialpkg", "--bogus"],
            ["inspect"],
            ["extract", "x.rialpkg"],
            ["no-such-command"],
        ])
    func usageErrors(args: [String]) throws {
        try withTemporaryDirectory { dir in
            let result = CLI.rial(args, cwd: dir)
            #expect(result.status == 64, "\(result)")
            #expect(!result.stderr.isEmpty)
        }
    }

    @Test("rial with no arguments is a usage error (exit 64)")
    func noArguments() throws {
        try withTemporaryDirectory { dir in
            let result = CLI.rial([], cwd: dir)
            // Usage on stderr, exit 64: a script that forgot its arguments must not read success.
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains("USAGE"), "\(result)")
        }
    }

    @Test(
        "invalid option values of pack exit 64 and write nothing",
        arguments: [
            ["--created", "yesterday"],
            ["--created", "2026-13-01T00:00:00Z"],
            ["--package-id", "../evil"],
            ["--package-id", "-starts-with-dash"],
            ["--info", "Payload-Oxum=1.1"],
            ["--info", "bad label=x"],
        ])
    func invalidPackOptions(options: [String]) throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            let result = CLI.rial(["pack", capture.path, "-o", "out.rialpkg"] + options, cwd: dir)
            #expect(result.status == 64, "\(result)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
        }
    }

    @Test("what is not a package cannot be verified: exit 2, ERROR first, JSON verdict error", arguments: ["missing", "text", "empty", "directory"])
    func cannotVerify(kind: String) throws {
        try withTemporaryDirectory { dir in
            let path: String
            switch kind {
            case "missing": path = "no-such.rialpkg"
            case "text":
                path = "notes.rialpkg"
                try Data("these are notes, not a tar archive\n".utf8).write(to: dir.appendingPathComponent(path))
            case "empty":
                path = "empty.rialpkg"
                try Data().write(to: dir.appendingPathComponent(path))
            default:
                path = "plain-dir"
                try FileManager.default.createDirectory(at: dir.appendingPathComponent(path), withIntermediateDirectories: false)
            }
            let text = CLI.rial(["verify", path, "--quiet"], cwd: dir)
            #expect(text.status == 2, "\(text)")
            #expect(text.firstLine.hasPrefix("ERROR"), "\(text)")

            let (json, report) = try Fixture.verifyJSON(path, cwd: dir)
            #expect(json.status == 2)
            #expect(report.verdict == "error")
            #expect(report.error?.code.isEmpty == false)
            #expect(report.checks.allSatisfy { $0.status != "pass" })
        }
    }

    @Test("inspect of something that is not a package exits 2")
    func inspectNotAPackage() throws {
        try withTemporaryDirectory { dir in
            try Data("not a package\n".utf8).write(to: dir.appendingPathComponent("notes.txt"))
            #expect(CLI.rial(["inspect", "notes.txt"], cwd: dir).status == 2)
            #expect(CLI.rial(["inspect", "missing.rialpkg"], cwd: dir).status == 2)
        }
    }

    @Test("with several paths: 1 if any failed, else 2 if any could not be verified, else 0")
    func severalPaths() throws {
        try withTemporaryDirectory { dir in
            let good = try Fixture.package(in: dir)
            let bad = dir.appendingPathComponent("bad.rialpkg")
            try Oracle.tamper(good, ["remove", "data/media/capture.mov"], output: bad)
            try Data("x\n".utf8).write(to: dir.appendingPathComponent("notes.txt"))
            let g = good.lastPathComponent, b = bad.lastPathComponent, n = "notes.txt"

            let expectations: [([String], Int32)] = [([g, g], 0), ([g, n], 2), ([n, g], 2), ([g, b], 1), ([n, b, g], 1)]
            for (paths, status) in expectations {
                let result = CLI.rial(["verify"] + paths + ["--quiet"], cwd: dir)
                #expect(result.status == status, "\(paths): \(result)")
                let json = CLI.rial(["verify"] + paths + ["--format", "json", "--quiet"], cwd: dir)
                #expect(json.status == status, "\(paths) json: \(json)")
                let reports = try #require(try? Report.decodeList(json.stdout), "\(json)")
                #expect(reports.map(\.subject.path) == paths)
            }
        }
    }

    // MARK: Help

    @Test(
        "help texts explain the exit statuses 0, 1, 2 and 64",
        arguments: [
            ["--help"], ["verify", "--help"], ["help", "verify"], ["pack", "--help"], ["extract", "--help"],
        ])
    func helpExitStatus(args: [String]) throws {
        try withTemporaryDirectory { dir in
            let result = CLI.rial(args, cwd: dir)
            #expect(result.status == 0, "\(result)")
            let help = result.stdout
            #expect(help.contains("Exit status"), "\(help)")
            for code in ["0", "1", "2", "64"] {
                #expect(help.range(of: "(?m)^\\s+\(code)\\s+\\S", options: .regularExpression) != nil, "exit status \(code) in \(help)")
            }
        }
    }

    // MARK: pack

    @Test("pack refuses to overwrite without --force (exit 2, file unchanged), replaces with --force")
    func packForce() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            let existing = dir.appendingPathComponent("case.rialpkg")
            let original = Data("an earlier package, keep it\n".utf8)
            try original.write(to: existing)

            let refused = CLI.rial(["pack", capture.path, "-o", existing.lastPathComponent, "--quiet"], cwd: dir)
            #expect(refused.status == 2, "\(refused)")
            #expect(refused.stderr.contains("--force"), "\(refused)")
            #expect(try Fixture.read(existing) == original)
            #expect(try temporaryFiles(in: dir).isEmpty)

            let forced = CLI.rial(["pack", capture.path, "-o", existing.lastPathComponent, "--force", "--quiet"], cwd: dir)
            #expect(forced.status == 0, "\(forced)")
            #expect(try Fixture.read(existing) != original)
            #expect(CLI.rial(["verify", existing.path, "--quiet"], cwd: dir).status == 0)
            #expect(try temporaryFiles(in: dir).isEmpty)
        }
    }

    @Test("a pack that cannot put its package in place leaves no temporary file and no output")
    func packFailureLeavesNothing() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            // --force onto a directory: refused before anything is read or written (it used to be
            // written whole, then fail at the rename; OutputFileTests has the up-front refusal).
            let out = dir.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out.appendingPathComponent("case.rialpkg"), withIntermediateDirectories: true)
            let result = CLI.rial(["pack", capture.path, "-o", "out/case.rialpkg", "--force", "--quiet"], cwd: dir)
            #expect(result.status == 2, "\(result)")
            #expect(try temporaryFiles(in: out).isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["case.rialpkg"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("case.rialpkg").path).isEmpty)
        }
    }

    @Test("pack refuses a capture that is not valid, exit 2, and writes nothing", arguments: ["no-media", "symlink", "missing"])
    func packInvalidCapture(problem: String) throws {
        try withTemporaryDirectory { dir in
            let capture: URL
            switch problem {
            case "no-media":
                capture = try Fixture.sample(in: dir)
                try FileManager.default.removeItem(at: capture.appendingPathComponent("media"))
            case "symlink":
                capture = try Fixture.sample(in: dir)
                try FileManager.default.createSymbolicLink(
                    atPath: capture.appendingPathComponent("media/link.mov").path,
                    withDestinationPath: "capture.mov")
            default:
                capture = dir.appendingPathComponent("no-such-capture")
            }
            let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            let result = CLI.rial(["pack", capture.path, "-o", "case.rialpkg", "--quiet"], cwd: dir)
            #expect(result.status == 2, "\(result)")
            if problem == "no-media" { #expect(result.stderr.contains("media/"), "\(result)") }
            if problem == "symlink" { #expect(result.stderr.contains("link.mov"), "\(result)") }
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
        }
    }

    @Test("pack --quiet prints the manifest SHA-256 alone; without it, the id and manifest SHA-256 are shown, frames folded")
    func packOutput() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            let quiet = CLI.rial(["pack", capture.path, "-o", "quiet.rialpkg", "--created", Fixture.created, "--quiet"], cwd: dir)
            let quietSHA256 = try #require(try Fixture.verifyJSON("quiet.rialpkg", cwd: dir).report.manifestSha256)
            #expect(quiet.status == 0 && quiet.stdout == quietSHA256 + "\n" && quiet.stderr.isEmpty, "\(quiet)")

            let loud = CLI.rial(["pack", capture.path, "-o", "loud.rialpkg", "--created", Fixture.created], cwd: dir)
            #expect(loud.status == 0, "\(loud)")
            let report = try Fixture.verifyJSON("loud.rialpkg", cwd: dir).report
            let shown = loud.stdout + loud.stderr
            #expect(shown.contains(try #require(report.packageId)), "\(loud)")
            #expect(shown.contains(try #require(report.manifestSha256)), "\(loud)")
            // The sample's 10 frame files are one line; --verbose lists each.
            #expect(loud.stdout.contains("frames/frame_000001.raw … frame_000010.raw -> data/frames/  (10 files, frame material)"), "\(loud.stdout)")
            let verbose = CLI.rial(["pack", capture.path, "--plan", "--verbose"], cwd: dir)
            #expect(
                verbose.status == 0 && verbose.stdout.contains("frames/frame_000010.raw") && verbose.stdout.contains("-> data/frames/frame_000010.raw"),
                "\(verbose)")
        }
    }

    // MARK: verify --report

    @Test("--report FILE.json writes the JSON report, --report FILE.txt the text report", arguments: [true, false])
    func reportFile(tampered: Bool) throws {
        try withTemporaryDirectory { dir in
            var package = try Fixture.package(in: dir)
            if tampered {
                let bad = dir.appendingPathComponent("bad.rialpkg")
                try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "1"], output: bad)
                package = bad
            }
            let status: Int32 = tampered ? 1 : 0
            let json = CLI.rial(["verify", package.path, "--report", "report.json", "--quiet"], cwd: dir)
            #expect(json.status == status, "\(json)")
            #expect(json.firstLine.hasPrefix(tampered ? "FAIL" : "PASS"), "stdout stays text: \(json)")
            let report = try Report.decode(try Fixture.text(dir.appendingPathComponent("report.json")))
            #expect(report.verdict == (tampered ? "fail" : "pass"))

            let text = CLI.rial(["verify", package.path, "--report", "report.txt", "--format", "json", "--quiet"], cwd: dir)
            #expect(text.status == status, "\(text)")
            #expect((try? Report.decode(text.stdout)) != nil, "stdout stays JSON: \(text)")
            #expect(try Fixture.text(dir.appendingPathComponent("report.txt")).hasPrefix(tampered ? "FAIL" : "PASS"))
        }
    }

    // MARK: inspect

    @Test("inspect --format json lists every file with its size and, for files the manifest claims, its role")
    func inspectJSON() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let inspection = try Fixture.inspectJSON(package.lastPathComponent, cwd: dir)
            let id = try #require(inspection.packageId)
            #expect(inspection.packageDirectory == id)

            let tarFiles = try Fixture.tarList(package).filter { !$0.hasSuffix("/") }.map { String($0.dropFirst(id.count + 1)) }
            #expect(inspection.files.map(\.path).sorted() == tarFiles.sorted())

            let roles: [(prefix: String, role: String)] = [
                ("data/media/", "media"), ("data/depth/", "depth"), ("data/capture/", "capture_app"),
                ("bagit.txt", "bag_declaration"), ("bag-info.txt", "bag_info"),
                ("manifest-sha256.txt", "payload_manifest"), ("manifest-sha512.txt", "payload_manifest"), ("README.txt", "readme"),
            ]
            for (prefix, role) in roles {
                let files = inspection.files.filter { $0.path.hasPrefix(prefix) }
                #expect(!files.isEmpty, "no file under \(prefix)")
                #expect(files.allSatisfy { $0.role == role }, "\(files)")
            }
            let media = try #require(inspection.files.first { $0.path == "data/media/capture.mov" })
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("x"))
            #expect(media.size == UInt64(try Fixture.read(bag.appendingPathComponent("data/media/capture.mov")).count))
            #expect(
                media.claimedSha256
                    == (try TamperContext(package: package, scratch: dir.appendingPathComponent("y"))
                        .expand("{sha256:data/media/capture.mov}")))
        }
    }

    @Test("inspect says it does not verify, shows whole roles, and names rial's own files by what they are")
    func inspectText() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let result = CLI.rial(["inspect", package.lastPathComponent], cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("not verified"), "\(result)")
            #expect(!result.firstLine.hasPrefix("PASS"))
            #expect(result.stdout.contains("data/media/capture.mov"))
            let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
            func role(_ path: String) -> String? { lines.first { $0.last == path }.map { $0.dropFirst().dropLast().joined(separator: " ") } }
            #expect(role("data/capture.json") == "capture_descriptor")
            #expect(role("rial/manifest.json") == "(rial manifest)")
            #expect(role("rial/custody/000001.json") == "(custody event)")
            #expect(role("tagmanifest-sha256.txt") == "(tag manifest)")
            #expect(!result.stdout.contains("(unlisted)"), "\(result.stdout)")
        }
    }

    private func temporaryFiles(in dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
    }
}
