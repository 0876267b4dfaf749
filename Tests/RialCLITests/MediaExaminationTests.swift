import Foundation
import Testing

/// `rial verify` (media examination is on by default): the media read where it lies by the
/// confined probe, and the metadata's claims held against it (SPEC §8.5 check 15a). The export's video is a real H.264
/// file (`Tests/Fixtures/AppExport/media/`); the claims are edited to disagree.
@Suite("Media examined")
struct MediaExaminationTests {
    static let media = "data/media/recording_1764000000.mp4"
    static let metadata = "data/capture/recording_1764000000.metadata.json"

    private func verify(_ package: URL, in dir: URL) throws -> Report {
        let result = CLI.rial(["verify", package.path, "--format", "json", "--quiet"], cwd: dir)
        return try #require(try? Report.decode(result.stdout), "\(result)")
    }

    @Test("a real capture: every claim agrees with the video, read in place from the package")
    func genuine() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportTests.exports(in: dir)
            let (result, package) = AppExportTests.pack("rich", exports, in: dir)
            try #require(result.status == 0, "\(result)")
            let report = try verify(package, in: dir)
            #expect(report.verdict == "pass", "\(report.failures)")
            let probe = try #require(report.checks("media.probe").first)
            #expect(probe.status == "pass" && probe.subject == Self.media)
            #expect(probe.message.contains("h264 video 160×120") && probe.message.contains("180 frames"), "\(probe.message)")
            for code in ["media.type", "media.codec", "media.resolution", "media.duration", "media.frame-count"] {
                #expect(report.checks(code).contains { $0.status == "pass" }, "\(code): \(report.checks(code))")
            }
            #expect(report.has("media.codec", subject: Self.metadata, status: "pass"))
            // --no-examine-media: each media file is said not to be examined, and no media claim is
            // judged; the metadata's location and device_model are said not held against it (§8.5 check 15a).
            let skipped = CLI.rial(["verify", package.path, "--no-examine-media", "--format", "json", "--quiet"], cwd: dir)
            let plain = try #require(try? Report.decode(skipped.stdout), "\(skipped)")
            #expect(plain.verdict == "pass")
            let media = plain.checks.filter { $0.code.hasPrefix("media.") && !$0.code.hasPrefix("media.external") }
            #expect(
                media.map { "\($0.status) \($0.code) \($0.subject)" } == [
                    "not_checked media.probe \(Self.media)", "not_checked media.location \(Self.metadata)",
                    "not_checked media.device-model \(Self.metadata)",
                ], "\(media)")
            #expect(media.first?.message.contains("--no-examine-media") == true)
        }
    }

    @Test("claims the video contradicts: refused at pack, naming each; kept as received, codec, resolution, duration and frame count each fail with their code")
    func contradictedClaims() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportTests.exports(in: dir)
            let export = exports.appendingPathComponent("rich")
            let file = export.appendingPathComponent("recording_1764000000.metadata.json")
            var metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            metadata["codec"] = "hevc"
            metadata["resolution"] = ["width": 3840, "height": 2160]
            metadata["duration_ms"] = 3_600_000
            metadata["frame_count"] = 108_000
            try JSONSerialization.data(withJSONObject: metadata).write(to: file)
            // rial pack reads the video first and refuses what it contradicts, naming each claim.
            let (refused, _) = AppExportTests.pack("rich", exports, in: dir)
            #expect(refused.status == 2 && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("rich.rialpkg").path), "\(refused)")
            for said in [
                "codec hevc, but the video's is h264", "resolution 3840×2160, but the video's is 160×120", "duration_ms 3600000 ms, but the video's is",
                "frame_count 108000, but the video's is 180",
                "media.codec.mismatch, media.resolution.mismatch, media.duration.mismatch, media.frame-count.mismatch",
                "add --keep-as-received",
            ] {
                #expect(refused.stderr.contains(said), "\(said): \(refused.stderr)")
            }
            // The frame count and final hash no longer match the app's own chain either; only the media codes matter here.
            let (result, package) = AppExportTests.pack("rich", exports, in: dir, options: ["--keep-as-received"])
            try #require(result.status == 0 && result.stderr.contains("packed as received"), "\(result)")
            let report = try verify(package, in: dir)
            #expect(report.verdict == "fail")
            for code in ["media.codec.mismatch", "media.resolution.mismatch", "media.duration.mismatch", "media.frame-count.mismatch"] {
                #expect(report.has(code, subject: Self.metadata), "\(code): \(report.failures)")
            }
            let codec = try #require(report.checks("media.codec.mismatch").first)
            #expect(codec.expected == "h264" && codec.actual == "hevc")
        }
    }

    @Test("four edited bytes declare 1920×1080 in the container: the stream's parameter sets still say 160×120, and the claim of 1920×1080 fails")
    func containerSizeEdited() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportTests.exports(in: dir)
            let export = exports.appendingPathComponent("rich")
            let movie = export.appendingPathComponent("recording_1764000000.mp4")
            var bytes = [UInt8](try Data(contentsOf: movie))
            let stsd = try #require((4..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual(Array("stsd".utf8)) })
            // The first sample entry starts 12 bytes after the type; its width and height 32 bytes into it.
            let size = stsd + 12 + 32
            bytes.replaceSubrange(size..<(size + 4), with: [0x07, 0x80, 0x04, 0x38])
            try Data(bytes).write(to: movie)
            let file = export.appendingPathComponent("recording_1764000000.metadata.json")
            var metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            metadata["resolution"] = ["width": 1920, "height": 1080]
            try JSONSerialization.data(withJSONObject: metadata).write(to: file)
            let (result, package) = AppExportTests.pack("rich", exports, in: dir, options: ["--keep-as-received"])
            try #require(result.status == 0, "\(result)")
            let report = try verify(package, in: dir)
            #expect(report.verdict == "fail")
            let container = try #require(report.checks("media.container-size.mismatch").first, "\(report.failures)")
            #expect(container.subject == Self.media && container.expected == "160×120" && container.actual == "1920×1080")
            let claim = try #require(report.checks("media.resolution.mismatch").first { $0.subject == Self.metadata }, "\(report.failures)")
            #expect(claim.expected == "160×120" && claim.actual == "1920×1080")
            let probe = try #require(report.checks("media.probe").first)
            #expect(probe.message.contains("h264 video 160×120 (the container declares 1920×1080)"), "\(probe.message)")
        }
    }

    @Test("type by content, not extension: a JPEG named .mp4 fails, and a file no library reads is its own code")
    func typeByContent() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            let media = capture.appendingPathComponent("media")
            for name in try FileManager.default.contentsOfDirectory(atPath: media.path) {
                try FileManager.default.removeItem(at: media.appendingPathComponent(name))
            }
            // A real JPEG (ffmpeg, installed with the oracles), named .mp4.
            let made = CLI.run(
                [
                    "ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1",
                    media.appendingPathComponent("capture.jpg").path,
                ], cwd: dir)
            try #require(made.status == 0, "\(made)")
            try FileManager.default.moveItem(at: media.appendingPathComponent("capture.jpg"), to: media.appendingPathComponent("capture.mp4"))
            let jpeg = try Fixture.pack(capture, in: dir, name: "jpeg.rialpkg")
            let jpegReport = try verify(jpeg, in: dir)
            #expect(jpegReport.has("media.probe", subject: "data/media/capture.mp4", status: "pass"))
            let mismatch = try #require(jpegReport.checks("media.type.mismatch").first, "\(jpegReport.checks.filter { $0.code.hasPrefix("media.") })")
            #expect(mismatch.subject == "data/media/capture.mp4" && mismatch.expected == "image/jpeg" && mismatch.actual == "video/mp4")

            // Bytes no library reads as media: their own code, not a crash and not a pass.
            let other = dir.appendingPathComponent("other")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            let noise = try Fixture.sample(in: other)
            let movie = noise.appendingPathComponent("media/capture.mov")
            try Data(String(repeating: "not a movie\n", count: 400).utf8).write(to: movie)
            // rial pack reads it first, and refuses what verification would fail.
            let refused = CLI.rial(["pack", noise.path, "-o", "noise.rialpkg", "--plan"], cwd: other)
            #expect(
                refused.status == 2 && refused.stderr.contains("capture.mov") && refused.stderr.contains("verification would fail it")
                    && (refused.stderr.contains("(media.unreadable)") || refused.stderr.contains("(media.unsupported)")), "\(refused)")
            let noisy = try Fixture.pack(noise, in: other, name: "noise.rialpkg", options: ["--keep-as-received"])
            let noiseReport = try verify(noisy, in: dir)
            #expect(
                noiseReport.checks.contains {
                    ($0.code == "media.unreadable" || $0.code == "media.unsupported") && $0.status == "fail" && $0.subject == "data/media/capture.mov"
                },
                "\(noiseReport.checks.filter { $0.code.hasPrefix("media.") })")
        }
    }

    @Test("privacy for real: a package that withholds the location fails when its video carries one, naming the tag")
    func embeddedLocation() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportTests.exports(in: dir)
            let export = exports.appendingPathComponent("rich")
            let video = export.appendingPathComponent("recording_1764000000.mp4")
            // The same frames, remuxed with a QuickTime location (ffmpeg: an outside tool, installed with the oracles).
            let located = dir.appendingPathComponent("located.mp4")
            let remux = CLI.run(
                ["ffmpeg", "-v", "error", "-y", "-i", video.path, "-c", "copy", "-metadata", "location=+48.8584+002.2945/", located.path], cwd: dir)
            try #require(remux.status == 0, "ffmpeg is installed by scripts/install-deps.sh --with-oracles: \(remux)")
            let levels = "location=coarse,timestamp=exact,device=full"
            let (clean, cleanPackage) = AppExportTests.pack("rich", exports, in: dir, options: ["--privacy", levels])
            try #require(clean.status == 0, "\(clean)")
            #expect(try verify(cleanPackage, in: dir).has("privacy.media-embedded", subject: Self.media, status: "pass"))

            try FileManager.default.removeItem(at: video)
            try FileManager.default.copyItem(at: located, to: video)
            // The app's digests were of the video without the atom: keep it as received, the privacy finding is what is looked at.
            let leaking = dir.appendingPathComponent("leaking.rialpkg")
            let packed = CLI.rial(["pack", export.path, "-o", leaking.path, "--privacy", levels, "--keep-as-received"], cwd: dir)
            try #require(packed.status == 0, "\(packed)")
            let report = try verify(leaking, in: dir)
            let leak = try #require(report.checks("privacy.media-embedded").first { $0.status == "fail" }, "\(report.checks("privacy.media-embedded"))")
            #expect(leak.subject == Self.media)
            // FFmpeg cannot tell which atom it read the location from, so the tag is named for both.
            #expect(leak.message.contains("carries ©xyz/loci (+48.8584+002.2945/)") && leak.message.contains("location=coarse withholds"), "\(leak.message)")
            // With --no-examine-media it is said not to be checked, never passed.
            let skipped = CLI.rial(["verify", leaking.path, "--no-examine-media", "--format", "json", "--quiet"], cwd: dir)
            let plain = try #require(try? Report.decode(skipped.stdout), "\(skipped)")
            #expect(plain.has("privacy.media-embedded", subject: Self.media, status: "not_checked"))
        }
    }

    @Test("rial inspect lists what the media is, read in place; ffprobe agrees")
    func inspectFacts() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportTests.exports(in: dir)
            let (result, package) = AppExportTests.pack("rich", exports, in: dir)
            try #require(result.status == 0, "\(result)")
            let json = CLI.rial(["inspect", package.path, "--format", "json"], cwd: dir)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let files = try #require(object["files"] as? [[String: Any]])
            let media = try #require(files.first { ($0["path"] as? String) == Self.media }?["media"] as? [String: Any])
            let video = try #require(media["video"] as? [String: Any])
            // The outside oracle: ffprobe over the exported file.
            let probe = CLI.run(
                [
                    "ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                    "stream=codec_name,width,height,nb_read_frames", "-of", "json",
                    exports.appendingPathComponent("rich/recording_1764000000.mp4").path,
                ], cwd: dir)
            let oracle = try #require(try JSONSerialization.jsonObject(with: Data(probe.stdout.utf8)) as? [String: Any])
            let stream = try #require((oracle["streams"] as? [[String: Any]])?.first)
            #expect(video["codec"] as? String == stream["codec_name"] as? String)
            #expect(video["coded_width"] as? Int == stream["width"] as? Int && video["coded_height"] as? Int == stream["height"] as? Int)
            #expect((video["frame_count"] as? Int).map(String.init) == stream["nb_read_frames"] as? String)
            let text = CLI.rial(["inspect", package.path], cwd: dir).stdout
            #expect(text.contains("media: read by the media libraries: h264 video 160×120, 180 frames"), "\(text)")
            // --no-examine-media: nothing is examined.
            #expect(!CLI.rial(["inspect", package.path, "--no-examine-media"], cwd: dir).stdout.contains("media: "))
        }
    }
    @Test(
        "a photo whose EXIF or XMP records where it was taken fails a package that withholds the location, naming the tag (exiftool wrote it)",
        arguments: [("-GPSLatitude=33.8688", "GPSLatitude"), ("-XMP-exif:GPSLatitude=33.8688", "XMP exif:GPSLatitude")])
    func photoLocation(_ assignment: String, _ tag: String) throws {
        try withTemporaryDirectory { dir in
            try #require(CLI.rial(["sample", "-o", "photo", "--kind", "photo"], cwd: dir).status == 0)
            let photo = dir.appendingPathComponent("photo/media/photo.jpg").path
            let written = CLI.run(["exiftool", "-q", "-overwrite_original", assignment, "-GPSLatitudeRef=S", photo], cwd: dir)
            try #require(written.status == 0, "exiftool is installed by scripts/install-deps.sh --with-oracles: \(written)")
            // rial pack refuses to keep it at coarse, naming the tag; kept as received, verify fails it.
            let refused = CLI.rial(["pack", "photo", "-o", "refused.rialpkg", "--privacy", "location=coarse,timestamp=exact,device=full"], cwd: dir)
            #expect(
                refused.status == 2 && refused.stderr.contains("photo/media/photo.jpg carries in its own metadata ") && refused.stderr.contains(" \(tag) (")
                    && refused.stderr.contains("location=coarse withholds")
                    && refused.stderr.contains("--hash-only"), "\(refused)")
            let coarse = try Fixture.pack(
                dir.appendingPathComponent("photo"), in: dir, name: "coarse.rialpkg",
                options: ["--privacy", "location=coarse,timestamp=exact,device=full", "--keep-as-received"])
            let report = try verify(coarse, in: dir)
            let leaks = report.checks("privacy.media-embedded").filter { $0.status == "fail" }
            #expect(
                leaks.contains {
                    $0.subject == "data/media/photo.jpg" && $0.message.contains("carries \(tag) (") && $0.message.contains("location=coarse withholds")
                },
                "\(report.checks("privacy.media-embedded"))")
            let precise = try Fixture.pack(
                dir.appendingPathComponent("photo"), in: dir, name: "precise.rialpkg",
                options: ["--privacy", "location=precise,timestamp=exact,device=model_only"])
            #expect(try verify(precise, in: dir).has("privacy.media-embedded", subject: "data/media/photo.jpg", status: "pass"))
        }
    }
}
