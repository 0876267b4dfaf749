import Foundation
import RialTestSupport
import Testing

/// Ctrl-C (SIGINT) and SIGTERM while a package is being written: the temporary file goes, the
/// destination is as it was, rial says "interrupted, nothing written" and exits 130 or 143.
@Suite("Interrupted writes", .serialized)
struct InterruptionTests {
    static let signals: [Int32] = [SIGINT, SIGTERM]

    @Test("pack interrupted once its temporary file exists: no temporary file, no package, exit 128+N", arguments: signals)
    func packInterrupted(signal: Int32) throws {
        try withTemporaryDirectory { dir in
            let capture = try Self.sparseCapture(in: dir, bytes: 3 << 30)
            let run = try Interrupter.run(["pack", capture.path, "-o", "case.rialpkg", "--quiet"], cwd: dir, signal: signal) {
                !Self.temporaryFiles(in: dir).isEmpty
            }
            Self.expectInterrupted(run, signal: signal)
            #expect(Self.temporaryFiles(in: dir).isEmpty, "\(Fixture.listing(dir))")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("case.rialpkg").path))
        }
    }

    /// On a terminal the progress line is drawn with carriage returns: the interruption's
    /// message must start on a cleared line, not after "verifying 2 MiB  1 MiB/s" (issue 35).
    /// `script` gives the run a pseudo-terminal; the package comes slowly through a pipe.
    @Test("an interruption on a terminal clears the progress line before it speaks")
    func interruptionOnATerminalClearsTheProgressLine() throws {
        _ = try Oracle.tool("script")
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let driver = dir.appendingPathComponent("interrupt.sh")
            try Data(
                """
                (head -c 3000000 "$1"; sleep 5) | { exec 3<&0; "$2" verify - 0<&3 & p=$!; sleep 2; kill -INT $p; wait $p; echo "status $?"; }

                """.utf8
            ).write(to: driver)
            let typescript = dir.appendingPathComponent("typescript")
            let run = CLI.run(["script", "-qec", "sh \(driver.path) \(package.path) \(CLI.rialPath)", typescript.path], cwd: dir)
            #expect(run.status == 0, "\(run)")
            let text = try Fixture.text(typescript)
            #expect(text.contains("\rverifying "), "no progress line was drawn: \(text)")
            #expect(text.contains("\r\u{1B}[Krial: interrupted, nothing written"), "\(text.debugDescription)")
            #expect(text.contains("status 130"), "\(text)")
        }
    }

    @Test("pack --force interrupted leaves the file it would have replaced byte for byte")
    func packForceInterrupted() throws {
        try withTemporaryDirectory { dir in
            let capture = try Self.sparseCapture(in: dir, bytes: 3 << 30)
            let existing = dir.appendingPathComponent("case.rialpkg")
            let original = Data("an earlier package, keep it\n".utf8)
            try original.write(to: existing)
            let run = try Interrupter.run(["pack", capture.path, "-o", "case.rialpkg", "--force", "--quiet"], cwd: dir, signal: SIGINT) {
                !Self.temporaryFiles(in: dir).isEmpty
            }
            Self.expectInterrupted(run, signal: SIGINT)
            #expect(Self.temporaryFiles(in: dir).isEmpty)
            #expect(try Fixture.read(existing) == original)
        }
    }

    @Test("custody append, seal and timestamp attach interrupted while rewriting leave the package as it was")
    func amendInterrupted() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            // Large enough that rewriting it takes a moment after the temporary file appears.
            let capture = try Self.sparseCapture(in: dir, bytes: 384 << 20)
            let package = try Fixture.pack(capture, in: dir)
            let rewriting = { !Self.temporaryFiles(in: dir).isEmpty }

            var before = try Self.identity(package)
            let appended = try Interrupter.run(
                ["custody", "append", package.path, "--action", "NOTE", "--actor-name", "J. Roe", "--quiet"],
                cwd: dir, signal: SIGTERM, when: rewriting)
            Self.expectInterrupted(appended, signal: SIGTERM)
            #expect(try Self.identity(package) == before)
            #expect(Self.temporaryFiles(in: dir).isEmpty)

            let sealed = try Interrupter.run(["seal", package.path, "--quiet"] + pki.signing(), cwd: dir, signal: SIGINT, when: rewriting)
            Self.expectInterrupted(sealed, signal: SIGINT)
            #expect(try Self.identity(package) == before)
            #expect(Self.temporaryFiles(in: dir).isEmpty)

            let seal = CLI.rial(["seal", package.path, "--quiet"] + pki.signing(), cwd: dir)
            try #require(seal.status == 0, "\(seal)")
            let request = dir.appendingPathComponent("case.tsq"), response = dir.appendingPathComponent("case.tsr")
            let asked = CLI.rial(["timestamp", "request", package.path, "-o", request.path, "--quiet"], cwd: dir)
            try #require(asked.status == 0, "\(asked)")
            try pki.reply(as: "good", request: request, response: response)
            before = try Self.identity(package)
            let attached = try Interrupter.run(
                ["timestamp", "attach", package.path, "--token", response.path, "--request", request.path, "--quiet"],
                cwd: dir, signal: SIGINT, when: rewriting)
            Self.expectInterrupted(attached, signal: SIGINT)
            #expect(try Self.identity(package) == before)
            #expect(Self.temporaryFiles(in: dir).isEmpty)
            #expect(CLI.rial(["verify", package.path, "--quiet"], cwd: dir).status == 0)
        }
    }

    // MARK: Helpers

    static func expectInterrupted(_ run: Interrupter.Run, signal: Int32, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.signalled, "the condition never held: \(run.result)", sourceLocation: sourceLocation)
        #expect(run.result.status == 128 + signal, "\(run.result)", sourceLocation: sourceLocation)
        #expect(run.result.stderr.contains("rial: interrupted, nothing written"), "\(run.result)", sourceLocation: sourceLocation)
    }

    /// A capture in rial's layout whose media is a real movie of `bytes` bytes, most of them a
    /// sparse top-level `free` box of zeros after the movie (valid ISO BMFF, so the media
    /// examination reads it as the video it is): large to read, free to make.
    static func sparseCapture(in dir: URL, bytes: Int64) throws -> URL {
        let capture = dir.appendingPathComponent("capture")
        try FileManager.default.createDirectory(at: capture.appendingPathComponent("media"), withIntermediateDirectories: true)
        let movie = try Data(contentsOf: CLI.repoRoot.appendingPathComponent("Tests/Fixtures/AppExport/media/recording.mp4"))
        let free = UInt64(bytes) - UInt64(movie.count)
        // size 1: the box's size is the 64-bit largesize that follows its type.
        let header = [0, 0, 0, 1] + Array("free".utf8) + (0..<8).map { UInt8(truncatingIfNeeded: free >> (56 - 8 * $0)) }
        let media = capture.appendingPathComponent("media/capture.mov").path
        try (movie + Data(header)).write(to: URL(fileURLWithPath: media))
        #expect(truncate(media, off_t(bytes)) == 0)
        return capture
    }

    static func temporaryFiles(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.contains(".tmp-") }
    }

    /// Inode, size and modification time: an amendment replaces the file (a new inode), so an
    /// unchanged identity means the package was not touched.
    static func identity(_ url: URL) throws -> [Int64] {
        var info = stat()
        try #require(stat(url.path, &info) == 0)
        return [Int64(info.st_ino), Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)]
    }
}

/// Runs `rial` and sends it a signal as soon as a condition holds.
enum Interrupter {
    struct Run {
        let result: CommandResult
        /// Whether the condition held and the signal was sent.
        let signalled: Bool
    }

    /// Starts `rial args` in `cwd`, polls `condition` every 2 ms and, once it holds, sends
    /// `signal`; gives up (and kills the process) after `timeLimit` seconds.
    static func run(_ args: [String], cwd: URL, signal: Int32, timeLimit: TimeInterval = 180, when condition: () -> Bool) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.rialPath)
        process.arguments = args
        process.currentDirectoryURL = cwd
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = Output()
        let drained = DispatchGroup()
        for (index, pipe) in [outPipe, errPipe].enumerated() {
            drained.enter()
            DispatchQueue.global().async {
                output.set(index, pipe.fileHandleForReading.readDataToEndOfFile())
                drained.leave()
            }
        }
        let deadline = Date().addingTimeInterval(timeLimit)
        var signalled = false
        while process.isRunning && Date() < deadline {
            if condition() {
                kill(process.processIdentifier, signal)
                signalled = true
                break
            }
            usleep(2_000)
        }
        if !signalled, process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        drained.wait()
        let result = CommandResult(
            status: process.terminationStatus, stdout: String(decoding: output.get(0), as: UTF8.self),
            stderr: String(decoding: output.get(1), as: UTF8.self))
        return Run(result: result, signalled: signalled)
    }

    private final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var data: [Int: Data] = [:]
        func set(_ index: Int, _ value: Data) { lock.lock(); data[index] = value; lock.unlock() }
        func get(_ index: Int) -> Data { lock.lock(); defer { lock.unlock() }; return data[index] ?? Data() }
    }
}
