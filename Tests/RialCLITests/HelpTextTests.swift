import Foundation
import Testing

/// The help of every command, held against `Golden/help/<command>.txt` as swift-argument-parser
/// holds its examples' help (`AssertHelp`): an option renamed, a default or an example changed
/// shows up as a diff to review. Help is wrapped at 80 columns whatever the terminal, so each
/// example stays on its own line(s).
///
/// After a deliberate change, record them again with
/// `RIAL_UPDATE_GOLDEN=1 swift test --filter HelpTextTests` and read the diff.
@Suite("Help texts")
struct HelpTextTests {
    static let goldenDirectory = CLI.repoRoot.appendingPathComponent("Tests/RialCLITests/Golden/help")

    /// Every command and subcommand, as typed after `rial`; `[]` is `rial` itself.
    static let commands: [[String]] = [
        [], ["sample"], ["pack"], ["verify"], ["report"], ["inspect"], ["extract"], ["chain"], ["chain", "compute"],
        ["keygen"], ["seal"], ["timestamp"], ["timestamp", "request"], ["timestamp", "attach"], ["renew"], ["renew", "request"], ["renew", "attach"],
        ["custody"], ["custody", "append"], ["custody", "show"], ["receipt"], ["receipt", "verify"],
        ["audit"], ["ledger"], ["ledger", "history"], ["ledger", "report"], ["ledger", "export"], ["ledger", "verify"], ["ledger", "forget"],
    ]

    static func goldenFile(_ command: [String]) -> URL {
        goldenDirectory.appendingPathComponent((["rial"] + command).joined(separator: "-") + ".txt")
    }

    static func help(_ command: [String], columns: Int? = 80, cwd: URL) -> CommandResult {
        CLI.run([CLI.rialPath] + command + ["--help"], cwd: cwd, environment: columns.map { ["COLUMNS": String($0)] })
    }

    @Test("rial CMD --help is the recorded help", arguments: commands)
    func goldenHelp(command: [String]) throws {
        try withTemporaryDirectory { dir in
            let result = Self.help(command, cwd: dir)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            let file = Self.goldenFile(command)
            if ProcessInfo.processInfo.environment["RIAL_UPDATE_GOLDEN"] == "1" {
                try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
                try Data(result.stdout.utf8).write(to: file)
                return
            }
            let recorded = try #require(
                try? String(contentsOf: file, encoding: .utf8),
                "no \(file.lastPathComponent); record it with RIAL_UPDATE_GOLDEN=1")
            if recorded != result.stdout {
                let actual = dir.appendingPathComponent("actual.txt")
                try Data(result.stdout.utf8).write(to: actual)
                let diff = CLI.run(["diff", "-u", file.path, actual.path], cwd: dir)
                Issue.record("rial \(command.joined(separator: " ")) --help differs from \(file.lastPathComponent):\n\(diff.stdout)")
            }
        }
    }

    @Test("every command and subcommand listed in help has a recorded help, and no recorded help is stale")
    func everyCommandIsRecorded() throws {
        try withTemporaryDirectory { dir in
            var found: [[String]] = []
            var pending: [[String]] = [[]]
            while let command = pending.popLast() {
                found.append(command)
                let help = Self.help(command, cwd: dir).stdout
                guard let section = help.components(separatedBy: "\nSUBCOMMANDS:\n").dropFirst().first else { continue }
                for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
                    guard line.hasPrefix("  "), !line.hasPrefix("   ") else { if line.isEmpty { break } else { continue } }
                    let name = line.dropFirst(2).split(separator: " ").first.map(String.init) ?? ""
                    if name != "help" { pending.append(command + [name]) }
                }
            }
            #expect(Set(found) == Set(Self.commands), "commands in help: \(found.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") })")
            let recorded = Set(try FileManager.default.contentsOfDirectory(atPath: Self.goldenDirectory.path))
            #expect(recorded == Set(Self.commands.map { Self.goldenFile($0).lastPathComponent }))
        }
    }

    @Test("help is the same at any terminal width, and as `rial help CMD`", arguments: commands)
    func fixedWidth(command: [String]) throws {
        try withTemporaryDirectory { dir in
            let reference = Self.help(command, cwd: dir).stdout
            for columns in [40, 200, nil] {
                #expect(Self.help(command, columns: columns, cwd: dir).stdout == reference, "COLUMNS=\(columns.map(String.init) ?? "unset")")
            }
            if !command.isEmpty {
                let viaHelp = CLI.run([CLI.rialPath, "help"] + command, cwd: dir, environment: ["COLUMNS": "200"])
                #expect(viaHelp.status == 0 && viaHelp.stdout == reference, "\(viaHelp)")
            }
        }
    }

    @Test("examples are never broken mid-command, and no line is wider than 80 columns", arguments: commands)
    func examplesAreWhole(command: [String]) throws {
        try withTemporaryDirectory { dir in
            let lines = Self.help(command, cwd: dir).stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let usage = lines.firstIndex { $0.hasPrefix("USAGE:") } ?? lines.endIndex
            for index in lines.indices where index < usage {
                let line = lines[index]
                // Usage lines are not wrapped by argument-parser; every other line fits.
                #expect(line.count <= 80, "wider than 80: \(line)")
                guard index > 0, !line.isEmpty else { continue }
                let previous = lines[index - 1]
                // An indented line (an example, or its continuation) followed at once by one at
                // the margin is an example that was wrapped.
                #expect(!(previous.hasPrefix("  ") && !line.hasPrefix(" ") && !line.hasSuffix(":")), "wrapped example: \(previous) / \(line)")
                if previous.hasSuffix(" \\") { #expect(line.hasPrefix("    "), "a continued example goes on indented: \(line)") }
            }
        }
    }

    @Test("no option states its default twice", arguments: commands)
    func oneDefault(command: [String]) throws {
        try withTemporaryDirectory { dir in
            let help = Self.help(command, cwd: dir).stdout
            let collapsed = help.replacing(/\n\s+/, with: " ")
            #expect(collapsed.firstMatch(of: /\(default:[^)]*\)\.?\s*\(default:/) == nil, "\(help)")
        }
    }
}
