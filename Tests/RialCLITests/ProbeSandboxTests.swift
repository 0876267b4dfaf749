import Foundation
import Testing

/// The media probe's sandbox (issue 31; `schema/SPEC.md` §16.5): once its input is open, the
/// probe runs under a seccomp allow-list, and in new namespaces where the kernel allows. What a
/// demuxer taken over by a hostile file would try kills it, the verifier reports the media NOT
/// CHECKED with the reason, and the report's settings say which confinement was in force.
@Suite("the media probe's sandbox")
struct ProbeSandboxTests {
    /// A packed sample video: media the probe reads.
    static func package(in dir: URL) throws -> URL {
        try #require(CLI.rial(["sample", "-o", "capture", "--no-frames"], cwd: dir).status == 0)
        try #require(CLI.rial(["pack", "capture", "-o", "p.rialpkg", "--quiet"], cwd: dir).status == 0)
        return dir.appendingPathComponent("p.rialpkg")
    }

    static func report(_ package: URL, environment: [String: String] = [:], wrappedIn wrapper: [String] = [], cwd: URL) throws -> Report {
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        let run = CLI.run(wrapper + [CLI.rialPath, "verify", package.path, "--format", "json", "--quiet"], cwd: cwd, environment: variables)
        return try Report.decode(run.stdout)
    }

    @Test(
        "what a hijacked demuxer tries after confinement kills the probe: media.probe is NOT CHECKED, naming the sandbox",
        arguments: ["open", "socket", "execve"])
    func escapeIsKilled(_ attempt: String) throws {
        try withTemporaryDirectory { dir in
            let package = try Self.package(in: dir)
            // The test entry: rial-media-probe tries `attempt` once confined (never asked by a package).
            let report = try Self.report(package, environment: ["RIAL_MEDIA_PROBE_TEST_ESCAPE": attempt], cwd: dir)
            let probe = report.checks("media.probe")
            #expect(probe.count == 1 && probe.first?.status == "not_checked", "\(probe)")
            #expect(probe.first?.message.contains("killed by its sandbox (signal 31, SIGSYS)") == true, "\(probe)")
        }
    }

    @Test("without the test entry the same package's media is read, and the settings name the sandbox and namespaces in force")
    func settingsNameTheConfinement() throws {
        try withTemporaryDirectory { dir in
            let package = try Self.package(in: dir)
            let report = try Self.report(package, cwd: dir)
            #expect(report.checks("media.probe").first?.status == "pass")
            let confinement = try #require(report.settings?.mediaProbeConfinement, "\(String(describing: report.settings))")
            #expect(confinement.hasPrefix("seccomp allow-list ("), "\(confinement)")
            let forms = [
                "; user, network and mount namespaces", "; network and mount namespaces (a user namespace was refused: ", "; no namespaces (unshare refused: ",
            ]
            #expect(forms.contains { confinement.contains($0) }, "\(confinement)")
            // Not examined: nothing to state.
            let unexamined = CLI.rial(["verify", package.path, "--format", "json", "--quiet", "--no-examine-media"], cwd: dir)
            #expect(try Report.decode(unexamined.stdout).settings?.mediaProbeConfinement == nil)
        }
    }

    @Test("the settings name the libraries running, as openssl and ffprobe report their own; the media probe's only when media was examined")
    func settingsNameTheLibraries() throws {
        try withTemporaryDirectory { dir in
            let package = try Self.package(in: dir)
            let libraries = try #require(try Self.report(package, cwd: dir).settings?.libraries)
            let names = libraries.map(\.name)
            #expect(
                names == [
                    "OpenSSL", "libarchive", "FFmpeg", "libavformat", "libavcodec", "libavutil", "libheif", "libexif", "libiptcdata", "Exempi", "libseccomp",
                ],
                "\(names)")
            // The oracles: the openssl and ffprobe command lines load the same libraries.
            let openssl = CLI.run(["openssl", "version"], cwd: dir).stdout
            let version = try #require(libraries.first { $0.name == "OpenSSL" }?.version)
            #expect(openssl.contains(version), "rial: \(version); openssl: \(openssl)")
            let ffprobe = CLI.run(["ffprobe", "-version"], cwd: dir).stdout.split(separator: "\n").first.map(String.init) ?? ""
            let ffmpeg = try #require(libraries.first { $0.name == "FFmpeg" }?.version)
            #expect(ffprobe.hasPrefix("ffprobe version \(ffmpeg) "), "rial: \(ffmpeg); \(ffprobe)")
            #expect(libraries.first { $0.name == "libexif" }?.version.hasPrefix("libexif.so.") == true)
            let unexamined = CLI.rial(["verify", package.path, "--format", "json", "--quiet", "--no-examine-media"], cwd: dir)
            #expect(try Report.decode(unexamined.stdout).settings?.libraries?.map(\.name) == ["OpenSSL", "libarchive"])
        }
    }

    @Test("on a machine that refuses namespaces the probe still runs in its seccomp sandbox, and the settings say the namespaces were refused")
    func refusedNamespacesAreReported() throws {
        try withTemporaryDirectory { dir in
            let package = try Self.package(in: dir)
            // A user namespace in which no further user or network namespace may be made: what a
            // container's runtime does. Where even this one is refused, the machine refuses
            // namespaces itself, and the plain run shows it.
            let script = "echo 0 > /proc/sys/user/max_user_namespaces && echo 0 > /proc/sys/user/max_net_namespaces && exec \"$@\""
            let wrapper = ["unshare", "--user", "--map-root-user", "sh", "-c", script, "sh"]
            let setUp = CLI.run(wrapper + ["true"], cwd: dir)
            let report = try setUp.status == 0 ? Self.report(package, wrappedIn: wrapper, cwd: dir) : Self.report(package, cwd: dir)
            #expect(report.checks("media.probe").first?.status == "pass", "\(report.checks("media.probe"))")
            let confinement = try #require(report.settings?.mediaProbeConfinement)
            #expect(confinement.hasPrefix("seccomp allow-list ("), "\(confinement)")
            if setUp.status == 0 {
                #expect(confinement.contains("; no namespaces (unshare refused: No space left on device)"), "\(confinement)")
            }
        }
    }
}
