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
        // A location inside is refused at pack (MediaDisclosure); kept as received, verify judges it.
        let packed = CLI.rial(
            ["pack", "capture", "-o", package.path, "--privacy", levels, "--quiet"] + (location == nil ? [] : ["--keep-as-received"]), cwd: dir)
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
            #expect(
                embedded?.status == "not_checked" && embedded?.message.contains("metadata entries beyond the probe's limit") == true,
                "\(String(describing: embedded))")
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

    /// A sample photo tagged by exiftool with `assignments`.
    static func taggedPhoto(in dir: URL, _ assignments: [String]) throws -> URL {
        try #require(CLI.rial(["sample", "-o", "photo", "--kind", "photo"], cwd: dir).status == 0)
        let photo = dir.appendingPathComponent("photo/media/photo.jpg")
        let written = CLI.run(["exiftool", "-q", "-overwrite_original"] + assignments + [photo.path], cwd: dir)
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
        try withTemporaryDirectory { dir in
            _ = try Self.taggedPhoto(in: dir, assignments)
            // Every other dimension at its fullest: only the one under test withholds anything.
            var levels = ["location": "precise", "timestamp": "exact", "device": "full"]
            let parts = level.split(separator: "=").map(String.init)
            levels[parts[0]] = parts[1]
            let given = "location=\(levels["location"]!),timestamp=\(levels["timestamp"]!),device=\(levels["device"]!)"
            let refused = CLI.rial(["pack", "photo", "-o", "p.rialpkg", "--privacy", given], cwd: dir)
            #expect(refused.status == 2 && refused.stderr.contains(" \(tag) (") && refused.stderr.contains("which \(level) withholds"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("p.rialpkg").path))
            let kept = CLI.rial(["pack", "photo", "-o", "p.rialpkg", "--privacy", given, "--keep-as-received", "--quiet"], cwd: dir)
            try #require(kept.status == 0 && kept.stderr.contains("warning: "), "\(kept)")
            let report = try Report.decode(CLI.rial(["verify", "p.rialpkg", "--format", "json", "--quiet"], cwd: dir).stdout)
            let leaks = report.checks("privacy.media-embedded").filter { $0.status == "fail" }
            #expect(
                leaks.contains { $0.message.contains("carries \(tag) (") && $0.message.contains("\(level) withholds") },
                "\(report.checks("privacy.media-embedded"))")
        }
    }

    @Test(
        "IPTC-IIM in a JPEG's APP13, read with libiptcdata as exiftool reads it: a city at location=none, a sub-location at coarse, a by-line below device=full, a time created at day_only"
    )
    func iptcIsRead() throws {
        try withTemporaryDirectory { dir in
            let photo = try Self.taggedPhoto(
                in: dir, ["-IPTC:City=Paris", "-IPTC:Sub-location=Rue de Rivoli", "-IPTC:By-line=Jane Roe", "-IPTC:TimeCreated=11:30:02+01:00"])
            // exiftool, the oracle, reads them.
            let seen = CLI.run(["exiftool", "-s3", "-IPTC:City", "-IPTC:Sub-location", "-IPTC:By-line", photo.path], cwd: dir)
            #expect(seen.stdout == "Paris\nRue de Rivoli\nJane Roe\n", "\(seen)")
            for (levels, tag, level) in [
                ("location=none,timestamp=exact,device=model_only", "City (Paris)", "location=none"),
                ("location=coarse,timestamp=exact,device=model_only", "Sublocation (Rue de Rivoli)", "location=coarse"),
                ("location=precise,timestamp=exact,device=model_only", "Byline (Jane Roe)", "device=model_only"),
                ("location=precise,timestamp=day_only,device=full", "TimeCreated (113002+0100)", "timestamp=day_only"),
            ] {
                let refused = CLI.rial(["pack", "photo", "-o", "p.rialpkg", "--privacy", levels], cwd: dir)
                #expect(refused.status == 2 && refused.stderr.contains(" \(tag), which \(level) withholds"), "\(levels): \(refused.stderr)")
            }
            // Nothing IPTC holds is withheld at precise, exact, model_only but the by-line; at full, nothing.
            let fine = CLI.rial(["pack", "photo", "-o", "p.rialpkg", "--privacy", "location=precise,timestamp=exact,device=full", "--quiet"], cwd: dir)
            #expect(fine.status == 0 && fine.stderr.isEmpty, "\(fine)")
        }
    }

    @Test("IPTC-IIM inside EXIF (IFD0's IPTC-NAA entry, exiftool's IPTC2), as agency photos carry it: read with libiptcdata like APP13's")
    func iptcInsideEXIFIsRead() throws {
        try withTemporaryDirectory { dir in
            let photo = try Self.taggedPhoto(in: dir, ["-all="])
            // IIM datasets (0x1C, record 2, tag, length, value): record version, City, By-line.
            let datasets: [(UInt8, String)] = [(90, "Gotham"), (80, "Jane Roe")]
            var records: [UInt8] = [0x1C, 2, 0, 0, 2, 0, 4]
            for (tag, value) in datasets { records += [0x1C, 2, tag, 0, UInt8(value.utf8.count)] + Array(value.utf8) }
            records += [UInt8](repeating: 0, count: (4 - records.count % 4) % 4)
            let iim = dir.appendingPathComponent("records.iim")
            try Data(records).write(to: iim)
            let written = CLI.run(["exiftool", "-q", "-overwrite_original", "-IFD0:IPTC-NAA<=\(iim.path)", photo.path], cwd: dir)
            try #require(written.status == 0, "\(written)")
            // exiftool, the oracle, reads them from EXIF, and there is no APP13 to find them in.
            let seen = CLI.run(["exiftool", "-s3", "-IPTC2:City", "-IPTC2:By-line", "-APP13:all", photo.path], cwd: dir)
            try #require(seen.stdout == "Gotham\nJane Roe\n", "\(seen)")
            for (levels, tag, level) in [
                ("location=none,timestamp=exact,device=full", "City (Gotham)", "location=none"),
                ("location=precise,timestamp=exact,device=model_only", "Byline (Jane Roe)", "device=model_only"),
            ] {
                let refused = CLI.rial(["pack", "photo", "-o", "p.rialpkg", "--privacy", levels], cwd: dir)
                #expect(refused.status == 2 && refused.stderr.contains(" \(tag), which \(level) withholds"), "\(levels): \(refused.stderr)")
            }
        }
    }

    @Test("an EXIF IPTC-NAA entry libiptcdata reads only part of is a place not read: privacy is not established")
    func partlyReadIPTCInsideEXIF() throws {
        try withTemporaryDirectory { dir in
            let photo = try Self.taggedPhoto(in: dir, ["-all="])
            // One dataset, then one whose length runs past the end: libiptcdata keeps the first.
            let records: [UInt8] = [0x1C, 2, 0, 0, 2, 0, 4, 0x1C, 2, 90, 0xFF, 0xF0] + Array("Gotham".utf8)
            let iim = dir.appendingPathComponent("records.iim")
            try Data(records).write(to: iim)
            try #require(CLI.run(["exiftool", "-q", "-overwrite_original", "-IFD0:IPTC-NAA<=\(iim.path)", photo.path], cwd: dir).status == 0)
            let packed = CLI.rial(["pack", "photo", "-o", "p.rialpkg", "--privacy", "location=none,timestamp=exact,device=full"], cwd: dir)
            try #require(packed.status == 0, "\(packed)")
            #expect(packed.stderr.contains("IPTC-NAA entry (0x83BB): libiptcdata reads 7 of its 18 bytes"), "\(packed.stderr)")
            let report = try Report.decode(CLI.rial(["verify", "p.rialpkg", "--format", "json", "--quiet"], cwd: dir).stdout)
            #expect(
                Self.privacy(report).embedded?.status == "not_checked" && Self.privacy(report).overall?.status == "not_checked",
                "\(report.checks("privacy.media-embedded"))")
        }
    }

    @Test("an APP13 segment libiptcdata cannot read is a place not read: privacy is not established")
    func unreadableIPTC() throws {
        try withTemporaryDirectory { dir in
            let photo = try Self.taggedPhoto(in: dir, ["-all="])
            var jpeg = try [UInt8](Fixture.read(photo))
            // An APP13 whose Photoshop header is wrong, right after SOI.
            let payload = Array("Photoshop 2.9\u{0}8BIM".utf8) + [UInt8](repeating: 0x41, count: 32)
            jpeg.insert(contentsOf: [0xFF, 0xED, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload, at: 2)
            try Data(jpeg).write(to: photo)
            let packed = CLI.rial(["pack", "photo", "-o", "p.rialpkg", "--privacy", "location=coarse,timestamp=exact,device=none"], cwd: dir)
            try #require(packed.status == 0, "\(packed)")
            #expect(packed.stderr.contains("APP13"), "\(packed.stderr)")
            let report = try Report.decode(CLI.rial(["verify", "p.rialpkg", "--format", "json", "--quiet"], cwd: dir).stdout)
            #expect(
                Self.privacy(report).embedded?.status == "not_checked" && Self.privacy(report).overall?.status == "not_checked",
                "\(report.checks("privacy.media-embedded"))")
        }
    }

    @Test("a motion photo (a video appended after the JPEG's end) is a place not read: privacy is not established; a JPEG cut short is unreadable")
    func jpegEnd() throws {
        try withTemporaryDirectory { dir in
            try #require(CLI.rial(["sample", "-o", "video", "--no-frames"], cwd: dir).status == 0)
            let photo = try Self.taggedPhoto(in: dir, ["-EXIF:Make=", "-EXIF:Model="])
            let jpeg = try Fixture.read(photo)
            let movie = try Fixture.read(dir.appendingPathComponent("video/media/capture.mov"))
            try (jpeg + movie).write(to: photo)
            let packed = CLI.rial(["pack", "photo", "-o", "p.rialpkg", "--privacy", "location=none,timestamp=exact,device=none"], cwd: dir)
            try #require(packed.status == 0, "\(packed)")
            #expect(packed.stderr.contains("\(movie.count) bytes after the JPEG's end marker (EOI)"), "\(packed.stderr)")
            let report = try Report.decode(CLI.rial(["verify", "p.rialpkg", "--format", "json", "--quiet"], cwd: dir).stdout)
            #expect(
                Self.privacy(report).embedded?.status == "not_checked" && Self.privacy(report).overall?.status == "not_checked",
                "\(report.checks("privacy.media-embedded"))")

            // Cut to 60 %: no end marker, so the media libraries' reading is not trusted.
            try jpeg.prefix(jpeg.count * 6 / 10).write(to: photo)
            let refused = CLI.rial(["pack", "photo", "-o", "cut.rialpkg", "--quiet"], cwd: dir)
            #expect(
                refused.status == 2 && refused.stderr.contains("no end marker (EOI)") && refused.stderr.contains("(media.unreadable), add --keep-as-received"),
                "\(refused)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("cut.rialpkg").path))
            let kept = CLI.rial(["pack", "photo", "-o", "cut.rialpkg", "--keep-as-received"], cwd: dir)
            try #require(kept.status == 0 && kept.stderr.contains("packed as received (--keep-as-received)"), "\(kept)")
            let cut = try Report.decode(CLI.rial(["verify", "cut.rialpkg", "--format", "json", "--quiet"], cwd: dir).stdout)
            #expect(cut.checks("media.unreadable").first?.message.contains("no end marker (EOI)") == true, "\(cut.failures)")
        }
    }

    @Test("a HEIC whose second image carries GPS in its EXIF (heif-enc made it): the audit reads every image, so pack refuses it at location=coarse")
    func secondHEIFImage() throws {
        try withTemporaryDirectory { dir in
            let photo = try Self.taggedPhoto(in: dir, ["-all="])
            let located = dir.appendingPathComponent("located.jpg")
            try FileManager.default.copyItem(at: photo, to: located)
            let tagged = CLI.run(
                ["exiftool", "-q", "-overwrite_original", "-GPSLatitude=52.37", "-GPSLatitudeRef=N", "-GPSLongitude=4.89", "-GPSLongitudeRef=E", located.path],
                cwd: dir)
            try #require(tagged.status == 0, "\(tagged)")
            let heic = dir.appendingPathComponent("photo/media/photo.heic")
            let encoded = CLI.run(["heif-enc", photo.path, located.path, "-o", heic.path], cwd: dir)
            try #require(encoded.status == 0, "heif-enc is installed by scripts/install-deps.sh --with-oracles: \(encoded)")
            try FileManager.default.removeItem(at: photo)
            // exiftool reads the second image's GPS too (its GPS group of the second item).
            let seen = CLI.run(["exiftool", "-a", "-G1", "-GPSLatitude", heic.path], cwd: dir)
            #expect(seen.stdout.contains("GPS"), "\(seen)")
            let refused = CLI.rial(["pack", "photo", "-o", "p.rialpkg", "--privacy", "location=coarse,timestamp=exact,device=full"], cwd: dir)
            #expect(refused.status == 2 && refused.stderr.contains(" GPSLatitude (") && refused.stderr.contains("location=coarse withholds"), "\(refused)")
        }
    }

    /// The sample's movie with a `udta` box of `atoms` (code, payload) appended to its `moov`,
    /// which FFmpeg writes last; QuickTime's 32-bit zero ends the list when `terminated`.
    static func movie(withUserData atoms: [(code: String, payload: [UInt8])], terminated: Bool = false, in dir: URL) throws -> URL {
        try #require(CLI.rial(["sample", "-o", "capture", "--no-frames"], cwd: dir).status == 0)
        let movie = dir.appendingPathComponent("capture/media/capture.mov")
        var bytes = try [UInt8](Fixture.read(movie))
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
        try withTemporaryDirectory { dir in
            let block = Array("PENTAX DIGITAL CAMERA".utf8) + [UInt8](repeating: 0, count: 3) + Array("SN 4711".utf8) + [UInt8](repeating: 0, count: 41)
            let movie = try Self.movie(withUserData: [(code: "TAGS", payload: block)], in: dir)
            let seen = CLI.run(["exiftool", "-s3", "-Pentax:Make", movie.path], cwd: dir)
            try #require(seen.stdout == "PENTAX DIGITAL CAMERA\n", "exiftool, the oracle, reads the make: \(seen)")
            let refused = CLI.rial(["pack", "capture", "-o", "p.rialpkg", "--privacy", "location=precise,timestamp=exact,device=none"], cwd: dir)
            #expect(refused.status == 2 && refused.stderr.contains(" TAGS (PENTAX DIGITAL CAMERA), which device=none withholds"), "\(refused.stderr)")
            let packed = CLI.rial(["pack", "capture", "-o", "p.rialpkg", "--privacy", "location=precise,timestamp=exact,device=model_only"], cwd: dir)
            try #require(packed.status == 0, "\(packed)")
            #expect(packed.stderr.contains("`TAGS` atom"), "\(packed.stderr)")
            let report = try Report.decode(CLI.rial(["verify", "p.rialpkg", "--format", "json", "--quiet"], cwd: dir).stdout)
            let (embedded, overall) = Self.privacy(report)
            #expect(embedded?.status == "not_checked" && embedded?.message.contains("`TAGS` atom") == true, "\(String(describing: embedded))")
            #expect(overall?.status == "not_checked")
        }
    }

    @Test(
        "user-data atoms rial does not know (GoPro's CAME serial, DJI's ©mdl) are places not read; known ones (Samsung's SDLN) and QuickTime's end-of-list zero are read"
    )
    func vendorAtoms() throws {
        try withTemporaryDirectory { dir in
            let serial = [UInt8](repeating: 0, count: 2) + Array("C3221324521518".utf8)
            _ = try Self.movie(withUserData: [(code: "CAME", payload: serial), (code: "©mdl", payload: Array("FC3170".utf8))], in: dir)
            let packed = CLI.rial(["pack", "capture", "-o", "p.rialpkg", "--privacy", Self.levels], cwd: dir)
            try #require(packed.status == 0, "\(packed)")
            #expect(packed.stderr.contains("`CAME` atom") && packed.stderr.contains("`©mdl` atom"), "\(packed.stderr)")
            let report = try Report.decode(CLI.rial(["verify", "p.rialpkg", "--format", "json", "--quiet"], cwd: dir).stdout)
            #expect(
                Self.privacy(report).embedded?.status == "not_checked" && Self.privacy(report).overall?.status == "not_checked",
                "\(report.checks("privacy.media-embedded"))")
        }
        try withTemporaryDirectory { dir in
            _ = try Self.movie(withUserData: [(code: "SDLN", payload: Array("SEQ_PLAY".utf8))], terminated: true, in: dir)
            let packed = CLI.rial(["pack", "capture", "-o", "p.rialpkg", "--privacy", Self.levels, "--quiet"], cwd: dir)
            #expect(packed.status == 0 && packed.stderr.isEmpty, "\(packed)")
            let report = try Report.decode(CLI.rial(["verify", "p.rialpkg", "--format", "json", "--quiet"], cwd: dir).stdout)
            #expect(Self.privacy(report).embedded?.status == "pass", "\(report.checks("privacy.media-embedded"))")
        }
    }

    @Test("a user-data atom FFmpeg reads without exporting (a uuid box with a position in it) is a place not read: privacy is not established, naming it")
    func atomReadWithoutExport() throws {
        try withTemporaryDirectory { dir in
            let payload = [UInt8](repeating: 0x42, count: 16) + Array("GPS 52.3702 4.8952".utf8)
            _ = try Self.movie(withUserData: [(code: "uuid", payload: payload)], in: dir)
            let packed = CLI.rial(["pack", "capture", "-o", "p.rialpkg", "--privacy", Self.levels], cwd: dir)
            try #require(packed.status == 0, "\(packed)")
            #expect(packed.stderr.contains("`uuid` atom, which FFmpeg reads without exporting"), "\(packed.stderr)")
            let report = try Report.decode(CLI.rial(["verify", "p.rialpkg", "--format", "json", "--quiet"], cwd: dir).stdout)
            #expect(
                Self.privacy(report).embedded?.status == "not_checked" && Self.privacy(report).overall?.status == "not_checked",
                "\(report.checks("privacy.media-embedded"))")
        }
    }

    @Test("a subtitle track whose samples say where (GPS text): the probe does not read samples, so privacy is not established, naming the stream")
    func subtitleTrack() throws {
        try withTemporaryDirectory { dir in
            try #require(CLI.rial(["sample", "-o", "capture", "--no-frames"], cwd: dir).status == 0)
            let movie = dir.appendingPathComponent("capture/media/capture.mov")
            let subtitles = dir.appendingPathComponent("gps.srt")
            try Data("1\n00:00:00,000 --> 00:00:01,000\nGPS 52.3702 4.8952\n".utf8).write(to: subtitles)
            let muxed = dir.appendingPathComponent("muxed.mov")
            let made = CLI.run(["ffmpeg", "-v", "error", "-i", movie.path, "-i", subtitles.path, "-c", "copy", "-c:s", "mov_text", muxed.path], cwd: dir)
            try #require(made.status == 0, "\(made)")
            try FileManager.default.removeItem(at: movie)
            try FileManager.default.moveItem(at: muxed, to: movie)
            let packed = CLI.rial(["pack", "capture", "-o", "p.rialpkg", "--privacy", Self.levels], cwd: dir)
            try #require(packed.status == 0, "\(packed)")
            #expect(packed.stderr.contains("stream 1 (subtitle, mov_text)"), "\(packed.stderr)")
            let report = try Report.decode(CLI.rial(["verify", "p.rialpkg", "--format", "json", "--quiet"], cwd: dir).stdout)
            let (embedded, overall) = Self.privacy(report)
            #expect(embedded?.status == "not_checked" && embedded?.message.contains("stream 1 (subtitle, mov_text)") == true, "\(String(describing: embedded))")
            #expect(overall?.status == "not_checked")
        }
    }
}
