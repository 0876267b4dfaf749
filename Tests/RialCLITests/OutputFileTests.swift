import Foundation
import Testing

/// Every command that writes a file: an existing file is refused unless `--force` (a key never
/// replaced), a directory is refused even with `--force`, both before anything is read, and a
/// report's format is the one its extension names.
@Suite("Output files")
struct OutputFileTests {
    /// A writer: its arguments given `OUT`, and whether it has a `--force`.
    struct Writer: CustomStringConvertible, Sendable {
        let name: String
        let arguments: @Sendable (_ out: String) -> [String]
        var canReplace = true
        var description: String { name }
    }

    /// Each writer, with a package `case.rialpkg` and a capture `capture` in the directory.
    static let writers: [Writer] = [
        Writer(name: "pack", arguments: { ["pack", "capture", "-o", $0, "--quiet"] }),
        Writer(name: "report", arguments: { ["report", "case.rialpkg", "-o", $0, "--quiet"] }),
        Writer(name: "verify --report", arguments: { ["verify", "case.rialpkg", "--report", $0, "--quiet"] }),
        Writer(
            name: "chain compute",
            arguments: {
                [
                    "chain", "compute", "--frames", "capture/frames", "--timestamps", "ts.txt",
                    "--width", "64", "--height", "48", "-o", $0,
                ]
            }),
        // keygen -o PREFIX writes PREFIX.key first: the tests put their file or directory there.
        Writer(name: "keygen", arguments: { _ in ["keygen", "--subject", "CN=Jane Roe", "-o", "out"] }, canReplace: false),
    ]

    /// `case.rialpkg`, its capture and the capture's frame timestamps.
    private func inputs(in dir: URL) throws {
        let capture = try Fixture.sample(in: dir)
        _ = try Fixture.pack(capture, in: dir)
        try Data((1...10).map { String(format: "%.1f\n", Double($0) / 10) }.joined().utf8).write(to: dir.appendingPathComponent("ts.txt"))
    }

    @Test("an existing file is refused (exit 2, unchanged, says --force); --force replaces it", arguments: writers)
    func existingFile(writer: Writer) throws {
        try withTemporaryDirectory { dir in
            try inputs(in: dir)
            let out = dir.appendingPathComponent("out.html")
            let original = Data("an earlier file, keep it\n".utf8)
            let target = writer.name == "keygen" ? dir.appendingPathComponent("out.key") : out
            try original.write(to: target)

            let refused = CLI.rial(writer.arguments(out.lastPathComponent), cwd: dir)
            #expect(refused.status == 2, "\(refused)")
            #expect(refused.stderr.contains("already exists"), "\(refused)")
            #expect(refused.stderr.contains("--force") == writer.canReplace, "\(refused)")
            #expect(try Fixture.read(target) == original)
            #expect(Self.temporaryFiles(in: dir).isEmpty)
            guard writer.canReplace else { return }

            let forced = CLI.rial(writer.arguments(out.lastPathComponent) + ["--force"], cwd: dir)
            #expect([0, 1].contains(forced.status), "\(forced)")
            #expect(try Fixture.read(target) != original)
            #expect(Self.temporaryFiles(in: dir).isEmpty)
        }
    }

    @Test("a directory where the file goes is refused before anything is read, --force or not", arguments: writers)
    func directoryRefusedUpFront(writer: Writer) throws {
        try withTemporaryDirectory { dir in
            // No inputs at all: a writer that read anything first would complain about them.
            let out = dir.appendingPathComponent(writer.name == "keygen" ? "out.key" : "out.html")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
            for force in writer.canReplace ? [[], ["--force"]] : [[]] {
                let result = CLI.rial(writer.arguments("out.html") + force, cwd: dir)
                #expect(result.status == 2, "\(force): \(result)")
                #expect(result.stderr.contains("is a directory, not a file"), "\(force): \(result)")
                #expect(result.stderr.contains(writer.name == "pack" ? "[pack.output-not-a-file]" : "[io.output-not-a-file]"), "\(result)")
                #expect(Fixture.listing(dir) == [out.lastPathComponent], "\(Fixture.listing(dir))")
            }
        }
    }

    @Test("pack -o existing-dir --force: refused before the capture is read, nothing written")
    func packIntoDirectory() throws {
        try withTemporaryDirectory { dir in
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("out.rialpkg"), withIntermediateDirectories: false)
            // The capture does not exist: the refusal names the destination, so it came first.
            let result = CLI.rial(["pack", "no-such-capture", "-o", "out.rialpkg", "--force"], cwd: dir)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("pack.output-not-a-file") && !result.stderr.contains("pack.invalid-capture"), "\(result)")
            #expect(Fixture.listing(dir) == ["out.rialpkg"])
        }
    }

    @Test("a file in a directory that does not exist is refused before anything is read")
    func missingDirectory() throws {
        try withTemporaryDirectory { dir in
            let result = CLI.rial(["report", "no-such.rialpkg", "-o", "no-such-dir/r.html"], cwd: dir)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("cannot write into no-such-dir"), "\(result)")
        }
    }

    // MARK: Report formats

    @Test(
        "--report FILE takes its format from the extension",
        arguments: [
            ("r.txt", "PASS"), ("r.TXT", "PASS"), ("r.json", "{"), ("r.xml", "<?xml"), ("r.html", "<!DOCTYPE html>"), ("r.htm", "<!DOCTYPE html>"),
        ])
    func reportFormat(name: String, start: String) throws {
        try withTemporaryDirectory { dir in
            _ = try Fixture.package(in: dir)
            for format in ["text", "json"] {
                let result = CLI.rial(["verify", "case.rialpkg", "--report", name, "--format", format, "--quiet", "--force"], cwd: dir)
                #expect(result.status == 0, "\(result)")
                let written = try Fixture.text(dir.appendingPathComponent(name))
                #expect(written.hasPrefix(start), "\(name) with --format \(format): \(written.prefix(200))")
                // Standard output keeps --format whatever the file is.
                #expect(format == "json" ? result.stdout.hasPrefix("{") : result.stdout.hasPrefix("PASS"), "\(result)")
            }
        }
    }

    @Test("--report FILE with an extension that names no format is a usage error with a hint", arguments: ["r.htmlx", "report", "r.pdf", ".json"])
    func reportWithoutFormat(name: String) throws {
        try withTemporaryDirectory { dir in
            _ = try Fixture.package(in: dir)
            let result = CLI.rial(["verify", "case.rialpkg", "--report", name], cwd: dir)
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains(".txt, .json, .xml or .html"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path))
        }
    }

    // MARK: report

    @Test("rial report of a package that cannot be read writes nothing and exits 2")
    func reportOfMissingPackage() throws {
        try withTemporaryDirectory { dir in
            let result = CLI.rial(["report", "no-such.rialpkg", "-o", "r.html", "--quiet"], cwd: dir)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("no report written"), "\(result)")
            #expect(result.stderr.contains("input.unreadable"), "\(result)")
            #expect(Fixture.listing(dir).isEmpty, "\(Fixture.listing(dir))")
        }
    }

    @Test("rial report of a file that is read but is not a package still writes the report of that")
    func reportOfNotAPackage() throws {
        try withTemporaryDirectory { dir in
            try Data("notes, not a package\n".utf8).write(to: dir.appendingPathComponent("notes.rialpkg"))
            let result = CLI.rial(["report", "notes.rialpkg", "-o", "r.html", "--quiet"], cwd: dir)
            #expect(result.status == 2, "\(result)")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.html").path))
        }
    }

    static func temporaryFiles(in dir: URL) -> [String] {
        Fixture.listing(dir).filter { $0.contains(".tmp-") }
    }
}
