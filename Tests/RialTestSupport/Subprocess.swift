import Foundation
import Testing

/// Runs another program (the `rial` binary, an outside oracle such as `tar`, `openssl` or the
/// oracle Python) and collects what it wrote: the one process runner of the test targets, so an
/// in-process test that checks rial against an outside tool runs that tool exactly as a CLI test does.
public enum Subprocess {
    /// What a finished process produced, as bytes, and how long it ran.
    public struct Run: Sendable, CustomStringConvertible {
        public let status: Int32
        public let stdout: Data
        public let stderr: Data
        public let elapsed: TimeInterval
        /// Whether it was still running after the time limit and was killed.
        public let timedOut: Bool

        public init(status: Int32, stdout: Data, stderr: Data, elapsed: TimeInterval, timedOut: Bool) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
            self.elapsed = elapsed
            self.timedOut = timedOut
        }

        /// Standard output as UTF-8 text.
        public var output: String { String(decoding: stdout, as: UTF8.self) }
        /// Standard error as UTF-8 text.
        public var errorOutput: String { String(decoding: stderr, as: UTF8.self) }

        public var description: String {
            "exit \(status) after \(String(format: "%.2f s", elapsed))\(timedOut ? " (killed)" : "")\n--- stdout ---\n\(String(decoding: stdout.prefix(3000), as: UTF8.self))\n--- stderr ---\n\(String(decoding: stderr.prefix(3000), as: UTF8.self))"
        }
    }

    /// Runs `args` as ``execute(_:cwd:environment:timeLimit:)`` does and fails the test unless it
    /// exits 0: for the fixture makers (the PKI scripts, `openssl ts`, given absolute paths),
    /// whose failure means the test cannot be set up.
    @discardableResult
    public static func succeed(
        _ args: [String], cwd: URL? = nil, environment: [String: String]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Run {
        let run = execute(args, cwd: cwd, environment: environment)
        try #require(run.status == 0, "\(args.joined(separator: " ")) failed: \(run)", sourceLocation: sourceLocation)
        return run
    }

    /// Runs `args[0]` (a path, or a name looked up in PATH) with the rest as arguments, in `cwd`
    /// (`nil`: the child starts where this process is; the process's working directory is never
    /// read here, since an extraction on another thread may hold it, see `SafeDiskWriter`),
    /// with `environment` added to this process's. Both output pipes are drained concurrently, so
    /// a chatty child cannot deadlock. With a `timeLimit`, the process is terminated after that
    /// many seconds (and killed 5 s later if it is still there).
    public static func execute(_ args: [String], cwd: URL?, environment: [String: String]? = nil, timeLimit: TimeInterval? = nil) -> Run {
        guard let first = args.first else {
            return Run(status: -1, stdout: Data(), stderr: Data("nothing to run".utf8), elapsed: 0, timedOut: false)
        }
        let process = Process()
        if first.contains("/") {
            process.executableURL = URL(fileURLWithPath: first)
            process.arguments = Array(args.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = args
        }
        if let cwd { process.currentDirectoryURL = cwd }
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
            return Run(status: -1, stdout: Data(), stderr: Data("could not start \(first): \(error)".utf8), elapsed: 0, timedOut: false)
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
        return Run(
            status: process.terminationStatus, stdout: collected.get(0), stderr: collected.get(1),
            elapsed: elapsed, timedOut: timedOut)
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data: [Int: Data] = [:]
        func set(_ index: Int, _ value: Data) { lock.lock(); data[index] = value; lock.unlock() }
        func get(_ index: Int) -> Data { lock.lock(); defer { lock.unlock() }; return data[index] ?? Data() }
    }
}
