import Foundation
import Testing

/// What rial writes to standard output must get there: a report sent to a full disk is not
/// "done". `/dev/full` refuses every write with ENOSPC.
@Suite("Standard output that cannot be written")
struct StandardOutputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let status: Int32
        init(_ arguments: [String], _ status: Int32) { (self.arguments, self.status) = (arguments, status) }
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "a command whose output cannot be written says so and does not exit 0; a failed verdict keeps its 1",
        arguments: [
            Case(["verify", "PKG", "--format", "json"], 2), Case(["verify", "PKG"], 2), Case(["inspect", "PKG"], 2), Case(["custody", "show", "PKG"], 2),
            Case(["--help"], 2), Case(["verify", "TAMPERED"], 1),
        ])
    func fullDisk(_ item: Case) throws {
        let (arguments, status) = (item.arguments, item.status)
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "7"], output: tampered)
            let words = arguments.map { $0 == "PKG" ? package.path : $0 == "TAMPERED" ? tampered.path : $0 }
            let result = CLI.run(["/bin/sh", "-c", ([CLI.rialPath] + words).map { "'\($0)'" }.joined(separator: " ") + " > /dev/full"], cwd: dir)
            #expect(result.status == status, "\(words): \(result)")
            #expect(result.stderr.contains("cannot write to standard output (No space left on device)") && result.stderr.contains("[io.failed]"), "\(result)")
            // The same command with somewhere to write succeeds as before.
            if status == 2 { #expect(CLI.rial(words, cwd: dir).status == 0) }
        }
    }

    /// A retry after "could not complete" would append a second event or find the output there.
    @Test("a command whose work is done elsewhere (pack, custody append) keeps its status when only its summary cannot be written, and says the work is done")
    func summaryOnly() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            let package = dir.appendingPathComponent("made.rialpkg")
            let shell = { (words: [String]) in
                CLI.run(["/bin/sh", "-c", ([CLI.rialPath] + words).map { "'\($0)'" }.joined(separator: " ") + " > /dev/full"], cwd: dir)
            }
            for words in [
                ["pack", capture.path, "-o", package.path],
                ["custody", "append", package.path, "--action", "NOTE", "--actor-name", "Jane Roe", "--details", "summary lost"],
            ] {
                let result = shell(words)
                #expect(result.status == 0, "\(words): \(result)")
                #expect(result.stderr.contains("its summary is incomplete; the work itself is done [io.failed]"), "\(result)")
            }
            let (_, report) = try Fixture.verifyJSON(package.path, cwd: dir)
            #expect(report.verdict == "pass" && report.custody?.events.last?.details == "summary lost", "the package was made and amended")
        }
    }
}
