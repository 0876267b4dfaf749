import Foundation
import Testing

/// What a finished command produced.
struct CommandResult: CustomStringConvertible, Sendable {
    let status: Int32
    let stdout: String
    let stderr: String

    var description: String {
        "exit \(status)\n--- stdout ---\n\(stdout.prefix(4000))\n--- stderr ---\n\(stderr.prefix(4000))"
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
        return CommandResult(status: run.status, stdout: String(decoding: run.stdout, as: UTF8.self),
                             stderr: String(decoding: run.stderr, as: UTF8.self))
    }

    /// What a finished process produced, as bytes, and how long it ran.
    struct RawRun: Sendable, CustomStringConvertible {
        let status: Int32
        let stdout: Data
        let stderr: Data
        let elapsed: TimeInterval
        /// Whether it was still running after the time limit and was killed.
        let timedOut: Bool

        var description: String {
            "exit \(status) after \(String(format: "%.2f s", elapsed))\(timedOut ? " (killed)" : "")\n--- stdout ---\n\(String(decoding: stdout.prefix(3000), as: UTF8.self))\n--- stderr ---\n\(String(decoding: stderr.prefix(3000), as: UTF8.self))"
        }
    }

    /// Runs `args` as ``run(_:cwd:environment:)`` does; with a `timeLimit`, the process is
    /// terminated after that many seconds (and killed 5 s later if it is still there).
    static func execute(_ args: [String], cwd: URL, environment: [String: String]? = nil, timeLimit: TimeInterval? = nil) -> RawRun {
        precondition(!args.isEmpty)
        let process = Process()
        if args[0].contains("/") {
            process.executableURL = URL(fileURLWithPath: args[0])
            process.arguments = Array(args.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = args
        }
        process.currentDirectoryURL = cwd
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment ?? [:] { env[key] = value }
        process.environment = env
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }

        let start = Date()
        do {
            try process.run()
        } catch {
            return RawRun(status: -1, stdout: Data(), stderr: Data("could not start \(args[0]): \(error)".utf8), elapsed: 0, timedOut: false)
        }
        let collected = Collected()
        let drained = DispatchGroup()
        for (index, pipe) in [outPipe, errPipe].enumerated() {
            drained.enter()
            DispatchQueue.global().async {
                collected.set(index, pipe.fileHandleForReading.readDataToEndOfFile())
                drained.leave()
            }
        }
        var timedOut = false
        if let timeLimit, exited.wait(timeout: .now() + timeLimit) == .timedOut {
            timedOut = true
            process.terminate()
            if exited.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
            }
        }
        let elapsed = Date().timeIntervalSince(start)
        drained.wait()
        process.waitUntilExit()
        return RawRun(status: process.terminationStatus, stdout: collected.get(0), stderr: collected.get(1),
                      elapsed: elapsed, timedOut: timedOut)
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data: [Int: Data] = [:]
        func set(_ index: Int, _ value: Data) { lock.lock(); data[index] = value; lock.unlock() }
        func get(_ index: Int) -> Data { lock.lock(); defer { lock.unlock() }; return data[index] ?? Data() }
    }
}

/// Runs `body` with a new, unique directory that is removed afterwards.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let dir = FileManager.default.temporaryDirectory
        .appendingPathComponent("rial-cli-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    return try body(dir)
}
