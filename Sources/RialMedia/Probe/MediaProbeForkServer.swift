#if canImport(Glibc)
import Glibc
#endif
internal import CRialProcess

/// `rial-media-probe --serve`: the probe's fork server. Starting a probe costs about 45 ms of
/// CPU, 31 of them the dynamic loading of FFmpeg, libheif and libexif with Debian's dependency
/// tree, which a store of many small packages pays once per package. The server loads them
/// once, then forks a child per request: the child is a fresh copy of a process that has read
/// nothing, confines itself exactly as a probe started anew does (``ProbeConfinement``), and
/// reads one media file; the server, which never reads media, collects the child as
/// ``ChildProcess`` does (deadline, output cap, CPU time) and answers with what happened.
///
/// The server enters new user, network and mount namespaces once, before its first child
/// (``ProbeConfinement/enterNamespaces()``): a network namespace per child cost about a tenth
/// of a probe's CPU (a loopback device registered and torn down each time). Its children share
/// them, which gives one child no way to reach the next: each is under the seccomp allow-list
/// (no `socket`, no `mount`, no `open`) before it reads a byte. Inside a user namespace root no
/// longer opens other users' files, so the server's children never open a path: the verifier
/// sends the input it has open with each request (SCM_RIGHTS), and the child reads it as
/// descriptor ``inputDescriptor`` (`--input-descriptor`).
///
/// The server is one thread (fork is safe there), reads requests from and answers on standard
/// input (a Unix socket the verifier holds, ``MediaProbeServer``), and stops at the end of it:
/// when the verifier exits, however it exits, the kernel closes its end. (Not
/// `PR_SET_PDEATHSIG`: it fires when the *thread* that started the server ends, and the
/// verifier's probes run on pool threads that come and go.)
package enum MediaProbeForkServer {
    /// The flag that makes `rial-media-probe` a server.
    package static let flag = "--serve"

    /// Where a child finds the input the request came with.
    package static let inputDescriptor: Int32 = 3

    /// Serves requests until standard input ends.
    /// - Parameter probe: what a forked child runs with the request's arguments and the
    ///   namespaces the server entered (``ProbeConfinement/enterNamespaces()``'s words); it must
    ///   not return (it exits with the probe's status).
    package static func serve(_ probe: (_ arguments: [String], _ namespaces: String) -> Never) -> Never {
        let namespaces = ProbeConfinement.enterNamespaces()
        let channel = ProbeServerChannel(descriptor: 0, deadline: nil)
        while let request = channel.readRequest() {
            let result = run(request, probe: { probe($0, namespaces) })
            if let input = request.input { close(input) }
            guard channel.write(ProbeServerChannel.reply(result)) else { break }
        }
        exit(0)
    }

    /// Forks one confined child for `arguments` and collects it; a fork that fails is reported
    /// as a child that exited with status 70 (EX_SOFTWARE), which the verifier reads as a probe
    /// that misbehaved.
    private static func run(_ request: ProbeServerChannel.Request, probe: ([String]) -> Never) -> ChildProcess.Result {
        var output: [Int32] = [-1, -1]
        var error: [Int32] = [-1, -1]
        guard crial_pipe2_cloexec(&output) == 0 else { return failed("pipe2 failed") }
        guard crial_pipe2_cloexec(&error) == 0 else {
            close(output[0]); close(output[1])
            return failed("pipe2 failed")
        }
        let pid = crial_fork()
        if pid == 0 {
            // The child: its own process group (what a deadline kills), standard streams on
            // the pipes and /dev/null, the socket gone, the input (if one came) at its place;
            // then the probe, which confines itself and closes every other descriptor.
            setpgid(0, 0)
            let null = open("/dev/null", O_RDONLY)
            guard null >= 0, dup2(null, 0) >= 0, dup2(output[1], 1) >= 0, dup2(error[1], 2) >= 0 else { _exit(70) }
            if let input = request.input {
                guard dup2(input, inputDescriptor) >= 0 else { _exit(70) }
            } else {
                close(inputDescriptor)
            }
            probe(request.arguments)
        }
        close(output[1]); close(error[1])
        defer { close(output[0]); close(error[0]) }
        guard pid > 0 else { return failed("fork failed") }
        // Here too, so that the group exists before a deadline can kill it.
        setpgid(pid, pid)
        let collector = ChildProcess(
            executable: "", arguments: request.arguments, environment: [], timeoutSeconds: request.timeoutSeconds,
            maxOutputBytes: request.maxOutputBytes)
        return collector.collect(pid: pid, output: output[0], error: error[0])
    }

    private static func failed(_ message: String) -> ChildProcess.Result {
        ChildProcess.Result(
            termination: .exited(70), output: [], isOutputOverflowed: false,
            errorOutput: Array("rial-media-probe --serve: \(message)".utf8), isTimedOut: false, cpuSeconds: 0)
    }
}
