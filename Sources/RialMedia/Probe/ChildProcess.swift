#if canImport(Glibc)
import Glibc
#endif
internal import CRialProcess

/// Runs a program to its end with a wall-clock deadline: standard input from `/dev/null`,
/// standard output captured up to a cap, the first bytes of standard error kept for messages,
/// no other descriptor inherited (closed from 3 up in the child, and ours are close-on-exec).
/// The child leads its own process group, and the group is what a deadline or an overflow kills.
struct ChildProcess {
    /// How the child ended.
    enum Termination: Hashable {
        case exited(Int32)
        case signaled(Int32)
    }

    /// What the run gave.
    struct Result {
        var termination: Termination
        /// Standard output, at most the cap.
        var output: [UInt8]
        /// The child wrote more than the cap and was killed for it.
        var isOutputOverflowed: Bool
        /// The first bytes of standard error.
        var errorOutput: [UInt8]
        /// The deadline passed and the child was killed.
        var isTimedOut: Bool
        /// User and system CPU time the child used.
        var cpuSeconds: Double
    }

    let executable: String
    let arguments: [String]
    let environment: [String]
    let timeoutSeconds: Double
    let maxOutputBytes: Int
    /// The first bytes of standard error kept for messages.
    static let maxErrorBytes = 8192

    /// Starts the child and waits for it (or for the deadline).
    /// - Throws: ``MediaError`` `.probeNotStarted` when pipes or `posix_spawn` fail.
    func run() throws(MediaError) -> Result {
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard crial_pipe2_cloexec(&outputPipe) == 0 else { throw Self.failure("pipe2") }
        guard crial_pipe2_cloexec(&errorPipe) == 0 else {
            let error = Self.failure("pipe2")
            close(outputPipe[0]); close(outputPipe[1])
            throw error
        }
        defer { close(outputPipe[0]); close(errorPipe[0]) }

        let pid: pid_t
        do {
            defer { close(outputPipe[1]); close(errorPipe[1]) }
            pid = try spawn(output: outputPipe[1], error: errorPipe[1])
        }
        return collect(pid: pid, output: outputPipe[0], error: errorPipe[0])
    }

    /// Waits for a started child (or for the deadline, from now): reads its standard output
    /// and error from `output` and `error` (left open for the caller to close), then reaps it.
    /// The probe's fork server (``MediaProbeForkServer``) collects its forked children so too.
    func collect(pid: pid_t, output: Int32, error: Int32) -> Result {
        let deadline = Self.now() + timeoutSeconds
        var result = Result(
            termination: .exited(0), output: [], isOutputOverflowed: false, errorOutput: [],
            isTimedOut: false, cpuSeconds: 0)
        drain(output: output, error: error, pid: pid, deadline: deadline, into: &result)
        reap(pid: pid, deadline: deadline, into: &result)
        return result
    }

    /// `posix_spawn` with the child's standard streams on the pipes, default signal dispositions,
    /// an empty signal mask and a process group of its own.
    private func spawn(output: Int32, error: Int32) throws(MediaError) -> pid_t {
        try Self.spawn(
            executable, arguments: arguments, environment: environment,
            input: nil, output: output, error: error, ownProcessGroup: true)
    }

    /// `posix_spawn` of `executable` with standard input, output and error on the descriptors
    /// given (`nil`: `/dev/null`), default signal dispositions, an empty signal mask, every other
    /// descriptor closed, and, with `ownProcessGroup`, a process group of its own. The one way
    /// RialMedia starts a program: a probe, or the probe's fork server (``MediaProbeServer``).
    /// - Throws: ``MediaError`` `.probeNotStarted`.
    static func spawn(
        _ executable: String, arguments: [String], environment: [String],
        input: Int32?, output: Int32?, error: Int32?, ownProcessGroup: Bool
    ) throws(MediaError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { throw failure("posix_spawn_file_actions_init") }
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        guard posix_spawnattr_init(&attributes) == 0 else { throw failure("posix_spawnattr_init") }
        defer { posix_spawnattr_destroy(&attributes) }

        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigfillset(&defaultSignals)
        sigdelset(&defaultSignals, SIGKILL)
        sigdelset(&defaultSignals, SIGSTOP)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup { flags |= POSIX_SPAWN_SETPGROUP }
        var streamed = true
        for (target, descriptor) in [(Int32(0), input), (1, output), (2, error)] {
            if let descriptor {
                streamed = streamed && posix_spawn_file_actions_adddup2(&actions, descriptor, target) == 0
            } else {
                streamed = streamed && posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0) == 0
            }
        }
        guard streamed,
            posix_spawnattr_setsigmask(&attributes, &noSignals) == 0,
            posix_spawnattr_setsigdefault(&attributes, &defaultSignals) == 0,
            posix_spawnattr_setpgroup(&attributes, 0) == 0,
            posix_spawnattr_setflags(&attributes, Int16(flags)) == 0
        else {
            throw failure("posix_spawn attributes")
        }
        // Where the C library cannot, the probe closes what it inherited itself (ProbeConfinement).
        _ = crial_spawn_close_from(&actions, 3)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw MediaError(.probeNotStarted, "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Reads both pipes until both close, the output overflows, or the deadline passes.
    private func drain(output: Int32, error: Int32, pid: pid_t, deadline: Double, into result: inout Result) {
        var descriptors = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: error, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while descriptors.contains(where: { $0.fd >= 0 }) {
            let remaining = deadline - Self.now()
            guard remaining > 0 else {
                result.isTimedOut = true
                kill(-pid, SIGKILL)
                return
            }
            let ready = poll(&descriptors, 2, Int32(min(remaining * 1000, 1000).rounded(.up)))
            if ready < 0, errno != EINTR { return }
            for index in descriptors.indices where descriptors[index].fd >= 0 && descriptors[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptors[index].fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else { descriptors[index].fd = -1; continue }
                let bytes = buffer[0..<count]
                if index == 0 {
                    guard result.output.count + count <= maxOutputBytes else {
                        result.isOutputOverflowed = true
                        kill(-pid, SIGKILL)
                        return
                    }
                    result.output += bytes
                } else {
                    // Standard error is read to the end so the child never blocks on it; only
                    // its first bytes are kept.
                    result.errorOutput += bytes.prefix(max(0, Self.maxErrorBytes - result.errorOutput.count))
                }
            }
        }
    }

    /// Waits for the child until the deadline (then kills its group), kills what is left of its
    /// group, and reaps it. The child is reaped last, so its process id, which names the group,
    /// cannot have been given to another process when the group is killed.
    private func reap(pid: pid_t, deadline: Double, into result: inout Result) {
        let exitNotice = crial_pidfd_open(pid)
        if exitNotice >= 0 {
            // The kernel says when it exits: a poll on its pidfd, until the deadline, then a kill
            // and a wait for the kill to take.
            var descriptor = pollfd(fd: exitNotice, events: Int16(POLLIN), revents: 0)
            while true {
                let remaining = deadline - Self.now()
                if remaining <= 0, !result.isTimedOut {
                    result.isTimedOut = true
                    kill(-pid, SIGKILL)
                }
                let timeout = result.isTimedOut ? -1 : Int32(min(remaining * 1000, 1000).rounded(.up))
                let ready = poll(&descriptor, 1, timeout)
                if ready > 0 || (ready < 0 && errno != EINTR) { break }
            }
            close(exitNotice)
        } else {
            waitPolling(pid: pid, deadline: deadline, into: &result)
        }
        // Processes the child may have started go with it.
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        var usage = rusage()
        var reaped = wait4(pid, &status, 0, &usage)
        while reaped < 0, errno == EINTR { reaped = wait4(pid, &status, 0, &usage) }
        guard reaped == pid else {
            // Nothing is known of how it ended (someone else reaped it).
            result.termination = .exited(-1)
            return
        }
        let signal = status & 0x7F
        result.termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        result.cpuSeconds =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Where the kernel has no pidfd (before Linux 5.3): asks every 2 ms whether the child has
    /// exited, without reaping it, until the deadline (then kills its group).
    private func waitPolling(pid: pid_t, deadline: Double, into result: inout Result) {
        while true {
            var info = siginfo_t()
            let waited = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
            if waited == 0, info._sifields._sigchld.si_pid == pid { break }
            if waited < 0, errno != EINTR { break }
            if Self.now() >= deadline, !result.isTimedOut {
                result.isTimedOut = true
                kill(-pid, SIGKILL)
            }
            usleep(2_000)
        }
    }

    /// The monotonic clock, in seconds.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    private static func failure(_ call: String) -> MediaError {
        MediaError(.probeNotStarted, "\(call) failed: \(String(cString: strerror(errno)))")
    }
}
