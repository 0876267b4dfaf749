// rial-media-probe FILE OFFSET LENGTH: reads the media in that byte range of FILE and writes
// what it found as one JSON object on standard output (docs/media.md). The verifier runs it
// through `MediaProbe`; it is a separate process so that the C demuxers, facing hostile bytes,
// run under their own limits and can crash or hang without taking the verifier with them.
//
// Exit status: 0 with a reply (facts, unsupported, unreadable, too-much-memory), 2 for a usage
// error, 3 when a limit cannot be set, a privilege dropped or the sandbox entered, 4 when FILE
// cannot be opened or is shorter than the range, 5 when standard output cannot be written.
// A system call outside the sandbox's allow-list kills it (SIGSYS).
#if canImport(Glibc)
import Glibc
#endif
import RialMedia
import RialMediaReaders
import RialProbeSandbox

func fail(_ status: Int32, _ message: String) -> Never {
    let bytes = Array("rial-media-probe: \(message)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    _exit(status)
}

/// One probe: confine, open, read, answer on standard output, exit.
/// - Parameter namespaces: the namespaces the fork server entered for its children, or `nil`
///   for a probe of its own, which enters them itself once its input is open.
func probe(_ arguments: [String], namespacesEntered: String? = nil) -> Never {
    let commandLine: MediaProbeCommandLine
    do {
        commandLine = try MediaProbeCommandLine(arguments: arguments)
    } catch {
        fail(
            2,
            "\(error.reason)\nusage: rial-media-probe [--cpu-seconds N] [--memory-bytes N] [...] FILE OFFSET LENGTH\n       rial-media-probe --serve   (the fork server the verifier talks to)"
        )
    }

    // RLIMIT_FSIZE 0 forbids writing to any regular file, standard output included.
    var standardOutput = stat()
    if fstat(1, &standardOutput) == 0, standardOutput.st_mode & S_IFMT == S_IFREG {
        fail(2, "standard output is a file, which the probe's limits forbid writing: pipe it (rial-media-probe ... | cat > reply.json)")
    }

    // The limits first: nothing of the input is opened before they hold.
    do {
        try ProbeConfinement.apply(commandLine.limits, keeping: commandLine.inputDescriptor)
    } catch {
        fail(3, error.message)
    }

    let descriptor = commandLine.inputDescriptor ?? open(commandLine.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { fail(4, "cannot open \(commandLine.path): \(String(cString: strerror(errno)))") }
    // Open, not yet read: the namespaces (which need the capabilities root may hold), then the
    // capabilities that may have been needed to open it go, then the system calls.
    let namespaces = namespacesEntered ?? ProbeConfinement.enterNamespaces()
    do {
        try ProbeConfinement.dropPrivileges()
    } catch {
        fail(3, error.message)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int64(status.st_size) >= commandLine.offset + commandLine.length else {
        fail(4, "\(commandLine.path) is not a regular file holding the range \(commandLine.offset)+\(commandLine.length)")
    }
    MediaReader.prepareForSandbox()
    let sandbox: String
    do {
        sandbox = try ProbeSandbox.enter()
    } catch {
        fail(3, "cannot enter the sandbox: \(error.message)")
    }
    SandboxEscapeAttempt.runIfAsked()

    let reply = MediaReader.read(
        ByteRange(descriptor: descriptor, offset: commandLine.offset, length: commandLine.length),
        limits: commandLine.limits)
    let environment = MediaProbeEnvironment(confinement: "\(sandbox); \(namespaces)", libraries: MediaLibraries.loaded)
    let output = reply.bytes(environment: environment)
    var written = 0
    while written < output.count {
        let count = output[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { fail(5, "cannot write the reply: \(String(cString: strerror(errno)))") }
        written += count
    }
    // _exit, not exit: everything is written (with write(2), no stdio buffer), and running the
    // destructors of the ~150 libraries loaded cost about a tenth of a probe's CPU.
    _exit(0)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == [MediaProbeForkServer.flag] {
    // Once, in the server, so that every child it forks has it done.
    MediaReader.prepareForSandbox()
    ServerWarmUp.run()
    MediaProbeForkServer.serve { probe($0, namespacesEntered: $1) }
}
probe(arguments)
