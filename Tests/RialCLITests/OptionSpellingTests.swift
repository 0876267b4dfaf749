import Foundation
import RialTestSupport
import Testing

/// One spelling for one thing across commands, output a script can read, and English.
@Suite("Option spellings and output")
struct OptionSpellingTests {
    @Test("sample takes -o, --output and --out, and writes the same capture with each", arguments: ["-o", "--output", "--out"])
    func sampleOutput(option: String) throws {
        try withTemporaryDirectory { dir in
            let result = CLI.rial(["sample", option, "capture"] + Fixture.sampleOptions, cwd: dir)
            #expect(result.status == 0, "\(result)")
            let reference = try Fixture.sample(in: dir, name: "reference")
            #expect(Fixture.regularFiles(dir.appendingPathComponent("capture")) == Fixture.regularFiles(reference))
        }
    }

    @Test("keygen takes -o, --output and --out", arguments: ["-o", "--output", "--out"])
    func keygenOutput(option: String) throws {
        try withTemporaryDirectory { dir in
            let result = CLI.rial(["keygen", "--subject", "CN=Jane Roe", option, "jane"], cwd: dir)
            #expect(result.status == 0, "\(result)")
            let written = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
            #expect(written == ["jane.key", "jane.pem"])
        }
    }

    @Test(
        "every command that writes a file takes --out as it takes -o and --output",
        arguments: [
            ["pack", "capture", "--out", "out.rialpkg", "--quiet"],
            ["report", "case.rialpkg", "--out", "out.html", "--quiet"],
            ["extract", "case.rialpkg", "--out", "out"],
            ["timestamp", "request", "case.rialpkg", "--out", "out.tsq"],
        ])
    func outEverywhere(arguments: [String]) throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            let package = try Fixture.pack(capture, in: dir, options: arguments[0] == "timestamp" ? (try TestPKI.make(in: dir).signing()) : [])
            _ = package
            let result = CLI.rial(arguments, cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(arguments[arguments.firstIndex(of: "--out")! + 1]).path))
        }
    }

    @Test("pack and custody append take --organization and --org alike; both at once is a usage error")
    func organisation() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            for (index, option) in ["--organization", "--org"].enumerated() {
                let package = try Fixture.pack(
                    capture, in: dir, name: "case-\(index).rialpkg",
                    options: [option, "County Lab", "--actor-name", "Jane Roe"])
                let appended = CLI.rial(
                    [
                        "custody", "append", package.path, "--action", "NOTE", "--actor-name", "J. Roe",
                        option, "Metro PD", "--quiet",
                    ], cwd: dir)
                #expect(appended.status == 0, "\(option): \(appended)")
                let report = try Fixture.verifyJSON(package.path, cwd: dir).report
                let organisations = report.custody?.events.compactMap { $0.actor?.organisation } ?? []
                #expect(organisations.suffix(2) == ["County Lab", "Metro PD"], "\(option): \(organisations)")
                let text = CLI.rial(["inspect", package.path], cwd: dir).stdout
                #expect(text.contains("Source-Organization: County Lab"), "\(option): \(text)")
            }
            let both = CLI.rial(["pack", capture.path, "-o", "both.rialpkg", "--organization", "A", "--org", "B"], cwd: dir)
            #expect(both.status == 64, "\(both)")
            let bothAppend = CLI.rial(
                [
                    "custody", "append", "case-0.rialpkg", "--action", "NOTE", "--actor-name", "J. Roe",
                    "--organization", "A", "--org", "B",
                ], cwd: dir)
            #expect(bothAppend.status == 64, "\(bothAppend)")
        }
    }

    @Test("custody append -q prints the new head's SHA-256 and nothing else")
    func appendQuietPrintsTheHead() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let result = CLI.rial(["custody", "append", package.path, "--action", "NOTE", "--actor-name", "J. Roe", "-q"], cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.wholeMatch(of: /[0-9a-f]{64}\n/) != nil, "\(result)")
            let head = try #require(Fixture.verifyJSON(package.path, cwd: dir).report.custody?.head?.sha256)
            #expect(result.stdout == head + "\n")
            #expect(CLI.rial(["verify", package.path, "--custody-head", head, "--quiet"], cwd: dir).status == 0)
        }
    }

    @Test("counts agree with their nouns: Packed 1 file")
    func plurals() throws {
        try withTemporaryDirectory { dir in
            let capture = dir.appendingPathComponent("one")
            try FileManager.default.createDirectory(at: capture.appendingPathComponent("media"), withIntermediateDirectories: true)
            try Data("not really a movie".utf8).write(to: capture.appendingPathComponent("media/capture.mov"))
            // Not media: packed unread, as --no-examine-media asks.
            let one = CLI.rial(["pack", capture.path, "-o", "one.rialpkg", "--no-examine-media"], cwd: dir)
            #expect(one.status == 0, "\(one)")
            #expect(one.stdout.contains("Packed 1 file (18 bytes) into one.rialpkg"), "\(one)")
            #expect(one.stdout.contains("; 1 file:"), "\(one)")
        }
    }
}
