#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Reads the facts of a media file in a child process, `rial-media-probe`, so that the large C
/// demuxers facing hostile bytes run with their own time and memory limits, and a crash or hang
/// in them is an outcome (``MediaProbeOutcome/crashed(signal:)``, ``MediaProbeOutcome/timedOut``)
/// rather than the end of the verifier.
///
/// The media is read in place: a byte range of a file, such as a member of a `.rialpkg` tar,
/// never extracted. The child's reply is read as untrusted data (``StrictJSONParser``, every key
/// and range checked). See `docs/media.md` for the limits and the isolation.
///
///     let outcome = try MediaProbe.run(path: "capture.rialpkg", offset: 3584, length: 1_048_576)
///     if case .facts(let facts) = outcome { print(facts.video?.codec ?? "no video") }
package struct MediaProbe: Sendable {
    /// The probe executable's file name.
    package static let executableName = "rial-media-probe"
    /// The environment variable that names the probe executable, when it is not next to ours.
    package static let environmentVariable = "RIAL_MEDIA_PROBE"

    /// The probe executable this value runs.
    package let executablePath: String
    /// Whether a probe runs in a child of the fork server (``MediaProbeForkServer``), which has
    /// loaded the media libraries once, rather than in a process started for it. Both confine
    /// the probe alike; the server saves each probe the libraries' loading.
    package var usesForkServer: Bool

    /// A probe that runs the executable at `executablePath`.
    /// - Parameters:
    ///   - executablePath: the `rial-media-probe` to run.
    ///   - usesForkServer: run each probe in a child of the fork server (the default) or in a
    ///     process of its own.
    package init(executablePath: String, usesForkServer: Bool = true) {
        self.executablePath = executablePath
        self.usesForkServer = usesForkServer
    }

    /// Finds the probe: the file `RIAL_MEDIA_PROBE` names when it is set, else
    /// `rial-media-probe` in the directory of the running executable.
    /// - Returns: a probe for the executable found.
    /// - Throws: ``MediaError`` `.probeMissing`, saying where it looked.
    package static func locate() throws(MediaError) -> MediaProbe {
        if let named = getenv(environmentVariable).map({ String(cString: $0) }), !named.isEmpty {
            guard access(named, X_OK) == 0 else {
                throw MediaError(.probeMissing, "\(environmentVariable) names \(named), which is not an executable file")
            }
            return MediaProbe(executablePath: named)
        }
        guard let directory = currentExecutableDirectory() else {
            throw MediaError(.probeMissing, "cannot find \(executableName): the running executable's path is unknown; set \(environmentVariable)")
        }
        let path = directory + "/" + executableName
        guard access(path, X_OK) == 0 else {
            throw MediaError(
                .probeMissing,
                "\(executableName) is not next to this program (looked for \(path)); build it with `swift build`, or set \(environmentVariable) to its path")
        }
        return MediaProbe(executablePath: path)
    }

    /// Probes `length` bytes at `offset` in the file at `path` with the probe ``locate()`` finds.
    /// - Parameters:
    ///   - path: the file holding the media (a package, or the media file itself).
    ///   - offset: where the media starts in it.
    ///   - length: how many bytes the media has.
    ///   - limits: the bounds the probe runs within.
    /// - Returns: the outcome.
    /// - Throws: ``MediaError`` when the probe cannot be found or started, or the range cannot be
    ///   read (see ``run(path:offset:length:limits:)``).
    package static func run(
        path: String, offset: Int64, length: Int64,
        limits: MediaProbeLimits = .standard
    ) throws(MediaError) -> MediaProbeOutcome {
        try locate().run(path: path, offset: offset, length: length, limits: limits)
    }

    /// Probes `length` bytes at `offset` in the file at `path`.
    /// - Parameters:
    ///   - path: the file holding the media.
    ///   - offset: where the media starts in it.
    ///   - length: how many bytes the media has (0 is an empty range: ``MediaProbeOutcome/unsupported(container:)``
    ///     `empty`).
    ///   - limits: the bounds the probe runs within.
    /// - Returns: the outcome; whatever the media's bytes do to the probe is one of its cases.
    /// - Throws: ``MediaError`` `.invalidArgument` for invalid limits or a negative range,
    ///   `.inputUnreadable` when the file cannot be opened or is shorter than the range,
    ///   `.probeNotStarted` when the child cannot be started.
    package func run(
        path: String, offset: Int64, length: Int64,
        limits: MediaProbeLimits = .standard
    ) throws(MediaError) -> MediaProbeOutcome {
        try runReportingServer(path: path, offset: offset, length: length, limits: limits).outcome
    }

    /// ``run(path:offset:length:limits:)``, saying whether a fork server answered (`false`: the
    /// probe ran as a process of its own, by choice or because no server could answer).
    package func runReportingServer(
        path: String, offset: Int64, length: Int64,
        limits: MediaProbeLimits = .standard
    ) throws(MediaError) -> (outcome: MediaProbeOutcome, served: Bool) {
        try limits.validate()
        guard offset >= 0, length >= 0, offset <= Int64.max - length else {
            throw MediaError(.invalidArgument, "the byte range \(offset)+\(length) is not a range of a file")
        }
        let input = try Self.openRange(path: path, offset: offset, length: length)
        defer { close(input) }
        let commandLine = MediaProbeCommandLine(path: path, offset: offset, length: length, limits: limits)
        // The fork server first: the same probe in the same confinement, without loading the
        // media libraries again, reading the file as opened here; a process of its own, which
        // opens the path, when the server cannot answer.
        if usesForkServer, let server = MediaProbeServer.acquire(executable: executablePath, environment: Self.childEnvironment()) {
            defer { MediaProbeServer.release(server) }
            var served = commandLine
            served.inputDescriptor = MediaProbeForkServer.inputDescriptor
            if let result = server.run(served.arguments, input: input, limits: limits) {
                return (Self.outcome(of: result, limits: limits), true)
            }
        }
        let child = ChildProcess(
            executable: executablePath, arguments: commandLine.arguments,
            environment: Self.childEnvironment(), timeoutSeconds: limits.timeoutSeconds,
            maxOutputBytes: limits.maxOutputBytes)
        return (Self.outcome(of: try child.run(), limits: limits), false)
    }

    /// What a finished child means, trusting its output no further than its parsed shape.
    static func outcome(of result: ChildProcess.Result, limits: MediaProbeLimits) -> MediaProbeOutcome {
        if result.isOutputOverflowed {
            return .misbehaved(reason: "wrote more than \(limits.maxOutputBytes) bytes on standard output")
        }
        if result.isTimedOut { return .timedOut }
        switch result.termination {
        case .signaled(let signal):
            // The kernel sends SIGXCPU at the soft CPU limit and SIGKILL at the hard one (a second later).
            if signal == SIGXCPU || (signal == SIGKILL && result.cpuSeconds >= Double(limits.cpuSeconds)) {
                return .timedOut
            }
            return .crashed(signal: signal)
        case .exited(0):
            do {
                let (reply, environment) = try MediaProbeReply.parse(result.output, limits: limits)
                if let environment { lastEnvironment.withLock { $0 = environment } }
                switch reply {
                case .facts(let facts): return .facts(facts)
                case .unsupported(let container): return .unsupported(container: container)
                case .unreadable(let reason): return .unreadable(reason: reason)
                case .tooMuchMemory: return .tooMuchMemory
                }
            } catch {
                return .misbehaved(reason: "its reply is not valid: \(error.reason)")
            }
        case .exited(let status):
            let message = MediaText.decode(result.errorOutput.prefix { $0 != 0x0A }, maxBytes: 240).text
            return .misbehaved(reason: "exit status \(status)\(message.isEmpty ? "" : ": \(message)")")
        }
    }

    private static let lastEnvironment = Mutex<MediaProbeEnvironment?>(nil)

    /// What the last probe of this process read its media in, as it said: its seccomp
    /// allow-list, the namespaces the kernel gave it, and the media libraries it had loaded;
    /// `nil` before any probe answered. Every probe of a process runs the same executable on
    /// the same kernel, so this is the machine's, which a report states among its settings.
    package static var environmentInForce: MediaProbeEnvironment? { lastEnvironment.withLock { $0 } }

    /// Opens the file and checks that it is a regular file holding the whole range, so that a
    /// wrong path is an error of the caller's, not an outcome of the media.
    /// - Returns: the open descriptor (close-on-exec), which the caller closes.
    private static func openRange(path: String, offset: Int64, length: Int64) throws(MediaError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw MediaError(.inputUnreadable, "cannot open: \(String(cString: strerror(errno)))", location: path)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw MediaError(.inputUnreadable, "cannot stat: \(reason)", location: path)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw MediaError(.inputUnreadable, "not a regular file", location: path)
        }
        guard Int64(status.st_size) >= offset + length else {
            close(descriptor)
            throw MediaError(.inputUnreadable, "the range \(offset)+\(length) runs past the end of the file (\(status.st_size) bytes)", location: path)
        }
        return descriptor
    }

    /// The child's whole environment: Swift's crash backtracer off (it would spend seconds
    /// symbolicating a crash the outcome reports anyway), the C locale, and the library path
    /// when one is set, so that libraries found through it are found again.
    private static func childEnvironment() -> [String] {
        var environment = ["SWIFT_BACKTRACE=enable=no", "LC_ALL=C"]
        // The sandbox's test (rial-media-probe's SandboxEscapeAttempt) is asked for here only.
        for name in ["LD_LIBRARY_PATH", "RIAL_MEDIA_PROBE_TEST_ESCAPE"] {
            if let value = getenv(name) { environment.append(name + "=" + String(cString: value)) }
        }
        return environment
    }

    /// The directory of the running executable (`/proc/self/exe`, links resolved).
    private static func currentExecutableDirectory() -> String? {
        guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(resolved) }
        let path = String(cString: resolved)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}
