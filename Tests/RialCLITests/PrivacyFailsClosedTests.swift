import Foundation
import Testing

/// The privacy audit fails closed (`schema/SPEC.md` §8.5 check 17, issue 30): a filtered
/// package whose media was not read in full, or not examined, is "privacy is not established"
/// (NOT CHECKED), never PASS; a leak found among what was read still fails.
@Suite("the privacy audit fails closed")
struct PrivacyFailsClosedTests {
    static let levels = "location=coarse,timestamp=exact,device=full"

    /// A video sample whose movie FFmpeg remuxed with `keys` metadata entries (`keyN=valueN`) and,
    /// when given, a QuickTime location; packed at ``levels``.
    static func package(in dir: URL, keys: Int, location: String? = nil) throws -> URL {
        try #require(CLI.rial(["sample", "-o", "capture", "--no-frames"], cwd: dir).status == 0)
        let movie = dir.appendingPathComponent("capture/media/capture.mov")
        let remuxed = dir.appendingPathComponent("remuxed.mov")
        var metadata = (1...keys).flatMap { ["-metadata", "key\($0)=value\($0)"] }
        if let location { metadata += ["-metadata", "location=\(location)"] }
        let made = CLI.run(["ffmpeg", "-v", "error", "-i", movie.path, "-c", "copy", "-movflags", "use_metadata_tags"] + metadata + [remuxed.path], cwd: dir)
        try #require(made.status == 0, "ffmpeg is installed by scripts/install-deps.sh --with-oracles: \(made)")
        try FileManager.default.removeItem(at: movie)
        try FileManager.default.moveItem(at: remuxed, to: movie)
        // exiftool, the outside oracle, sees every entry FFmpeg wrote.
        let seen = CLI.run(["exiftool", "-a", "-G1", "-s", movie.path], cwd: dir)
        #expect(seen.stdout.contains("Key\(keys)") || seen.stdout.contains("key\(keys)"), "\(seen.stdout.suffix(400))")
        let package = dir.appendingPathComponent("capture.rialpkg")
        let packed = CLI.rial(["pack", "capture", "-o", package.path, "--privacy", levels, "--quiet"], cwd: dir)
        try #require(packed.status == 0, "\(packed)")
        return package
    }

    static func privacy(_ report: Report) -> (embedded: Report.Check?, overall: Report.Check?) {
        (report.checks("privacy.media-embedded").first, report.checks("privacy").first)
    }

    @Test("300 metadata entries, more than the probe lists: the media's audit and privacy are NOT CHECKED, naming what was not read; the headline says so")
    func entriesBeyondTheLimit() throws {
        try withTemporaryDirectory { dir in
            let package = try Self.package(in: dir, keys: 300)
            let verified = CLI.rial(["verify", package.path, "--format", "json", "--quiet"], cwd: dir)
            let report = try Report.decode(verified.stdout)
            let (embedded, overall) = Self.privacy(report)
            #expect(embedded?.status == "not_checked" && embedded?.message.contains("metadata entries beyond the probe's limit") == true, "\(String(describing: embedded))")
            #expect(overall?.status == "not_checked" && overall?.message.hasPrefix("privacy is not established") == true, "\(String(describing: overall))")
            #expect(overall?.message.contains("data/media/capture.mov (privacy.media-embedded)") == true)
            #expect(verified.status == 0, "nothing failed: not established is not a failure")
            let text = CLI.rial(["verify", package.path], cwd: dir)
            #expect(text.stdout.contains("Not checked: rial/metadata.json: privacy is not established"), "\(text.stdout.prefix(3000))")
        }
    }

    @Test("the same movie with 20 entries passes: everything was read and nothing is withheld")
    func everythingReadPasses() throws {
        try withTemporaryDirectory { dir in
            let package = try Self.package(in: dir, keys: 20)
            let report = try Report.decode(CLI.rial(["verify", package.path, "--format", "json", "--quiet"], cwd: dir).stdout)
            let (embedded, overall) = Self.privacy(report)
            #expect(embedded?.status == "pass" && overall?.status == "pass", "\(String(describing: embedded)) \(String(describing: overall))")
            // Not examined: not established either.
            let skipped = try Report.decode(CLI.rial(["verify", package.path, "--format", "json", "--quiet", "--no-examine-media"], cwd: dir).stdout)
            #expect(Self.privacy(skipped).embedded?.status == "not_checked" && Self.privacy(skipped).overall?.status == "not_checked")
        }
    }

    @Test("a location among 300 entries is still found: what was read and leaks fails, whatever was not read")
    func leakAmongUnreadFails() throws {
        try withTemporaryDirectory { dir in
            let package = try Self.package(in: dir, keys: 300, location: "+52.3702+004.8952/")
            let verified = CLI.rial(["verify", package.path, "--format", "json", "--quiet"], cwd: dir)
            let report = try Report.decode(verified.stdout)
            #expect(verified.status == 1 && report.has("privacy.media-embedded", subject: "data/media/capture.mov"), "\(report.failures)")
            #expect(report.checks("privacy").isEmpty, "a failed audit has no overall privacy line")
        }
    }
}
