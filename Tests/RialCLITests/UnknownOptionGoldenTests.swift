import Foundation
import Testing

/// What the command line says to a word it does not know, for every command and subcommand,
/// held against `Golden/unknown-options.txt` (issue 35: "a golden test for each message"): an
/// option no command has, a misspelling of the command's first option (the nearest spelling
/// must be offered), and for a command with subcommands an unknown one and a misspelt one. A
/// change to any of these messages shows up as a diff to review.
///
/// After a deliberate change, record it again with
/// `RIAL_UPDATE_GOLDEN=1 swift test --filter UnknownOptionGoldenTests` and read the diff.
@Suite("Unknown options and subcommands, recorded")
struct UnknownOptionGoldenTests {
    static let goldenFile = CLI.repoRoot.appendingPathComponent("Tests/RialCLITests/Golden/unknown-options.txt")

    /// A typo of `word`: its last two letters swapped (`--output` → `--outptu`).
    static func typo(_ word: String) -> String {
        var letters = Array(word)
        guard letters.count >= 4 else { return word + "x" }
        letters.swapAt(letters.count - 1, letters.count - 2)
        return String(letters)
    }

    /// The command's long options in its help (`--version` and `--help` aside), in order.
    static func options(_ help: String) -> [String] {
        help.split(separator: "\n").compactMap { line -> String? in
            guard let match = line.firstMatch(of: /^  (?:-[a-zA-Z], )?(--[a-z][a-z0-9-]+)/) else { return nil }
            let option = String(match.1)
            return ["--version", "--help"].contains(option) ? nil : option
        }
    }

    /// The command's subcommands in its help (`help` aside), in order.
    static func subcommands(_ help: String) -> [String] {
        guard let section = help.components(separatedBy: "\nSUBCOMMANDS:\n").dropFirst().first else { return [] }
        var names: [String] = []
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { break }
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.dropFirst(2).split(separator: " ").first else { continue }
            if name != "help" { names.append(String(name)) }
        }
        return names
    }

    /// Every run this golden file records: the words after `rial`.
    static func runs(cwd: URL) -> [[String]] {
        var runs: [[String]] = []
        for command in HelpTextTests.commands {
            let help = HelpTextTests.help(command, cwd: cwd).stdout
            let subcommands = subcommands(help)
            if subcommands.isEmpty {
                runs.append(command + ["--no-such-option", "x"])
                if let first = options(help).first { runs.append(command + [typo(first), "x"]) }
            } else {
                runs.append(command + ["frobnicate"])
                if let first = subcommands.first { runs.append(command + [typo(first)]) }
                runs.append(command + ["--no-such-option"])
            }
        }
        return runs
    }

    /// Each run as `$ rial …`, its stderr, and its exit status, in the order of ``runs(cwd:)``.
    static func record(cwd: URL) -> String {
        runs(cwd: cwd).map { words in
            let result = CLI.run([CLI.rialPath] + words, cwd: cwd, environment: ["COLUMNS": "80"])
            var stderr = result.stderr
            if !stderr.hasSuffix("\n") { stderr += "\n" }
            return "$ rial \(words.joined(separator: " "))\n\(stderr)(exit \(result.status); stdout \(result.stdout.isEmpty ? "empty" : "not empty"))\n"
        }.joined(separator: "\n")
    }

    @Test("every command's message for an unknown option or subcommand is the recorded one")
    func golden() throws {
        try withTemporaryDirectory { dir in
            let actual = Self.record(cwd: dir)
            if ProcessInfo.processInfo.environment["RIAL_UPDATE_GOLDEN"] == "1" {
                try Data(actual.utf8).write(to: Self.goldenFile)
                return
            }
            let recorded = try #require(
                try? String(contentsOf: Self.goldenFile, encoding: .utf8),
                "no \(Self.goldenFile.lastPathComponent); record it with RIAL_UPDATE_GOLDEN=1")
            if recorded != actual {
                let file = dir.appendingPathComponent("actual.txt")
                try Data(actual.utf8).write(to: file)
                let diff = CLI.run(["diff", "-u", Self.goldenFile.path, file.path], cwd: dir)
                Issue.record("the unknown-option messages differ from \(Self.goldenFile.lastPathComponent):\n\(diff.stdout)")
            }
        }
    }

    @Test("every recorded run is a usage error that says the unknown word first, and a typo gets its correction")
    func eachRunIsAUsageErrorNamingTheWord() throws {
        try withTemporaryDirectory { dir in
            for words in Self.runs(cwd: dir) {
                let result = CLI.run([CLI.rialPath] + words, cwd: dir)
                let word = words.last == "x" ? words[words.count - 2] : words[words.count - 1]
                #expect(result.status == 64, "rial \(words.joined(separator: " ")): \(result)")
                let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
                #expect(first.contains(word), "rial \(words.joined(separator: " ")): the first line does not name \(word): \(result.stderr)")
                if word != "--no-such-option", word != "frobnicate" {
                    #expect(first.contains("did you mean"), "rial \(words.joined(separator: " ")): no correction offered: \(result.stderr)")
                }
            }
        }
    }
}
