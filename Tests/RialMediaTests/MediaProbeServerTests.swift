import Foundation
import Testing
@testable import RialMedia
import Synchronization

/// The probe's fork server: each probe runs in a child it forks, confined as a probe started
/// anew, and a server that fails in any way is replaced by a process of the probe's own, so the
/// outcome never depends on which path ran.
@Suite("MediaProbe: the fork server")
struct MediaProbeServerTests {
    private static let oneShot = MediaProbe(executablePath: Probe.executable, usesForkServer: false)
    private static let served = MediaProbe(executablePath: Probe.executable, usesForkServer: true)

    private static func size(_ file: URL) throws -> Int64 {
        try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int64 ?? 0
    }

    /// Every library the probe maps is copied into each child it forks (issue 31): Foundation and
    /// Swift's ICU, which nothing in the probe uses, made each fork about 0.8 ms dearer.
    @Test func theProbeMapsNoFoundation() throws {
        let libraries = String(decoding: try MediaTools.run("ldd", [Probe.executable]), as: UTF8.self)
        #expect(libraries.contains("libavformat"), "ldd did not list the probe's libraries:\n\(libraries)")
        for name in ["libFoundation", "lib_FoundationICU"] {
            #expect(!libraries.contains(name), "rial-media-probe links \(name): a module it imports imports Foundation")
        }
    }

    @Test(MediaTools.needs("ffmpeg"))
    func aServedProbeReadsWhatAProbeOfItsOwnReads() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let movie = try MediaMaker.movie(.h264, container: "mov", location: "+48.8584+002.2945/", in: scratch)
        let jpeg = try MediaMaker.jpeg(exif: MediaMaker.phoneEXIF, in: scratch)
        let noise = try HostileMedia.write(HostileMedia.random(count: 4096, seed: 7), "noise.mp4", in: scratch)
        for file in [movie, jpeg, noise] {
            let own = try Self.oneShot.run(path: file.path, offset: 0, length: try Self.size(file))
            let (served, byServer) = try Self.served.runReportingServer(path: file.path, offset: 0, length: try Self.size(file))
            #expect(byServer, "the fork server did not answer: the probe ran on its own")
            #expect(own == served, "\(file.lastPathComponent): \(own.summary) vs \(served.summary)")
        }
    }

    @Test(MediaTools.needs("ffmpeg"))
    func manyProbesAtOnceEachGetTheirOwnAnswer() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let files = try (1...4).map { try MediaMaker.movie(.h264, container: "mp4", frames: $0 * 3, in: scratch) }
        let sizes = try files.map(Self.size)
        let counts = Mutex<[Int: Int64]>([:])
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let which = index % files.count
            let outcome = try? Self.served.runReportingServer(path: files[which].path, offset: 0, length: sizes[which])
            if case (.facts(let facts), true)? = outcome, let frames = facts.video?.frameCount {
                counts.withLock { $0[index] = frames }
            }
        }
        let seen = counts.withLock { $0 }
        #expect(seen.count == 16)
        for (index, frames) in seen { #expect(frames == Int64((index % files.count + 1) * 3), "probe \(index)") }
    }

    /// The server's children run in the server's user namespace, where root no longer opens
    /// other users' files: they read the descriptor the verifier opened and sent, never a path.
    @Test(MediaTools.needs("ffmpeg"))
    func aServedProbeReadsTheDescriptorItIsSentNotThePath() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let movie = try MediaMaker.movie(.h264, container: "mp4", frames: 5, in: scratch)
        let input = open(movie.path, O_RDONLY | O_CLOEXEC)
        try #require(input >= 0)
        defer { close(input) }
        let server = try #require(MediaProbeServer.acquire(executable: Probe.executable, environment: ["SWIFT_BACKTRACE=enable=no", "LC_ALL=C"]))
        defer { MediaProbeServer.release(server) }
        let elsewhere = scratch.file("not-there.mp4").path
        let commandLine = MediaProbeCommandLine(
            path: elsewhere, offset: 0, length: try Self.size(movie), limits: .standard,
            inputDescriptor: MediaProbeForkServer.inputDescriptor)
        let result = try #require(server.run(commandLine.arguments, input: input, limits: .standard))
        guard case .facts(let facts) = MediaProbe.outcome(of: result, limits: .standard) else {
            Issue.record("no facts from the descriptor: \(String(decoding: result.errorOutput, as: UTF8.self))")
            return
        }
        #expect(facts.video?.frameCount == 5)
        // The same request naming a descriptor the child was not given: nothing is read.
        var own = commandLine
        own.inputDescriptor = 7
        let unsent = try #require(server.run(own.arguments, input: input, limits: .standard))
        #expect(unsent.termination == .exited(4), "\(String(decoding: unsent.errorOutput, as: UTF8.self))")
    }

    /// A stand-in probe whose server answers `serve` and which, run on its own, prints a reply.
    private func standIn(serve: String, in scratch: ScratchDirectory) throws -> MediaProbe {
        let script = scratch.file("stand-in-\(UUID().uuidString).sh")
        let reply = #"{"rial_media_probe": 1, "outcome": "unsupported", "container": "zip"}"#
        try Data("#!/bin/sh\nif [ \"$1\" = --serve ]; then \(serve); fi\necho '\(reply)'\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return MediaProbe(executablePath: script.path, usesForkServer: true)
    }

    @Test(arguments: ["echo garbage; exit 0", "exit 3", "read line; printf 'e 0 0 0 0 99999999 0\\n'; exit 0", "exec sleep 60"])
    func aServerThatFailsIsReplacedByAProbeOfItsOwn(serve: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let input = try HostileMedia.write(HostileMedia.ftyp, "input.mp4", in: scratch)
        let probe = try standIn(serve: serve, in: scratch)
        // A hung server is given the probe's deadline and a margin, then replaced.
        let (outcome, byServer) = try probe.runReportingServer(path: input.path, offset: 0, length: 8, limits: MediaProbeLimits(timeoutSeconds: 1))
        #expect(outcome == .unsupported(container: "zip") && !byServer)
    }
}
