#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import RialErrors
import RialVerifier
import RialReport
import Synchronization

/// Writing to the terminal: messages to stderr, and progress only when stderr is a terminal.
enum Console {
    /// Messages may quote a package (names, reasons with its strings): escaped, always.
    static func error(_ message: String) {
        FileHandleStream.standardError.write("rial: \(Escaping.visibleLines(message))\n")
    }

    /// An error as the terminal shows it: rial's own errors by their
    /// ``RialError/conciseDescription`` (the cause chain without repeats, one code).
    static func describe(_ error: any Error) -> String {
        (error as? any RialError)?.conciseDescription ?? "\(error)"
    }

    /// `context: error`, the error's part without what `context` already says.
    static func describe(_ error: any Error, after context: String) -> String {
        (error as? any RialError)?.conciseDescription(after: context) ?? "\(context): \(error)"
    }

    static func note(_ message: String) {
        FileHandleStream.standardError.write(Escaping.visibleLines(message) + "\n")
    }

    static var standardErrorIsTerminal: Bool { isatty(2) == 1 }
    static var standardOutputIsTerminal: Bool { isatty(1) == 1 }
}

/// Unbuffered writes to a file descriptor. A failure to write standard output is kept
/// (``StandardOutput``), so the exit status does not say "done" over an incomplete report.
struct FileHandleStream {
    let fd: Int32
    static let standardOutput = FileHandleStream(fd: 1)
    static let standardError = FileHandleStream(fd: 2)

    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(fd, base + done, buffer.count - done)
            }
            if result < 0 && errno == EINTR { continue }
            if result < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                // A non-blocking descriptor (some parents hand one over): wait until it takes more.
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
                continue
            }
            guard result > 0 else {
                // Nothing written and no error is a device that takes no more.
                if fd == 1 { StandardOutput.failed(result == 0 ? ENOSPC : errno) }
                return
            }
            done += result
        }
    }
}

/// A progress line on stderr (bytes done, rate), redrawn at most every 200 ms; silent when
/// stderr is not a terminal or when disabled.
final class ProgressLine: @unchecked Sendable {
    private let label: String
    private let isEnabled: Bool
    private var lastDraw: Double = 0
    private let start: Double
    private var drewSomething = false

    init(label: String, enabled: Bool) {
        self.label = label
        self.isEnabled = enabled && Console.standardErrorIsTerminal
        self.start = ProgressLine.now()
    }

    func update(done: UInt64, total: UInt64) {
        guard isEnabled else { return }
        let now = ProgressLine.now()
        guard now - lastDraw >= 0.2 || done == total else { return }
        lastDraw = now
        let elapsed = max(now - start, 0.001)
        draw(Self.bytesLine(label: label, done: done, total: total, elapsed: elapsed))
    }

    /// A batch's line: inputs done of all, bytes read, rate, and the ETA from the inputs' pace.
    func update(inputsDone: Int, of count: Int, bytes: UInt64) {
        guard isEnabled else { return }
        let now = ProgressLine.now()
        guard now - lastDraw >= 0.2 else { return }
        lastDraw = now
        draw(Self.batchLine(label: label, inputsDone: inputsDone, of: count, bytes: bytes, elapsed: max(now - start, 0.001)))
    }

    /// A batch's line after `elapsed` seconds: no ETA in the first second (``etaAfterSeconds``),
    /// then the inputs' pace so far.
    static func batchLine(label: String, inputsDone: Int, of count: Int, bytes: UInt64, elapsed: Double) -> String {
        var line = "\r\(label) \(inputsDone)/\(count)  \(bytes / 1_048_576) MiB  \(Int(Double(bytes) / elapsed / 1_048_576)) MiB/s"
        if inputsDone > 0, inputsDone < count, elapsed >= Self.etaAfterSeconds {
            line += "  ETA \(Int(elapsed / Double(inputsDone) * Double(count - inputsDone))) s"
        }
        return line
    }

    /// Clears the line so other output starts at the left margin; the next update redraws it.
    func clear() {
        if drewSomething { FileHandleStream.standardError.write("\r\u{1B}[K") }
        drewSomething = false
    }

    private func draw(_ line: String) {
        FileHandleStream.standardError.write(line + "\u{1B}[K")
        drewSomething = true
    }

    /// How long a rate is measured before an ETA is drawn from it.
    static let etaAfterSeconds = 1.0

    /// One input's line after `elapsed` seconds: percent, MiB, rate, and from the first second
    /// on (``etaAfterSeconds``) the ETA at the rate so far.
    static func bytesLine(label: String, done: UInt64, total: UInt64, elapsed: Double) -> String {
        let rate = Double(done) / elapsed / 1_048_576
        // A stream's size is not known: bytes and rate only.
        guard total > 0 else { return "\r\(label) \(done / 1_048_576) MiB  \(Int(rate)) MiB/s" }
        let percent = total > 0 ? Int(Double(done) * 100 / Double(total)) : 100
        var line = "\r\(label) \(percent)%  \(done / 1_048_576)/\(total / 1_048_576) MiB  \(Int(rate)) MiB/s"
        // Not in the first second: the first frame's rate, from a few kilobytes, gave "ETA 1774 s".
        if rate > 0, done < total, elapsed >= etaAfterSeconds {
            let eta = Double(total - done) / 1_048_576 / rate
            line += "  ETA \(Int(eta)) s"
        }
        return line
    }

    func finish() {
        clear()
    }

    /// Runs `work` with the update callback of a progress line labelled `label`, and clears the
    /// line when `work` returns or throws, so what is printed next starts at the left margin.
    static func around<Result>(
        _ label: String, enabled: Bool,
        _ work: (_ update: @escaping @Sendable (_ done: UInt64, _ total: UInt64) -> Void) throws -> Result
    ) rethrows -> Result {
        let line = ProgressLine(label: label, enabled: enabled)
        defer { line.finish() }
        return try work { line.update(done: $0, total: $1) }
    }

    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

/// Whether everything rial wrote reached standard output: a full disk under `> report.json`,
/// `/dev/full`, a closed file. Checked as rial exits (``Rial/exit(_:)``): a command that did its
/// work but could not deliver it does not exit 0.
enum StandardOutput {
    /// The first failure of an unbuffered write (``FileHandleStream``), as `errno`.
    private static let firstFailure = Mutex<Int32?>(nil)
    /// Whether standard output holds only a summary of what the command did (to a package, a
    /// ledger, files), not its result: failing to write it then leaves the work done.
    private static let summaryOnly = Mutex(false)

    /// Said by a command whose work is done elsewhere (`pack`, `seal`, `custody append`,
    /// `extract`, `audit`, …): a failure to write standard output then does not turn "done"
    /// into "could not complete", which a script would take as "nothing changed" and retry.
    static func holdsOnlyASummary() {
        summaryOnly.withLock { $0 = true }
    }

    static var isOnlyASummary: Bool { summaryOnly.withLock { $0 } }

    static func failed(_ number: Int32) {
        firstFailure.withLock { if $0 == nil { $0 = number } }
    }

    /// Why what was written to standard output is incomplete, or `nil`: after flushing what
    /// `print` buffered, the first failure of either way of writing.
    static func problem() -> String? {
        if fflush(stdout) != 0 { failed(errno) }
        if let number = firstFailure.withLock({ $0 }) { return number == EPIPE ? nil : String(cString: strerror(number)) }
        guard ferror(stdout) != 0 else { return nil }
        // An earlier flush failed and glibc kept no errno: a pipe whose reader left is EPIPE,
        // which is the reader's choice, not a failure.
        var info = stat()
        return fstat(1, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO ? nil : "a write failed"
    }
}
