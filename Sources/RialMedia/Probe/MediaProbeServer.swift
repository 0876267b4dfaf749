#if canImport(Glibc)
import Glibc
#endif
import Synchronization
internal import CRialProcess

/// The verifier's side of the probe's fork server (``MediaProbeForkServer``): a running
/// `rial-media-probe --serve`, reached through a Unix socket. ``run(_:limits:)`` sends one
/// request and reads the reply within the probe's deadline plus a margin; any trouble with the
/// server itself (it died, hung, or answered out of shape) gives `nil`, the server is stopped,
/// and the caller runs the probe as a process of its own instead. So the server only ever
/// saves time: what the media does is judged the same either way.
///
/// Servers are kept in a pool, one per concurrent probe (``acquire(executable:environment:)``,
/// ``release(_:)``), and end with the verifier: their socket closes when it exits, however it
/// exits, and they stop at the end of their requests.
final class MediaProbeServer: @unchecked Sendable {
    private let pid: pid_t
    private let socket: Int32
    let executable: String

    /// More than the probe's own deadline, for the fork and the reply.
    static let replyMargin = 5.0

    private init?(executable: String, environment: [String]) {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else { return nil }
        defer { close(pair[1]) }
        // Its requests come in and its replies go out on the socket; its errors go nowhere.
        guard
            let pid = try? ChildProcess.spawn(
                executable, arguments: [MediaProbeForkServer.flag], environment: environment,
                input: pair[1], output: pair[1], error: nil, ownProcessGroup: false)
        else {
            close(pair[0])
            return nil
        }
        self.pid = pid
        socket = pair[0]
        self.executable = executable
    }

    /// Runs the probe with `arguments` in a child the server forks.
    /// - Parameters:
    ///   - arguments: the probe's command line, naming ``MediaProbeForkServer/inputDescriptor``.
    ///   - input: the input, open; the server's child gets its own copy.
    /// - Returns: how the child ended, or `nil` when the server failed (it is then stopped).
    func run(_ arguments: [String], input: Int32, limits: MediaProbeLimits) -> ChildProcess.Result? {
        // One deadline for the request and the reply: the request fits the socket's buffer.
        let channel = ProbeServerChannel(descriptor: socket, deadline: ChildProcess.now() + limits.timeoutSeconds + Self.replyMargin)
        let request = ProbeServerChannel.request(arguments: arguments, timeoutSeconds: limits.timeoutSeconds, maxOutputBytes: limits.maxOutputBytes)
        guard channel.write(request, attaching: input),
            let result = channel.readReply(maxOutputBytes: limits.maxOutputBytes, maxErrorBytes: ChildProcess.maxErrorBytes)
        else {
            end(killing: true)
            return nil
        }
        return result
    }

    private var isStopped = false

    /// Ends the server and reaps it: killed when it failed, or told politely (its socket
    /// closes, it sees the end of its requests and exits) when it is idle at exit.
    private func end(killing: Bool) {
        guard !isStopped else { return }
        isStopped = true
        close(socket)
        if killing { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    // MARK: The pool

    private static let idle = Mutex<[MediaProbeServer]>([])

    /// An idle server for `executable`, or a new one; `nil` when none can be started.
    static func acquire(executable: String, environment: [String]) -> MediaProbeServer? {
        let reused = idle.withLock { servers -> MediaProbeServer? in
            guard let index = servers.firstIndex(where: { $0.executable == executable }) else { return nil }
            return servers.remove(at: index)
        }
        if let reused { return reused }
        _ = endsAtExit
        return MediaProbeServer(executable: executable, environment: environment)
    }

    /// At exit, the idle servers are told to end (their socket closes) and reaped, so that none
    /// outlives the verifier and their CPU time counts as its children's (`time`, `getrusage`).
    private static let endsAtExit: Void = {
        atexit {
            for server in MediaProbeServer.idle.withLock({ servers in
                defer { servers.removeAll() }; return servers
            }) {
                server.end(killing: false)
            }
        }
    }()

    /// Gives a server back after a request; a stopped one is dropped.
    static func release(_ server: MediaProbeServer) {
        guard !server.isStopped else { return }
        idle.withLock { $0.append(server) }
    }
}
