import Foundation
import Testing
import RialErrors
import RialMedia

/// How the parent reads a probe that crashes, hangs, burns CPU or writes nonsense: stand-in
/// probes (shell scripts) do each, and each ends in its outcome; and the errors the caller gets
/// when the probe or the input cannot be used at all.
///
/// Serialized: the wall-clock bounds below are hang guards, not speed tests, and are kept at ten
/// times the normal time or more, on a suite whose cases do not run beside one another.
@Suite("MediaProbe: the child process", .serialized)
struct MediaProbeProcessTests {
    /// A stand-in probe: a shell script run in place of `rial-media-probe`.
    private func fakeProbe(_ body: String, in scratch: ScratchDirectory) throws -> MediaProbe {
        let script = scratch.file("fake-probe-\(UUID().uuidString).sh")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        // These stand-ins play the probe a process of its own; MediaProbeServerTests play the fork server.
        return MediaProbe(executablePath: script.path, usesForkServer: false)
    }

    /// Any readable file: the stand-ins do not read it.
    private func input(in scratch: ScratchDirectory) throws -> URL {
        try HostileMedia.write(HostileMedia.ftyp, "input.mp4", in: scratch)
    }

    private func run(_ body: String, limits: MediaProbeLimits = .standard) throws -> (MediaProbeOutcome, TimeInterval) {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let probe = try fakeProbe(body, in: scratch)
        let start = Date()
        let outcome = try probe.run(path: try input(in: scratch).path, offset: 0, length: 8, limits: limits)
        return (outcome, Date().timeIntervalSince(start))
    }

    @Test func aProbeKilledBySegfaultIsCrashed() throws {
        #expect(try run("kill -SEGV $$").0 == .crashed(signal: SIGSEGV))
    }

    @Test func aProbeThatAbortsIsCrashed() throws {
        #expect(try run("kill -ABRT $$").0 == .crashed(signal: SIGABRT))
    }

    @Test func aProbeThatHangsIsKilledAtTheTimeout() throws {
        let (outcome, elapsed) = try run("exec /bin/sleep 60", limits: MediaProbeLimits(timeoutSeconds: 1))
        #expect(outcome == .timedOut)
        // Hang guard: killed at the 1 s timeout normally; 10 s is ten times that.
        #expect(elapsed < 10)
    }

    @Test func aProbeThatClosesItsOutputAndHangsIsKilledAtTheTimeout() throws {
        let (outcome, elapsed) = try run("exec >&- 2>&-; /bin/sleep 60", limits: MediaProbeLimits(timeoutSeconds: 1))
        #expect(outcome == .timedOut)
        // Hang guard: killed at the 1 s timeout normally; 10 s is ten times that.
        #expect(elapsed < 10)
    }

    @Test func aProbePastItsCPULimitIsTimedOut() throws {
        // The real probe sets RLIMIT_CPU on itself (SIGXCPU at the soft limit); this stand-in does
        // the same, then spins.
        let (outcome, elapsed) = try run("ulimit -S -t 1; while :; do :; done", limits: MediaProbeLimits(timeoutSeconds: 120, cpuSeconds: 1))
        #expect(outcome == .timedOut)
        // SIGXCPU after 1 s of CPU, a few seconds of wall time on a busy machine (the spinning
        // shell shares the cores with other suites); the wall timeout, 120 s, is far beyond
        // that, so ending well before it means the CPU limit ended it.
        #expect(elapsed < 110)
    }

    @Test func aProbeThatWritesTooMuchMisbehaves() throws {
        let (outcome, _) = try run("exec /usr/bin/head -c 100000000 /dev/zero", limits: MediaProbeLimits(maxOutputBytes: 1 << 20))
        guard case .misbehaved(let reason) = outcome else { Issue.record("got \(outcome.summary)"); return }
        #expect(reason.contains("more than 1048576 bytes"))
    }

    @Test func aProbeThatExitsWithAnErrorMisbehaves() throws {
        let (outcome, _) = try run("echo 'rial-media-probe: something broke' >&2; exit 7")
        #expect(outcome == .misbehaved(reason: "exit status 7: rial-media-probe: something broke"))
    }

    @Test(arguments: [
        "echo 'not json'",
        "echo '{\"rial_media_probe\": 1, \"outcome\": \"facts\"}'",
        "echo '{\"rial_media_probe\": 2, \"outcome\": \"unsupported\", \"container\": \"zip\"}'",
        "echo '{\"rial_media_probe\": 1, \"outcome\": \"unsupported\", \"container\": \"zip\", \"extra\": 1}'",
        "echo '{\"rial_media_probe\": 1, \"outcome\": \"unsupported\", \"container\": \"zip\", \"container\": \"png\"}'",
        "echo '{\"rial_media_probe\": 1, \"outcome\": \"unsupported\", \"container\": \"zip\"}{}'",
        "echo '{\"rial_media_probe\": 1, \"outcome\": \"pwned\"}'",
        "true",
    ])
    func aReplyOfTheWrongShapeMisbehaves(_ body: String) throws {
        let (outcome, _) = try run(body)
        guard case .misbehaved(let reason) = outcome else { Issue.record("\(body): got \(outcome.summary)"); return }
        #expect(reason.hasPrefix("its reply is not valid"), "\(reason)")
    }

    @Test func aReplyOfTheRightShapeIsTheOutcome() throws {
        #expect(
            try run("echo '{\"rial_media_probe\": 1, \"outcome\": \"unsupported\", \"container\": \"zip\"}'").0
                == .unsupported(container: "zip"))
        #expect(try run("echo '{\"rial_media_probe\": 1, \"outcome\": \"too-much-memory\", \"reason\": \"x\"}'").0 == .tooMuchMemory)
    }

    @Test func aProbeInheritsNoDescriptorButTheStandardThree() throws {
        // The test process holds descriptors of its own (this file, for one); none reach the child.
        // (The shell keeps the script it runs open: that one is the stand-in's own.)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let held = open(try input(in: scratch).path, O_RDONLY)  // not close-on-exec, on purpose
        defer { close(held) }
        let (outcome, _) = try run(
            """
            for fd in /proc/$$/fd/*; do n=${fd##*/}; if [ "$n" -gt 2 ] && [ -e "$fd" ] && [ "$(readlink "$fd")" != "$0" ]; then echo "open $n" >&2; exit 9; fi; done
            echo '{"rial_media_probe": 1, "outcome": "unsupported", "container": "none"}'
            """)
        #expect(outcome == .unsupported(container: "none"))
    }

    @Test func aMissingFileIsAnError() throws {
        let error = #expect(throws: MediaError.self) {
            try Probe.probe.run(path: "/nonexistent/evidence.mp4", offset: 0, length: 1)
        }
        #expect(error?.code == .inputUnreadable)
    }

    @Test func aRangePastTheEndIsAnError() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try input(in: scratch)
        let past = #expect(throws: MediaError.self) { try Probe.probe.run(path: file.path, offset: 8, length: 100) }
        #expect(past?.code == .inputUnreadable)
        let negative = #expect(throws: MediaError.self) { try Probe.probe.run(path: file.path, offset: -1, length: 1) }
        #expect(negative?.code == .invalidArgument)
        let directory = #expect(throws: MediaError.self) { try Probe.probe.run(path: scratch.url.path, offset: 0, length: 0) }
        #expect(directory?.code == .inputUnreadable)
    }

    @Test func invalidLimitsAreAnError() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try input(in: scratch)
        for limits in [
            MediaProbeLimits(timeoutSeconds: 0), MediaProbeLimits(cpuSeconds: 0), MediaProbeLimits(maxStreams: 0),
            MediaProbeLimits(memoryBytes: 1000),
        ] {
            let error = #expect(throws: MediaError.self) { try Probe.probe.run(path: file.path, offset: 0, length: 8, limits: limits) }
            #expect(error?.code == .invalidArgument)
        }
    }

    @Test func aMissingProbeIsAnError() throws {
        let error = #expect(throws: MediaError.self) {
            try MediaProbe(executablePath: "/nonexistent/rial-media-probe").run(path: "/dev/null", offset: 0, length: 0)
        }
        // /dev/null is not a regular file: the input is refused before the probe is started.
        #expect(error?.code == .inputUnreadable)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try input(in: scratch)
        let missing = #expect(throws: MediaError.self) {
            try MediaProbe(executablePath: "/nonexistent/rial-media-probe").run(path: file.path, offset: 0, length: 8)
        }
        #expect(missing?.code == .probeNotStarted)
    }

    @Test func theProbeIsFoundNextToTheExecutableOrByTheEnvironment() throws {
        // This test binary's directory holds the built probe (the target depends on it).
        #expect(try MediaProbe.locate().executablePath == Probe.executable)
        setenv(MediaProbe.environmentVariable, "/nonexistent/rial-media-probe", 1)
        defer { unsetenv(MediaProbe.environmentVariable) }
        let error = #expect(throws: MediaError.self) { try MediaProbe.locate() }
        #expect(error?.code == .probeMissing)
        setenv(MediaProbe.environmentVariable, Probe.executable, 1)
        #expect(try MediaProbe.locate().executablePath == Probe.executable)
    }

    @Test func theRealProbeRefusesABadCommandLine() throws {
        let result = try? MediaTools.run(Probe.executable, ["--max-streams", "0", "/dev/null", "0", "0"])
        #expect(result == nil)
    }
}
