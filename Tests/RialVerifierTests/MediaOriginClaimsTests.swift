import Foundation
import Testing
import RialPackager
import RialTestSupport
@testable import RialVerifier

/// The app metadata's `location` and `device_model` held against the media's own GPS position and
/// model (issue 29 item 3, `schema/SPEC.md` §8.5 check 15a), on the `rich` export with exiftool
/// writing `com.apple.quicktime.location.ISO6709` and `com.apple.quicktime.model` into its movie
/// as an iPhone does; the manifest's digests are made again over the changed movie and its token
/// dropped (the app writes none when its TSA step did not run), so only the claims differ.
/// Packed and verified in-process; exiftool and coreutils are the outside tools.
@Suite("the metadata's location and device model against the media (library)")
struct MediaOriginClaimsTests {
    static let metadata = AppExportFiles.metadata
    static let base = "recording_1764000000"

    /// A copy of `rich` whose movie exiftool tagged with `gps` and `model`, its manifest remade to match.
    static func tagged(
        _ name: String, _ exports: URL, in dir: URL, gps: String = "48.8584, 2.2945", model: String = "iPhone 15 Pro",
        creationDate: String? = nil
    ) throws {
        try AppClaimsTests.twin("rich", name, exports) { folder in
            let movie = folder.appendingPathComponent("\(base).mp4")
            let date = creationDate.map { ["-Keys:CreationDate=\($0)"] } ?? []
            let written = Subprocess.execute(
                ["exiftool", "-q", "-overwrite_original", "-Keys:Model=\(model)", "-Keys:GPSCoordinates=\(gps)"] + date + [movie.path], cwd: dir)
            try #require(written.status == 0, "exiftool is installed by scripts/install-deps.sh --with-oracles: \(written)")
            let bytes = try Data(contentsOf: movie)
            let manifestFile = folder.appendingPathComponent("\(base).manifest.json")
            var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifestFile)) as? [String: Any])
            manifest["fileSize"] = bytes.count
            manifest["sha256Hash"] = try OutsideOracle.digest(movie.path)
            manifest["sha512Hash"] = try OutsideOracle.digest(movie.path, tool: "sha512sum")
            manifest["timestampTokens"] = nil
            try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys]).write(to: manifestFile)
        }
    }

    @Test("agreeing location and model PASS; a one-change twin of each FAILs with its code, subject and the media's value expected")
    func agreeAndDisagree() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            try Self.tagged("tagged", exports, in: dir)
            // 48.8590 is 0.0006° north of the movie's 48.8584: beyond the 0.0005° tolerance.
            try Self.tagged("far", exports, in: dir, gps: "48.8590, 2.2945")
            try Self.tagged("other-model", exports, in: dir, model: "iPhone 14")
            let tagged = try AppClaimsTests.packAndVerify("tagged", exports, in: dir)
            #expect(tagged.has("media.location", subject: Self.metadata, status: .pass), "\(tagged.checks("media.location"))")
            #expect(tagged.has("media.device-model", subject: Self.metadata, status: .pass), "\(tagged.checks("media.device-model"))")
            #expect(tagged.failures.isEmpty, "\(tagged.failures)")
            // No key-coverage line names them any more: each has its own result.
            #expect(!tagged.checks("app.keys.not-checked").contains { $0.message.contains("location (") || $0.message.contains("device_model (") })

            let far = try AppClaimsTests.packAndVerify("far", exports, in: dir)
            let mismatch = try #require(far.checks("media.location.mismatch").first, "\(far.checks("media.location"))")
            #expect(mismatch.status == .fail && mismatch.subject == Self.metadata)
            #expect(mismatch.expected == "48.859000, 2.294500" && mismatch.actual == "48.858400, 2.294500")
            #expect(far.has("media.device-model", subject: Self.metadata, status: .pass))

            let other = try AppClaimsTests.packAndVerify("other-model", exports, in: dir)
            let model = try #require(other.checks("media.device-model.mismatch").first, "\(other.checks("media.device-model"))")
            #expect(model.status == .fail && model.subject == Self.metadata && model.expected == "iPhone 14" && model.actual == "iPhone 15 Pro")
            #expect(other.has("media.location", subject: Self.metadata, status: .pass))
        }
    }

    /// `started_at` of the rich export, shifted by `shift` seconds, in Apple's
    /// `com.apple.quicktime.creationdate` form at +01:00 (`2023-09-22T18:34:05+0100`).
    static func appleDate(_ exports: URL, shift: TimeInterval) throws -> String {
        let text = try String(contentsOf: exports.appendingPathComponent("rich/\(base).metadata.json"), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.contains("\"started_at\"") })
        let value = String(try #require(line.split(separator: "\"").dropFirst(3).first))
        let parse = ISO8601DateFormatter()
        parse.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let started = try #require(parse.date(from: value), "started_at \(value)")
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(secondsFromGMT: 3600)
        format.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return format.string(from: started.addingTimeInterval(shift)) + "+0100"
    }

    @Test("Apple's creationdate (+0100, no colon) within the recording passes media.start-time; 10 s before it fails")
    func appleCreationDate() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            try Self.tagged("dated", exports, in: dir, creationDate: try Self.appleDate(exports, shift: 1))
            try Self.tagged("early", exports, in: dir, creationDate: try Self.appleDate(exports, shift: -10))
            let dated = try AppClaimsTests.packAndVerify("dated", exports, in: dir)
            let pass = try #require(dated.checks("media.start-time").first { $0.subject == Self.metadata }, "\(dated.checks("media.start-time"))")
            #expect(pass.status == .pass && pass.message.contains("com.apple.quicktime.creationdate"), "\(pass.message)")
            let early = try AppClaimsTests.packAndVerify("early", exports, in: dir)
            let mismatch = try #require(early.checks("media.start-time.mismatch").first, "\(early.checks("media.start-time"))")
            #expect(mismatch.status == .fail && mismatch.subject == Self.metadata)
        }
    }

    @Test("a movie without GPS or model, and --no-examine-media, are NOT CHECKED naming the key")
    func notChecked() throws {
        try TemporaryDirectory.with { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let (package, _) = try AppExportFixture.pack("rich", exports, in: dir)
            let plain = try AppExportFixture.verify(package)
            #expect(
                plain.checks("media.location").contains {
                    $0.status == .notChecked && $0.subject == Self.metadata && $0.message.contains("location") && $0.message.contains("no embedded position")
                },
                "\(plain.checks("media.location"))")
            #expect(
                plain.checks("media.device-model").contains {
                    $0.status == .notChecked && $0.message.contains("device_model") && $0.message.contains("names no device model")
                })
            let digestsOnly = try AppExportFixture.verify(package) { $0.examinesMedia = false }
            #expect(
                digestsOnly.checks("media.location").contains { $0.status == .notChecked && $0.message.contains("--no-examine-media") },
                "\(digestsOnly.checks("media.location"))")
            #expect(digestsOnly.checks("media.device-model").contains { $0.status == .notChecked && $0.message.contains("--no-examine-media") })
        }
    }

    @Test(
        "a photo's captured_at against the EXIF time exiftool writes: within 2 s passes, an hour off fails, no zone is not checked",
        arguments: [("2026:01:15 11:30:02", "+01:00", "pass"), ("2026:01:15 10:30:02", "+01:00", "fail"), ("2026:01:15 10:30:02", nil, "not_checked")])
    func photoCaptureTime(local: String, offset: String?, status: String) throws {
        try TemporaryDirectory.with { dir in
            // The sample's photo (seed 1): captured_at 2026-01-15T10:30:01.125Z (docs/sample.md).
            let (capture, photo) = try LibraryFixture.photoSample(in: dir)
            let tags = ["-EXIF:DateTimeOriginal=\(local)"] + (offset.map { ["-EXIF:OffsetTimeOriginal=\($0)"] } ?? [])
            let written = Subprocess.execute(["exiftool", "-q", "-overwrite_original"] + tags + [photo], cwd: dir)
            try #require(written.status == 0, "exiftool is installed by scripts/install-deps.sh --with-oracles: \(written)")
            // exiftool reads back what it wrote: the oracle for what rial must read.
            let read = Subprocess.execute(["exiftool", "-s3", "-EXIF:DateTimeOriginal", "-EXIF:OffsetTimeOriginal", photo], cwd: dir)
            #expect(read.output == "\(local)\n" + (offset.map { "\($0)\n" } ?? ""), "\(read)")
            let (package, _) = try AppExportFixture.pack(capture, in: dir, name: "photo.rialpkg")
            let report = try AppExportFixture.verify(package)
            let subject = "data/capture/metadata.json"
            let found = report.checks.filter { $0.code.rawValue.hasPrefix("media.start-time") && $0.subject == subject }
            #expect(found.count == 1 && found.first?.status.rawValue == status, "\(found)")
            switch status {
            case "pass": #expect(found.first?.message.contains("2026-01-15T10:30:02Z") == true && found.first?.message.contains("capture") == true, "\(found)")
            case "fail":
                #expect(found.first?.code.rawValue == "media.start-time.mismatch" && found.first?.actual == "2026-01-15T09:30:02Z", "\(found)")
                #expect(report.verdict == .fail)
            default: #expect(found.first?.message.contains("captured_at") == true, "\(found)")
            }
        }
    }
}
