import Foundation
import RialArchive
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (SIGINT) and SIGTERM: every temporary file being written is removed, rial says what
/// was and was not written, and exits 130 or 143 (128 + the signal's number, what a shell
/// reports for a process a signal ended).
///
/// No code runs in a signal handler: the two signals are blocked in every thread (threads
/// inherit the mask of the main thread, which blocks them before it starts any) and one thread
/// of their own takes them with `sigwait()`. The cleanup may therefore lock and allocate; it
/// takes the lock under which outputs are moved into place (``PendingFiles``), so an output is
/// either removed or complete, never half-moved.
enum Interruption {
    /// The exit status after `signal`: 130 for SIGINT, 143 for SIGTERM.
    static func exitStatus(after signal: Int32) -> Int32 {
        signal == SIGTERM ? ExitStatus.terminated.rawValue : ExitStatus.interrupted.rawValue
    }

    /// A directory a command writes into file by file (`sample`, `extract`): what an
    /// interruption leaves in it is not complete, and the message says so.
    private static let partialOutput = Mutex<String?>(nil)

    /// Blocks SIGINT and SIGTERM and starts the thread that waits for them. Call first thing,
    /// before any other thread is started.
    static func install() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let waited = signals
        let thread = Thread {
            var set = waited
            var received: Int32 = 0
            while sigwait(&set, &received) != 0 {}
            let outcome = PendingFiles.interrupt()
            // On a terminal a progress line may be drawn: the message starts on a cleared line.
            if Console.standardErrorIsTerminal { FileHandleStream.standardError.write("\r\u{1B}[K") }
            Console.error(message(outcome))
            _exit(exitStatus(after: received))
        }
        thread.name = "rial-signals"
        thread.start()
    }

    /// Names the directory the command is about to write into file by file.
    static func writesInto(_ directory: String) {
        partialOutput.withLock { $0 = directory }
    }

    /// What an interruption says: that nothing was written, or what was.
    static func message(_ outcome: PendingFiles.Interruption) -> String {
        if !outcome.committed.isEmpty {
            return "interrupted after \(outcome.committed.joined(separator: ", ")) was written in full"
        }
        if let directory = partialOutput.withLock({ $0 }), !isEmptyOrAbsent(directory) {
            return "interrupted: \(directory) holds part of the output only; remove it"
        }
        return "interrupted, nothing written"
    }

    private static func isEmptyOrAbsent(_ directory: String) -> Bool {
        guard let handle = opendir(directory) else { return true }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { return false }
        }
        return true
    }
}
