import ArgumentParser

/// Unknown options and subcommands, said first and with the nearest valid spelling (issue 35).
/// swift-argument-parser validates a command (`validate()`: "say where to write the package")
/// before it reports the options it did not know, so `rial pack --out x` used to be told to give
/// `-o`, not that `--out` is not an option of `pack`; and `rial custody add` was told "Unknown
/// option '--action'". When parsing fails, ``problem(in:)`` looks at the spelling first.
enum CommandSpelling {
    /// Options a command takes that its help does not show (aliases kept for their users).
    private static let hiddenOptions: Set<String> = ["--org", "--help", "--version", "-h"]

    /// The first misspelling in `arguments` (the program name left out): a subcommand that is
    /// not one, or a long option the command does not take, with the nearest valid spelling.
    static func problem(in arguments: [String]) -> (message: String, command: any ParsableCommand.Type, path: String)? {
        var command: any ParsableCommand.Type = Rial.self
        var path = ["rial"]
        var index = 0
        while index < arguments.count, !command.configuration.subcommands.isEmpty {
            let token = arguments[index]
            if token.hasPrefix("-") { break }
            let subcommands = command.configuration.subcommands
            guard let next = subcommands.first(where: { $0._commandName == token }) else {
                let names = subcommands.map { $0._commandName }
                return (
                    "'\(token)' is not a subcommand of \(path.joined(separator: " "))\(suggestion(for: token, among: names)); "
                        + "it has: \(names.joined(separator: ", "))", command, path.joined(separator: " ")
                )
            }
            command = next
            path.append(token)
            index += 1
        }
        let (options, takingValues) = longOptions(of: command)
        let known = options.union(hiddenOptions)
        var skipsValue = false
        for token in arguments[index...] {
            if skipsValue { skipsValue = false; continue }
            if token == "--" { break }
            guard token.hasPrefix("--") else { continue }
            let name = String(token.split(separator: "=", maxSplits: 1)[0])
            // The next word is this option's value, whatever it looks like ("--details --x").
            skipsValue = !token.contains("=") && (takingValues.contains(name) || name == "--org")
            if !known.contains(name) {
                return (
                    "\(name) is not an option of \(path.joined(separator: " "))\(suggestion(for: name, among: known.subtracting(hiddenOptions)))", command,
                    path.joined(separator: " ")
                )
            }
        }
        return nil
    }

    /// The long options `command`'s help lists, and those of them that take a value
    /// (`--name <VALUE>`).
    private static func longOptions(of command: any ParsableCommand.Type) -> (all: Set<String>, takingValues: Set<String>) {
        let help = command.helpMessage(columns: 1000)
        var names: Set<String> = []
        var takingValues: Set<String> = []
        var rest = help[...]
        while let start = rest.range(of: "--") {
            let name = rest[start.lowerBound...].prefix { $0 == "-" || $0.isLetter || $0.isNumber }
            if name.count > 2 {
                names.insert(String(name))
                if rest[name.endIndex...].hasPrefix(" <") { takingValues.insert(String(name)) }
            }
            rest = rest[start.upperBound...]
        }
        return (names, takingValues)
    }

    /// ", did you mean X?" for the nearest of `candidates` (a prefix of one, or within a third of
    /// its length in edits), or nothing.
    private static func suggestion(for word: String, among candidates: some Collection<String>) -> String {
        let scored = candidates.map { candidate -> (String, Int) in
            let isPrefix = candidate.hasPrefix(word)
            // --key for --sign-key: the word is the last part of the candidate's name.
            let isLastPart = word.hasPrefix("--") && candidate.hasSuffix("-" + word.dropFirst(2))
            return (candidate, isPrefix || isLastPart ? 0 : distance(word, candidate))
        }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }),
            best.1 <= max(2, best.0.count / 3)
        else { return "" }
        return " (did you mean \(best.0)?)"
    }

    /// Levenshtein distance.
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
