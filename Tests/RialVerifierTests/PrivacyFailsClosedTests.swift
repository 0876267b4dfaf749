import Foundation
import Testing
import RialFormat
import RialPackager
import RialReport
import RialTestSupport
@testable import RialVerifier

/// The privacy audit fails closed (`schema/SPEC.md` §8.5 check 17, issue 30): a filtered
/// package whose media was not read in full, or not examined, is "privacy is not established"
/// (NOT CHECKED), never PASS; a leak found among what was read still fails. Packed and verified
/// in-process; FFmpeg, exiftool and heif-enc make the media and exiftool reads it back as the oracle.
@Suite("the privacy audit fails closed (library)")
struct PrivacyFailsClosedTests {
    static let levels = "location=coarse,timestamp=exact,device=full"

    /// `rial sample -o NAME [--kind KIND] [--no-frames]` in `dir`: the sample's own sizes.
    static func sample(in dir: URL, _ name: String, kind: SampleCapture.Kind = .video, includesFrames: Bool = true) throws -> URL {
        var sample = SampleCapture()
        sample.kind = kind
        sample.includesFrames = includesFrames
        let capture = dir.appendingPathComponent(name)
        try sample.write(to: capture.path)
        return capture
    }

    /// `rial pack dir/CAPTURE -o dir/OUTPUT [--privacy LEVELS] [--keep-as-received]`.
    /// - Returns: the package and the warnings pack writes on standard error.
    static func pack(
        _ capture: String, in dir: URL, output: String = "p.rialpkg", privacy: String? = nil, keepAsReceived: Bool = false
    ) throws -> (package: URL, warnings: [String]) {
        let (package, summary) = try AppExportFixture.pack(dir.appendingPathComponent(capture), in: dir, name: output) { options in
            options.privacy = try privacy.map { try PrivacyLevels(parsing: $0) }
            options.keepAsReceived = keepAsReceived
        }
        return (package, summary.warnings)
    }

    /// What the packager refuses `dir/CAPTURE` with at `privacy`, as `rial pack` writes it on
    /// standard error before exiting 2; empty, failing the test, when it packs.
    static func refusal(_ capture: String, in dir: URL, output: String = "p.rialpkg", privacy: String? = nil) throws -> String {
        let refused = try AppExportFixture.refusal(dir.appendingPathComponent(capture), in: dir) { options in
            options.output = dir.appendingPathComponent(output).path
            options.privacy = try privacy.map { try PrivacyLevels(parsing: $0) }
        }
        #expect(refused.map { $0.code != .invalidOption } ?? true, "pack exits 2 for it, not 64: \(String(describing: refused))")
        return refused?.conciseDescription ?? ""
    }

    /// A video sample whose movie FFmpeg remuxed with `keys` metadata entries (`keyN=valueN`) and,
    /// when given, a QuickTime location; packed at ``levels``.
    static func package(in dir: URL, keys: Int, location: String? = nil) throws -> URL {
        _ = try Self.sample(in: dir, "capture", includesFrames: false)
        let movie = dir.appendingPathComponent("capture/media/capture.mov")
        let remuxed = dir.appendingPathComponent("remuxed.mov")
        var metadata = (1...keys).flatMap { ["-metadata", "key\($0)=value\($0)"] }
        if let location { metadata += ["-metadata", "location=\(location)"] }
        let made = Subprocess.execute(
            ["ffmpeg", "-v", "error", "-i", movie.path, "-c", "copy", "-movflags", "use_metadata_tags"] + metadata + [remuxed.path], cwd: dir)
        try #require(made.status == 0, "ffmpeg is installed by scripts/install-deps.sh --with-oracles: \(made)")
        try FileManager.default.removeItem(at: movie)
        try FileManager.default.moveItem(at: remuxed, to: movie)
        // exiftool, the outside oracle, sees every entry FFmpeg wrote.
        let seen = Subprocess.execute(["exiftool", "-a", "-G1", "-s", movie.path], cwd: dir)
        #expect(seen.output.contains("Key\(keys)") || seen.output.contains("key\(keys)"), "\(seen.output.suffix(400))")
        // A location inside is refused at pack (MediaDisclosure); kept as received, verification judges it.
        return try Self.pack("capture", in: dir, output: "capture.rialpkg", privacy: levels, keepAsReceived: location != nil).package
    }

    static func privacy(_ report: VerificationReport) -> (embedded: CheckResult?, overall: CheckResult?) {
        (report.checks("privacy.media-embedded").first, report.checks("privacy").first)
    }

    @Test("300 metadata entries, more than the probe lists: the media's audit and privacy are NOT CHECKED, naming what was not read; the headline says so")
    func entriesBeyondTheLimit() throws {
        try TemporaryDirectory.with { dir in
            let package = try Self.package(in: dir, keys: 300)
            let report = LibraryFixture.verify(package)
            let (embedded, overall) = Self.privacy(report)
            #expect(
                embedded?.status == .notChecked && embedded?.message.contains("metadata entries beyond the probe's limit") == true,
                "\(String(describing: embedded))")
            #expect(overall?.status == .notChecked && overall?.message.hasPrefix("privacy is not established") == true, "\(String(describing: overall))")
            #expect(overall?.message.contains("data/media/capture.mov (privacy.media-embedded)") == true)
            #expect(report.verdict == .pass, "nothing failed: not established is not a failure")
            let text = TextReportRenderer.render(report)
            #expect(text.contains("Not checked: rial/metadata.json: privacy is not established"), "\(text.prefix(3000))")
        }
    }

    @Test("the same movie with 20 entries passes: everything was read and nothing is withheld")
    func everythingReadPasses() throws {
        try TemporaryDirectory.with { dir in
            let package = try Self.package(in: dir, keys: 20)
            let report = LibraryFixture.verify(package)
            let (embedded, overall) = Self.privacy(report)
            #expect(embedded?.status == .pass && overall?.status == .pass, "\(String(describing: embedded)) \(String(describing: overall))")
            // Not examined: not established either.
            let skipped = LibraryFixture.verify(package) { $0.examinesMedia = false }
            #expect(Self.privacy(skipped).embedded?.status == .notChecked && Self.privacy(skipped).overall?.status == .notChecked)
        }
    }

    @Test("a location among 300 entries is still found: what was read and leaks fails, whatever was not read")
    func leakAmongUnreadFails() throws {
        try TemporaryDirectory.with { dir in
            let package = try Self.package(in: dir, keys: 300, location: "+52.3702+004.8952/")
            let report = LibraryFixture.verify(package)
            #expect(report.verdict == .fail && report.has("privacy.media-embedded", subject: "data/media/capture.mov"), "\(report.failures)")
            #expect(report.checks("privacy").isEmpty, "a failed audit has no overall privacy line")
        }
    }

    /// A sample photo tagged by exiftool with `assignments`.
    static func taggedPhoto(in dir: URL, _ assignments: [String]) throws -> URL {
        let photo = try Self.sample(in: dir, "photo", kind: .photo).appendingPathComponent("media/photo.jpg")
        let written = Subprocess.execute(["exiftool", "-q", "-overwrite_original"] + assignments + [photo.path], cwd: dir)
        try #require(written.status == 0, "exiftool is installed by scripts/install-deps.sh --with-oracles: \(written)")
        return photo
    }

    @Test(
        "what each level withholds in a photo, as exiftool wrote it: refused at pack naming the tag, failed at verify when kept as received",
        arguments: [
            (["-EXIF:Artist=Jane Roe"], "device=model_only", "Artist"),
            (["-EXIF:OwnerName=Jane Roe"], "device=model_only", "CameraOwnerName"),
            (["-EXIF:Copyright=Jane Roe 2026"], "device=model_only", "Copyright"),
            (["-EXIF:LensModel=iPhone 15 Pro back camera"], "device=model_only", "LensModel"),
            (["-EXIF:HostComputer=Jane's iPhone"], "device=model_only", "0x013C"),
            (["-XMP-dc:Creator=Jane Roe"], "device=model_only", "XMP dc:creator[1]"),
            (["-EXIF:DateTimeOriginal=2026:01:15 11:30:02"], "timestamp=day_only", "DateTimeOriginal"),
            (["-XMP-photoshop:City=Paris"], "location=none", "XMP photoshop:City"),
            (["-XMP-iptcCore:Location=Rue de Rivoli"], "location=coarse", "XMP Iptc4xmpCore:Location"),
        ])
    func withheldTags(assignments: [String], level: String, tag: String) throws {
        try TemporaryDirectory.with { dir in
            _ = try Self.taggedPhoto(in: dir, assignments)
            // Every other dimension at its fullest: only the one under test withholds anything.
            var levels = ["location": "precise", "timestamp": "exact", "device": "full"]
            let parts = level.split(separator: "=").map(String.init)
            levels[parts[0]] = parts[1]
            let given = "location=\(levels["location"]!),timestamp=\(levels["timestamp"]!),device=\(levels["device"]!)"
            let refused = try Self.refusal("photo", in: dir, privacy: given)
            #expect(refused.contains(" \(tag) (") && refused.contains("which \(level) withholds"), "\(refused)")
            let (kept, warnings) = try Self.pack("photo", in: dir, privacy: given, keepAsReceived: true)
            try #require(!warnings.isEmpty, "kept as received, pack warns")
            let report = LibraryFixture.verify(kept)
            let leaks = report.checks("privacy.media-embedded").filter { $0.status == .fail }
            #expect(
                leaks.contains { $0.message.contains("carries \(tag) (") && $0.message.contains("\(level) withholds") },
                "\(report.checks("privacy.media-embedded"))")
        }
    }

    @Test(
        "IPTC-IIM in a JPEG's APP13, read with libiptcdata as exiftool reads it: a city at location=none, a sub-location at coarse, a by-line below device=full, a time created at day_only"
    )
    func iptcIsRead() throws {
        try TemporaryDirectory.with { dir in
            let photo = try Self.taggedPhoto(
                in: dir, ["-IPTC:City=Paris", "-IPTC:Sub-location=Rue de Rivoli", "-IPTC:By-line=Jane Roe", "-IPTC:TimeCreated=11:30:02+01:00"])
            // exiftool, the oracle, reads them.
            let seen = Subprocess.execute(["exiftool", "-s3", "-IPTC:City", "-IPTC:Sub-location", "-IPTC:By-line", photo.path], cwd: dir)
            #expect(seen.output == "Paris\nRue de Rivoli\nJane Roe\n", "\(seen)")
            for (levels, tag, level) in [
                ("location=none,timestamp=exact,device=model_only", "City (Paris)", "location=none"),
                ("location=coarse,timestamp=exact,device=model_only", "Sublocation (Rue de Rivoli)", "location=coarse"),
                ("location=precise,timestamp=exact,device=model_only", "Byline (Jane Roe)", "device=model_only"),
                ("location=precise,timestamp=day_only,device=full", "TimeCreated (113002+0100)", "timestamp=day_only"),
            ] {
                let refused = try Self.refusal("photo", in: dir, privacy: levels)
                #expect(refused.contains(" \(tag), which \(level) withholds"), "\(levels): \(refused)")
            }
            // Nothing IPTC holds is withheld at precise, exact, model_only but the by-line; at full, nothing.
            let (_, warnings) = try Self.pack("photo", in: dir, privacy: "location=precise,timestamp=exact,device=full")
            #expect(warnings.isEmpty, "\(warnings)")
        }
    }

    @Test("IPTC-IIM inside EXIF (IFD0's IPTC-NAA entry, exiftool's IPTC2), as agency photos carry it: read with libiptcdata like APP13's")
    func iptcInsideEXIFIsRead() throws {
        try TemporaryDirectory.with { dir in
            let photo = try Self.taggedPhoto(in: dir, ["-all="])
            // IIM datasets (0x1C, record 2, tag, length, value): record version, City, By-line.
            let datasets: [(UInt8, String)] = [(90, "Gotham"), (80, "Jane Roe")]
            var records: [UInt8] = [0x1C, 2, 0, 0, 2, 0, 4]
            for (tag, value) in datasets { records += [0x1C, 2, tag, 0, UInt8(value.utf8.count)] + Array(value.utf8) }
            records += [UInt8](repeating: 0, count: (4 - records.count % 4) % 4)
            let iim = dir.appendingPathComponent("records.iim")
            try Data(records).write(to: iim)
            let written = Subprocess.execute(["exiftool", "-q", "-overwrite_original", "-IFD0:IPTC-NAA<=\(iim.path)", photo.path], cwd: dir)
            try #require(written.status == 0, "\(written)")
            // exiftool, the oracle, reads them from EXIF, and there is no APP13 to find them in.
            let seen = Subprocess.execute(["exiftool", "-s3", "-IPTC2:City", "-IPTC2:By-line", "-APP13:all", photo.path], cwd: dir)
            try #require(seen.output == "Gotham\nJane Roe\n", "\(seen)")
            for (levels, tag, level) in [
                ("location=none,timestamp=exact,device=full", "City (Gotham)", "location=none"),
                ("location=precise,timestamp=exact,device=model_only", "Byline (Jane Roe)", "device=model_only"),
            ] {
                let refused = try Self.refusal("photo", in: dir, privacy: levels)
                #expect(refused.contains(" \(tag), which \(level) withholds"), "\(levels): \(refused)")
            }
        }
    }

    @Test("an EXIF IPTC-NAA entry libiptcdata reads only part of is a place not read: privacy is not established")
    func partlyReadIPTCInsideEXIF() throws {
        try TemporaryDirectory.with { dir in
            let photo = try Self.taggedPhoto(in: dir, ["-all="])
            // One dataset, then one whose length runs past the end: libiptcdata keeps the first.
            let records: [UInt8] = [0x1C, 2, 0, 0, 2, 0, 4, 0x1C, 2, 90, 0xFF, 0xF0] + Array("Gotham".utf8)
            let iim = dir.appendingPathComponent("records.iim")
            try Data(records).write(to: iim)
            try #require(Subprocess.execute(["exiftool", "-q", "-overwrite_original", "-IFD0:IPTC-NAA<=\(iim.path)", photo.path], cwd: dir).status == 0)
            let (package, warnings) = try Self.pack("photo", in: dir, privacy: "location=none,timestamp=exact,device=full")
            #expect(warnings.contains { $0.contains("IPTC-NAA entry (0x83BB): libiptcdata reads 7 of its 18 bytes") }, "\(warnings)")
            let report = LibraryFixture.verify(package)
            #expect(
                Self.privacy(report).embedded?.status == .notChecked && Self.privacy(report).overall?.status == .notChecked,
                "\(report.checks("privacy.media-embedded"))")
        }
    }

    @Test("an APP13 segment libiptcdata cannot read is a place not read: privacy is not established")
    func unreadableIPTC() throws {
        try TemporaryDirectory.with { dir in
            let photo = try Self.taggedPhoto(in: dir, ["-all="])
            var jpeg = try [UInt8](Data(contentsOf: photo))
            // An APP13 whose Photoshop header is wrong, right after SOI.
            let payload = Array("Photoshop 2.9\u{0}8BIM".utf8) + [UInt8](repeating: 0x41, count: 32)
            jpeg.insert(contentsOf: [0xFF, 0xED, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload, at: 2)
            try Data(jpeg).write(to: photo)
            let (package, warnings) = try Self.pack("photo", in: dir, privacy: "location=coarse,timestamp=exact,device=none")
            #expect(warnings.contains { $0.contains("APP13") }, "\(warnings)")
            let report = LibraryFixture.verify(package)
            #expect(
                Self.privacy(report).embedded?.status == .notChecked && Self.privacy(report).overall?.status == .notChecked,
                "\(report.checks("privacy.media-embedded"))")
        }
    }

    @Test("a motion photo (a video appended after the JPEG's end) is a place not read: privacy is not established; a JPEG cut short is unreadable")
    func jpegEnd() throws {
        try TemporaryDirectory.with { dir in
            _ = try Self.sample(in: dir, "video", includesFrames: false)
            let photo = try Self.taggedPhoto(in: dir, ["-EXIF:Make=", "-EXIF:Model="])
            let jpeg = try Data(contentsOf: photo)
            let movie = try Data(contentsOf: dir.appendingPathComponent("video/media/capture.mov"))
            try (jpeg + movie).write(to: photo)
            let (package, warnings) = try Self.pack("photo", in: dir, privacy: "location=none,timestamp=exact,device=none")
            #expect(warnings.contains { $0.contains("\(movie.count) bytes after the JPEG's end marker (EOI)") }, "\(warnings)")
            let report = LibraryFixture.verify(package)
            #expect(
                Self.privacy(report).embedded?.status == .notChecked && Self.privacy(report).overall?.status == .notChecked,
                "\(report.checks("privacy.media-embedded"))")

            // Cut to 60 %: no end marker, so the media libraries' reading is not trusted.
            try jpeg.prefix(jpeg.count * 6 / 10).write(to: photo)
            let refused = try Self.refusal("photo", in: dir, output: "cut.rialpkg")
            #expect(refused.contains("no end marker (EOI)") && refused.contains("(media.unreadable), add --keep-as-received"), "\(refused)")
            let (kept, keptWarnings) = try Self.pack("photo", in: dir, output: "cut.rialpkg", keepAsReceived: true)
            #expect(keptWarnings.contains { $0.contains("packed as received (--keep-as-received)") }, "\(keptWarnings)")
            let cut = LibraryFixture.verify(kept)
            #expect(cut.checks("media.unreadable").first?.message.contains("no end marker (EOI)") == true, "\(cut.failures)")
        }
    }

    @Test("a HEIC whose second image carries GPS in its EXIF (heif-enc made it): the audit reads every image, so pack refuses it at location=coarse")
    func secondHEIFImage() throws {
        try TemporaryDirectory.with { dir in
            let photo = try Self.taggedPhoto(in: dir, ["-all="])
            let located = dir.appendingPathComponent("located.jpg")
            try FileManager.default.copyItem(at: photo, to: located)
            let tagged = Subprocess.execute(
                ["exiftool", "-q", "-overwrite_original", "-GPSLatitude=52.37", "-GPSLatitudeRef=N", "-GPSLongitude=4.89", "-GPSLongitudeRef=E", located.path],
                cwd: dir)
            try #require(tagged.status == 0, "\(tagged)")
            let heic = dir.appendingPathComponent("photo/media/photo.heic")
            let encoded = Subprocess.execute(["heif-enc", photo.path, located.path, "-o", heic.path], cwd: dir)
            try #require(encoded.status == 0, "heif-enc is installed by scripts/install-deps.sh --with-oracles: \(encoded)")
            try FileManager.default.removeItem(at: photo)
            // exiftool reads the second image's GPS too (its GPS group of the second item).
            let seen = Subprocess.execute(["exiftool", "-a", "-G1", "-GPSLatitude", heic.path], cwd: dir)
            #expect(seen.output.contains("GPS"), "\(seen)")
            let refused = try Self.refusal("photo", in: dir, privacy: "location=coarse,timestamp=exact,device=full")
            #expect(refused.contains(" GPSLatitude (") && refused.contains("location=coarse withholds"), "\(refused)")
        }
    }

    /// The sample's movie with a `udta` box of `atoms` (code, payload) appended to its `moov`,
    /// which FFmpeg writes last; QuickTime's 32-bit zero ends the list when `terminated`.
    static func movie(withUserData atoms: [(code: String, payload: [UInt8])], terminated: Bool = false, in dir: URL) throws -> URL {
        _ = try Self.sample(in: dir, "capture", includesFrames: false)
        let movie = dir.appendingPathComponent("capture/media/capture.mov")
        var bytes = try [UInt8](Data(contentsOf: movie))
        let big = { (value: Int) in (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        var list: [UInt8] = []
        for atom in atoms {
            // Mac OS Roman: `©` is 0xA9.
            let code = atom.code.unicodeScalars.map { $0 == "©" ? UInt8(0xA9) : UInt8($0.value) }
            list += big(8 + atom.payload.count) + code + atom.payload
        }
        if terminated { list += [0, 0, 0, 0] }
        let udta = big(8 + list.count) + Array("udta".utf8) + list
        // The last top-level box must be `moov`: its size grows by the new box.
        var position = 0, last = 0
        while position + 8 <= bytes.count {
            last = position
            position += bytes[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        try #require(position == bytes.count && Array(bytes[(last + 4)..<(last + 8)]) == Array("moov".utf8), "the sample's movie does not end with moov")
        let size = bytes[last..<(last + 4)].reduce(0) { $0 << 8 | Int($1) } + udta.count
        bytes.replaceSubrange(last..<(last + 4), with: big(size))
        bytes += udta
        try Data(bytes).write(to: movie)
        return movie
    }

    @Test("a camera maker's TAGS atom (Pentax, Nikon, Fujifilm movies): its make is the device's, the settings after it a place not read")
    func makersTagsAtom() throws {
        try TemporaryDirectory.with { dir in
            let block = Array("PENTAX DIGITAL CAMERA".utf8) + [UInt8](repeating: 0, count: 3) + Array("SN 4711".utf8) + [UInt8](repeating: 0, count: 41)
            let movie = try Self.movie(withUserData: [(code: "TAGS", payload: block)], in: dir)
            let seen = Subprocess.execute(["exiftool", "-s3", "-Pentax:Make", movie.path], cwd: dir)
            try #require(seen.output == "PENTAX DIGITAL CAMERA\n", "exiftool, the oracle, reads the make: \(seen)")
            let refused = try Self.refusal("capture", in: dir, privacy: "location=precise,timestamp=exact,device=none")
            #expect(refused.contains(" TAGS (PENTAX DIGITAL CAMERA), which device=none withholds"), "\(refused)")
            let (package, warnings) = try Self.pack("capture", in: dir, privacy: "location=precise,timestamp=exact,device=model_only")
            #expect(warnings.contains { $0.contains("`TAGS` atom") }, "\(warnings)")
            let report = LibraryFixture.verify(package)
            let (embedded, overall) = Self.privacy(report)
            #expect(embedded?.status == .notChecked && embedded?.message.contains("`TAGS` atom") == true, "\(String(describing: embedded))")
            #expect(overall?.status == .notChecked)
        }
    }

    @Test(
        "user-data atoms rial does not know (GoPro's CAME serial, DJI's ©mdl) are places not read; known ones (Samsung's SDLN) and QuickTime's end-of-list zero are read"
    )
    func vendorAtoms() throws {
        try TemporaryDirectory.with { dir in
            let serial = [UInt8](repeating: 0, count: 2) + Array("C3221324521518".utf8)
            _ = try Self.movie(withUserData: [(code: "CAME", payload: serial), (code: "©mdl", payload: Array("FC3170".utf8))], in: dir)
            let (package, warnings) = try Self.pack("capture", in: dir, privacy: Self.levels)
            let warned = warnings.joined(separator: "\n")
            #expect(warned.contains("`CAME` atom") && warned.contains("`©mdl` atom"), "\(warnings)")
            let report = LibraryFixture.verify(package)
            #expect(
                Self.privacy(report).embedded?.status == .notChecked && Self.privacy(report).overall?.status == .notChecked,
                "\(report.checks("privacy.media-embedded"))")
        }
        try TemporaryDirectory.with { dir in
            _ = try Self.movie(withUserData: [(code: "SDLN", payload: Array("SEQ_PLAY".utf8))], terminated: true, in: dir)
            let (package, warnings) = try Self.pack("capture", in: dir, privacy: Self.levels)
            #expect(warnings.isEmpty, "\(warnings)")
            let report = LibraryFixture.verify(package)
            #expect(Self.privacy(report).embedded?.status == .pass, "\(report.checks("privacy.media-embedded"))")
        }
    }

    @Test("a user-data atom FFmpeg reads without exporting (a uuid box with a position in it) is a place not read: privacy is not established, naming it")
    func atomReadWithoutExport() throws {
        try TemporaryDirectory.with { dir in
            let payload = [UInt8](repeating: 0x42, count: 16) + Array("GPS 52.3702 4.8952".utf8)
            _ = try Self.movie(withUserData: [(code: "uuid", payload: payload)], in: dir)
            let (package, warnings) = try Self.pack("capture", in: dir, privacy: Self.levels)
            #expect(warnings.contains { $0.contains("`uuid` atom, which FFmpeg reads without exporting") }, "\(warnings)")
            let report = LibraryFixture.verify(package)
            #expect(
                Self.privacy(report).embedded?.status == .notChecked && Self.privacy(report).overall?.status == .notChecked,
                "\(report.checks("privacy.media-embedded"))")
        }
    }

    @Test("a subtitle track whose samples say where (GPS text): the probe does not read samples, so privacy is not established, naming the stream")
    func subtitleTrack() throws {
        try TemporaryDirectory.with { dir in
            _ = try Self.sample(in: dir, "capture", includesFrames: false)
            let movie = dir.appendingPathComponent("capture/media/capture.mov")
            let subtitles = dir.appendingPathComponent("gps.srt")
            try Data("1\n00:00:00,000 --> 00:00:01,000\nGPS 52.3702 4.8952\n".utf8).write(to: subtitles)
            let muxed = dir.appendingPathComponent("muxed.mov")
            let made = Subprocess.execute(
                ["ffmpeg", "-v", "error", "-i", movie.path, "-i", subtitles.path, "-c", "copy", "-c:s", "mov_text", muxed.path], cwd: dir)
            try #require(made.status == 0, "\(made)")
            try FileManager.default.removeItem(at: movie)
            try FileManager.default.moveItem(at: muxed, to: movie)
            let (package, warnings) = try Self.pack("capture", in: dir, privacy: Self.levels)
            #expect(warnings.contains { $0.contains("stream 1 (subtitle, mov_text)") }, "\(warnings)")
            let report = LibraryFixture.verify(package)
            let (embedded, overall) = Self.privacy(report)
            #expect(embedded?.status == .notChecked && embedded?.message.contains("stream 1 (subtitle, mov_text)") == true, "\(String(describing: embedded))")
            #expect(overall?.status == .notChecked)
        }
    }
}
