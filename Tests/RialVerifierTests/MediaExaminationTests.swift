import Foundation
import Testing
import RialFormat
import RialPackager
import RialTestSupport
@testable import RialVerifier

/// Media examination (on by default), in-process: the media read where it lies by the confined
/// probe, and the metadata's claims held against it (SPEC §8.5 check 15a). The export's video is
/// a real H.264 file (`Tests/Fixtures/AppExport/media/`); the claims are edited to disagree.
/// ffmpeg, ffprobe and exiftool are the outside tools that make and judge the media. `rial
/// inspect`'s text stays end to end (RialCLITests' MediaExaminationTests).
@Suite("Media examined (library)")
struct MediaExaminationTests {
    static let media = "data/media/recording_1764000000.mp4"
    static let metadata = "data/capture/recording_1764000000.metadata.json"

    /// Verifies as `rial verify --no-examine-media` does.
    static func verifyUnexamined(_ package: URL) -> VerificationReport {
        LibraryFixture.verify(package) { $0.examinesMedia = false }
    }

    @Test("a real capture: every claim agrees with the video, read in place from the package")
    func genuine() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let (package, _) = try AppExportFixture.pack("rich", exports, in: dir)
            let report = LibraryFixture.verify(package)
            #expect(report.verdict == .pass, "\(report.failures)")
            let probe = try #require(report.checks("media.probe").first)
            #expect(probe.status == .pass && probe.subject == Self.media)
            #expect(probe.message.contains("h264 video 160×120") && probe.message.contains("180 frames"), "\(probe.message)")
            for code in ["media.type", "media.codec", "media.resolution", "media.duration", "media.frame-count"] {
                #expect(report.checks(code).contains { $0.status == .pass }, "\(code): \(report.checks(code))")
            }
            #expect(report.has("media.codec", subject: Self.metadata, status: .pass))
            // --no-examine-media: each media file is said not to be examined, and no media claim is
            // judged; the metadata's location and device_model are said not held against it (§8.5 check 15a).
            let plain = Self.verifyUnexamined(package)
            #expect(plain.verdict == .pass)
            let media = plain.checks.filter { $0.code.rawValue.hasPrefix("media.") && !$0.code.rawValue.hasPrefix("media.external") }
            #expect(
                media.map { "\($0.status.rawValue) \($0.code.rawValue) \($0.subject)" } == [
                    "not_checked media.probe \(Self.media)", "not_checked media.location \(Self.metadata)",
                    "not_checked media.device-model \(Self.metadata)",
                ], "\(media)")
            #expect(media.first?.message.contains("--no-examine-media") == true)
        }
    }

    @Test("claims the video contradicts: refused at pack, naming each; kept as received, codec, resolution, duration and frame count each fail with their code")
    func contradictedClaims() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let export = exports.appendingPathComponent("rich")
            let file = export.appendingPathComponent("recording_1764000000.metadata.json")
            var metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            metadata["codec"] = "hevc"
            metadata["resolution"] = ["width": 3840, "height": 2160]
            metadata["duration_ms"] = 3_600_000
            metadata["frame_count"] = 108_000
            try JSONSerialization.data(withJSONObject: metadata).write(to: file)
            // The packager reads the video first and refuses what it contradicts, naming each claim.
            let refused = try #require(try AppExportFixture.refusal(export, in: dir))
            #expect(refused.code != .invalidOption, "pack exits 2 for it: \(refused)")
            for said in [
                "codec hevc, but the video's is h264", "resolution 3840×2160, but the video's is 160×120", "duration_ms 3600000 ms, but the video's is",
                "frame_count 108000, but the video's is 180",
                "media.codec.mismatch, media.resolution.mismatch, media.duration.mismatch, media.frame-count.mismatch",
                "add --keep-as-received",
            ] {
                #expect(refused.conciseDescription.contains(said), "\(said): \(refused.conciseDescription)")
            }
            // The frame count and final hash no longer match the app's own chain either; only the media codes matter here.
            let (package, summary) = try AppExportFixture.pack("rich", exports, in: dir) { $0.keepAsReceived = true }
            #expect(summary.warnings.contains { $0.contains("packed as received") }, "\(summary.warnings)")
            let report = LibraryFixture.verify(package)
            #expect(report.verdict == .fail)
            for code in ["media.codec.mismatch", "media.resolution.mismatch", "media.duration.mismatch", "media.frame-count.mismatch"] {
                #expect(report.has(code, subject: Self.metadata), "\(code): \(report.failures)")
            }
            let codec = try #require(report.checks("media.codec.mismatch").first)
            #expect(codec.expected == "h264" && codec.actual == "hevc")
        }
    }

    @Test("four edited bytes declare 1920×1080 in the container: the stream's parameter sets still say 160×120, and the claim of 1920×1080 fails")
    func containerSizeEdited() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
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
            let (package, _) = try AppExportFixture.pack("rich", exports, in: dir) { $0.keepAsReceived = true }
            let report = LibraryFixture.verify(package)
            #expect(report.verdict == .fail)
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
        try TemporaryDirectory.with { dir in
            let capture = try LibraryFixture.sample(in: dir)
            let media = capture.appendingPathComponent("media")
            for name in try FileManager.default.contentsOfDirectory(atPath: media.path) {
                try FileManager.default.removeItem(at: media.appendingPathComponent(name))
            }
            // A real JPEG (ffmpeg, installed with the oracles), named .mp4.
            let made = Subprocess.execute(
                [
                    "ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1",
                    media.appendingPathComponent("capture.jpg").path,
                ], cwd: dir)
            try #require(made.status == 0, "\(made)")
            try FileManager.default.moveItem(at: media.appendingPathComponent("capture.jpg"), to: media.appendingPathComponent("capture.mp4"))
            let jpeg = try LibraryFixture.pack(capture, in: dir, name: "jpeg.rialpkg")
            let jpegReport = LibraryFixture.verify(jpeg)
            #expect(jpegReport.has("media.probe", subject: "data/media/capture.mp4", status: .pass))
            let mismatch = try #require(jpegReport.checks("media.type.mismatch").first, "\(jpegReport.checks.filter { $0.code.rawValue.hasPrefix("media.") })")
            #expect(mismatch.subject == "data/media/capture.mp4" && mismatch.expected == "image/jpeg" && mismatch.actual == "video/mp4")

            // Bytes no library reads as media: their own code, not a crash and not a pass.
            let other = dir.appendingPathComponent("other")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            let noise = try LibraryFixture.sample(in: other)
            let movie = noise.appendingPathComponent("media/capture.mov")
            try Data(String(repeating: "not a movie\n", count: 400).utf8).write(to: movie)
            // The packager reads it first (`rial pack --plan` too), and refuses what verification would fail.
            let refused = try #require(try AppExportFixture.refusal(noise, in: other, plan: true))
            let said = refused.conciseDescription
            #expect(
                refused.code != .invalidOption && said.contains("capture.mov") && said.contains("verification would fail it")
                    && (said.contains("(media.unreadable)") || said.contains("(media.unsupported)")), "\(said)")
            let noisy = try LibraryFixture.pack(noise, in: other, name: "noise.rialpkg") { $0.keepAsReceived = true }
            let noiseReport = LibraryFixture.verify(noisy)
            #expect(
                noiseReport.checks.contains {
                    ($0.code.rawValue == "media.unreadable" || $0.code.rawValue == "media.unsupported") && $0.status == .fail
                        && $0.subject == "data/media/capture.mov"
                },
                "\(noiseReport.checks.filter { $0.code.rawValue.hasPrefix("media.") })")
        }
    }

    @Test("privacy for real: a package that withholds the location fails when its video carries one, naming the tag")
    func embeddedLocation() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let export = exports.appendingPathComponent("rich")
            let video = export.appendingPathComponent("recording_1764000000.mp4")
            // The same frames, remuxed with a QuickTime location (ffmpeg: an outside tool, installed with the oracles).
            let located = dir.appendingPathComponent("located.mp4")
            let remux = Subprocess.execute(
                ["ffmpeg", "-v", "error", "-y", "-i", video.path, "-c", "copy", "-metadata", "location=+48.8584+002.2945/", located.path], cwd: dir)
            try #require(remux.status == 0, "ffmpeg is installed by scripts/install-deps.sh --with-oracles: \(remux)")
            let levels = try PrivacyLevels(parsing: "location=coarse,timestamp=exact,device=full")
            let (cleanPackage, _) = try AppExportFixture.pack("rich", exports, in: dir) { $0.privacy = levels }
            #expect(LibraryFixture.verify(cleanPackage).has("privacy.media-embedded", subject: Self.media, status: .pass))

            try FileManager.default.removeItem(at: video)
            try FileManager.default.copyItem(at: located, to: video)
            // The app's digests were of the video without the atom: keep it as received, the privacy finding is what is looked at.
            let (leaking, _) = try AppExportFixture.pack(export, in: dir, name: "leaking.rialpkg") {
                $0.privacy = levels
                $0.keepAsReceived = true
            }
            let report = LibraryFixture.verify(leaking)
            let leak = try #require(report.checks("privacy.media-embedded").first { $0.status == .fail }, "\(report.checks("privacy.media-embedded"))")
            #expect(leak.subject == Self.media)
            // FFmpeg cannot tell which atom it read the location from, so the tag is named for both.
            #expect(leak.message.contains("carries ©xyz/loci (+48.8584+002.2945/)") && leak.message.contains("location=coarse withholds"), "\(leak.message)")
            // With --no-examine-media it is said not to be checked, never passed.
            #expect(Self.verifyUnexamined(leaking).has("privacy.media-embedded", subject: Self.media, status: .notChecked))
        }
    }

    @Test("the inspection lists what the media is, read in place; ffprobe agrees")
    func inspectFacts() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let (package, _) = try AppExportFixture.pack("rich", exports, in: dir)
            let inspected = try PackageInspector().inspect(path: package.path)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(JSONWriter.bytes(inspected))) as? [String: Any])
            let files = try #require(object["files"] as? [[String: Any]])
            let media = try #require(files.first { ($0["path"] as? String) == Self.media }?["media"] as? [String: Any])
            let video = try #require(media["video"] as? [String: Any])
            // The outside oracle: ffprobe over the exported file.
            let probe = Subprocess.execute(
                [
                    "ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                    "stream=codec_name,width,height,nb_read_frames", "-of", "json",
                    exports.appendingPathComponent("rich/recording_1764000000.mp4").path,
                ], cwd: dir)
            let oracle = try #require(try JSONSerialization.jsonObject(with: probe.stdout) as? [String: Any])
            let stream = try #require((oracle["streams"] as? [[String: Any]])?.first)
            #expect(video["codec"] as? String == stream["codec_name"] as? String)
            #expect(video["coded_width"] as? Int == stream["width"] as? Int && video["coded_height"] as? Int == stream["height"] as? Int)
            #expect((video["frame_count"] as? Int).map(String.init) == stream["nb_read_frames"] as? String)
            // What `rial inspect` prints after "media: ".
            #expect((media["summary"] as? String)?.hasPrefix("read by the media libraries: h264 video 160×120, 180 frames") == true, "\(media)")
            // --no-examine-media: nothing is examined.
            let unexamined = try PackageInspector(examinesMedia: false).inspect(path: package.path)
            let listed = (unexamined.objectValue?["files"]?.arrayValue ?? []).compactMap(\.objectValue)
            #expect(!listed.isEmpty && listed.allSatisfy { $0["media"] == nil }, "\(listed)")
        }
    }

    @Test(
        "a photo whose EXIF or XMP records where it was taken fails a package that withholds the location, naming the tag (exiftool wrote it)",
        arguments: [("-GPSLatitude=33.8688", "GPSLatitude"), ("-XMP-exif:GPSLatitude=33.8688", "XMP exif:GPSLatitude")])
    func photoLocation(_ assignment: String, _ tag: String) throws {
        try TemporaryDirectory.with { dir in
            let (capture, photo) = try LibraryFixture.photoSample(in: dir)
            let written = Subprocess.execute(["exiftool", "-q", "-overwrite_original", assignment, "-GPSLatitudeRef=S", photo], cwd: dir)
            try #require(written.status == 0, "exiftool is installed by scripts/install-deps.sh --with-oracles: \(written)")
            // The packager refuses to keep it at coarse, naming the tag; kept as received, verification fails it.
            let coarse = try PrivacyLevels(parsing: "location=coarse,timestamp=exact,device=full")
            let refused = try #require(try AppExportFixture.refusal(capture, in: dir) { $0.privacy = coarse })
            let said = refused.conciseDescription
            #expect(
                refused.code != .invalidOption && said.contains("photo/media/photo.jpg carries in its own metadata ") && said.contains(" \(tag) (")
                    && said.contains("location=coarse withholds") && said.contains("--hash-only"), "\(said)")
            let kept = try LibraryFixture.pack(capture, in: dir, name: "coarse.rialpkg") {
                $0.privacy = coarse
                $0.keepAsReceived = true
            }
            let report = LibraryFixture.verify(kept)
            let leaks = report.checks("privacy.media-embedded").filter { $0.status == .fail }
            #expect(
                leaks.contains {
                    $0.subject == "data/media/photo.jpg" && $0.message.contains("carries \(tag) (") && $0.message.contains("location=coarse withholds")
                },
                "\(report.checks("privacy.media-embedded"))")
            let precise = try LibraryFixture.pack(capture, in: dir, name: "precise.rialpkg") {
                $0.privacy = try PrivacyLevels(parsing: "location=precise,timestamp=exact,device=model_only")
            }
            #expect(LibraryFixture.verify(precise).has("privacy.media-embedded", subject: "data/media/photo.jpg", status: .pass))
        }
    }
}
