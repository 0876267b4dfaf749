import Foundation
import RialTestSupport
import Testing

/// What a finished command produced.
struct CommandResult: CustomStringConvertible, Sendable {
    let status: Int32
    let stdout: String
    let stderr: String

    var description: String {
        "exit \(status)\n--- stdout ---\n\(stdout.prefix(4000))\n--- stderr ---\n\(stderr.prefix(4000))"
    }

    init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    /// A finished process's output as text.
    init(_ run: Subprocess.Run) {
        self.init(status: run.status, stdout: run.output, stderr: run.errorOutput)
    }

    /// The first line of standard output.
    var firstLine: String { stdout.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "" }
}

enum CLI {
    /// The repository root, found from this file's path (Tests/RialCLITests/CLI.swift).
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `rial` binary built beside this test bundle (.build/<triple>/debug/rial), else .build/debug/rial.
    static let rialPath: String = {
        let fm = FileManager.default
        var candidates: [String] = []
        if let exe = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
            // On some layouts the test executable sits inside a bundle directory (*.xctest/...).
            for _ in 0..<4 {
                candidates.append(dir.appendingPathComponent("rial").path)
                dir = dir.deletingLastPathComponent()
            }
        }
        candidates.append(repoRoot.appendingPathComponent(".build/debug/rial").path)
        var isDirectory: ObjCBool = false
        return candidates.first { fm.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue && fm.isExecutableFile(atPath: $0) }
            ?? repoRoot.appendingPathComponent(".build/debug/rial").path
    }()

    /// Runs `rial` with `args` in `cwd`.
    static func rial(_ args: [String], cwd: URL) -> CommandResult {
        run([rialPath] + args, cwd: cwd)
    }

    /// Runs `args[0]` (a path, or a name looked up in PATH) with the rest as arguments, in `cwd`.
    /// Both output pipes are drained concurrently, so a chatty child cannot deadlock.
    static func run(_ args: [String], cwd: URL, environment: [String: String]? = nil) -> CommandResult {
        let run = execute(args, cwd: cwd, environment: environment)
        return CommandResult(
            status: run.status, stdout: String(decoding: run.stdout, as: UTF8.self),
            stderr: String(decoding: run.stderr, as: UTF8.self))
    }

    /// What a finished process produced, as bytes, and how long it ran.
    typealias RawRun = Subprocess.Run

    /// Runs `args` as ``run(_:cwd:environment:)`` does; with a `timeLimit`, the process is
    /// terminated after that many seconds (and killed 5 s later if it is still there).
    static func execute(_ args: [String], cwd: URL, environment: [String: String]? = nil, timeLimit: TimeInterval? = nil) -> RawRun {
        Subprocess.execute(args, cwd: cwd, environment: environment, timeLimit: timeLimit)
    }
}

/// Runs `body` with a new, unique directory that is removed afterwards.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    try TemporaryDirectory.with(body)
}
