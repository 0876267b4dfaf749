import Foundation
import Testing
import RialMedia

/// Movies made by ffmpeg (H.264 and HEVC, MP4 and MOV, with and without a location, rotated or
/// not), probed by `rial-media-probe` and held against ffprobe and exiftool.
@Suite("MediaProbe: movies against ffprobe and exiftool", MediaTools.needs("ffmpeg", "ffprobe", "exiftool"))
struct MediaProbeMovieTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let codec: MediaMaker.Codec
        let container: String
        let hasLocation: Bool
        let rotation: Int?
        var testDescription: String {
            "\(codec.rawValue) \(container)\(hasLocation ? " with location" : "")\(rotation.map { " rotate=\($0)" } ?? "")"
        }
    }

    static let cases: [Case] = MediaMaker.Codec.allCases.flatMap { codec in
        ["mp4", "mov"].flatMap { container in
            [false, true].flatMap { location in
                [nil, 90].map { Case(codec: codec, container: container, hasLocation: location, rotation: $0) }
            }
        }
    }

    @Test(arguments: cases)
    func factsAgreeWithFFprobe(_ example: Case) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try MediaMaker.movie(
            example.codec, container: example.container,
            location: example.hasLocation ? MediaMaker.location : nil,
            rotation: example.rotation, in: scratch)
        let facts = try Probe.facts(file)
        let oracle = try FFprobeReport(file)
        let stream = try #require(oracle.video)

        #expect(facts.container.kind == .isoMovie)
        #expect(facts.container.formatName == oracle.format["format_name"] as? String)
        #expect(facts.container.majorBrand == oracle.formatTags["major_brand"])
        #expect(facts.streams.count == oracle.streams.count)
        let video = try #require(facts.video)
        #expect(video.codec == example.codec.rawValue)
        #expect(video.codec == stream["codec_name"] as? String)
        #expect(video.codecTag == stream["codec_tag_string"] as? String)
        #expect(Int64(video.codedWidth) == FFprobeReport.int(stream["width"]))
        #expect(Int64(video.codedHeight) == FFprobeReport.int(stream["height"]))

        // ffprobe prints the display matrix's angle; ours is the same angle modulo 360.
        let expectedRotation = (oracle.rotation.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        #expect(video.rotation == expectedRotation)
        if example.rotation != nil {
            #expect(oracle.rotation != 0, "ffmpeg wrote no display matrix: the case tests nothing")
            #expect(video.displayWidth == video.codedHeight && video.displayHeight == video.codedWidth)
        } else {
            #expect(video.displayWidth == video.codedWidth && video.displayHeight == video.codedHeight)
        }

        #expect(video.frameCount == 5)
        #expect(video.frameCountSource == .header)
        #expect(video.frameCount == FFprobeReport.int(stream["nb_frames"]))
        #expect(video.frameCount == FFprobeReport.int(stream["nb_read_packets"]))
        #expect(video.averageFrameRate?.description == stream["avg_frame_rate"] as? String)
        #expect(video.duration?.ticks == FFprobeReport.int(stream["duration_ts"]))
        #expect(video.duration?.timeBase.description == stream["time_base"] as? String)
        let formatDuration = try #require(Double(oracle.format["duration"] as? String ?? ""))
        #expect(abs((facts.duration?.seconds ?? -1) - formatDuration) < 0.000_001)

        if example.hasLocation {
            let location = try #require(facts.location)
            #expect(location.tag == "©xyz/loci")
            #expect(abs(location.latitude - 48.8584) < 1e-9 && abs(location.longitude - 2.2945) < 1e-9)
            #expect(location.text == oracle.formatTags["location"])
            #expect(facts.tags.contains { $0.name == "©xyz/loci" && $0.key == "location" && $0.value == oracle.formatTags["location"] })
        } else {
            #expect(facts.location == nil)
            #expect(!facts.tags.contains { $0.name.contains("xyz") || $0.key.contains("location") })
        }
    }

    @Test(arguments: cases)
    func factsAgreeWithExifTool(_ example: Case) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try MediaMaker.movie(
            example.codec, container: example.container,
            location: example.hasLocation ? MediaMaker.location : nil,
            rotation: example.rotation, in: scratch)
        let facts = try Probe.facts(file)
        let video = try #require(facts.video)
        let oracle = try ExifToolReport(file)
        #expect(oracle.number("Track1:ImageWidth").map(Int.init) == video.codedWidth)
        #expect(oracle.number("Track1:ImageHeight").map(Int.init) == video.codedHeight)
        // exiftool states the rotation clockwise, FFmpeg (and rial) counterclockwise.
        let clockwise = oracle.number("Composite:Rotation") ?? 0
        #expect(video.rotation == (360 - clockwise).truncatingRemainder(dividingBy: 360))
        #expect(abs((oracle.number("QuickTime:Duration") ?? -1) - (facts.duration?.seconds ?? 0)) < 0.001)
        if example.hasLocation {
            let location = try #require(facts.location)
            // exiftool reads the MP4's 3GPP `loci` box, whose fixed point rounds to 1e-4 degrees.
            #expect(abs((oracle.number("Composite:GPSLatitude") ?? 0) - location.latitude) < 1e-4)
            #expect(abs((oracle.number("Composite:GPSLongitude") ?? 0) - location.longitude) < 1e-4)
        } else {
            #expect(oracle.number("Composite:GPSLatitude") == nil)
        }
    }

    @Test func appleMetadataKeysAreNamedAndRead() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try MediaMaker.movie(
            .hevc, container: "mov",
            metadata: [
                ("com.apple.quicktime.location.ISO6709", "-33.8688+151.2093+012.500/"),
                ("com.apple.quicktime.make", "Apple"),
                ("com.apple.quicktime.model", "iPhone 15 Pro"),
                ("com.apple.quicktime.software", "17.4.1"),
                ("com.apple.quicktime.creationdate", "2024-05-01T10:00:00+0200"),
            ], movflags: "use_metadata_tags", in: scratch)
        let facts = try Probe.facts(file)
        let ffprobe = try FFprobeReport(file)
        let exiftool = try ExifToolReport(file)

        let location = try #require(facts.location)
        #expect(location.tag == "com.apple.quicktime.location.ISO6709")
        #expect(location.latitude == -33.8688 && location.longitude == 151.2093 && location.altitude == 12.5)
        #expect(abs((exiftool.number("Composite:GPSLatitude") ?? 0) - location.latitude) < 1e-9)
        #expect(abs((exiftool.number("Composite:GPSLongitude") ?? 0) - location.longitude) < 1e-9)
        #expect(facts.make == MediaTagValue("Apple", tag: "com.apple.quicktime.make"))
        #expect(facts.make?.text == exiftool.text("Keys:Make"))
        #expect(facts.model == MediaTagValue("iPhone 15 Pro", tag: "com.apple.quicktime.model"))
        #expect(facts.model?.text == exiftool.text("Keys:Model"))
        #expect(facts.software == MediaTagValue("17.4.1", tag: "com.apple.quicktime.software"))
        #expect(facts.creationTime == MediaTagValue("2024-05-01T10:00:00+0200", tag: "com.apple.quicktime.creationdate"))
        for (key, value) in ffprobe.formatTags where !["major_brand", "minor_version", "compatible_brands"].contains(key) {
            #expect(facts.tags.contains { $0.scope == "container" && $0.key == key && $0.value == value }, "ffprobe's \(key) is not among the tags")
        }
    }

    @Test func userDataMetadataIsNamedByItsAtoms() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try MediaMaker.movie(
            .h264, container: "mov", location: MediaMaker.location,
            metadata: [
                ("make", "Apple"), ("model", "iPhone 15 Pro"), ("creation_time", "2024-05-01T10:00:00Z"),
            ], in: scratch)
        let facts = try Probe.facts(file)
        let exiftool = try ExifToolReport(file)
        #expect(facts.make == MediaTagValue("Apple", tag: "©mak/manu"))
        #expect(facts.make?.text == exiftool.text("UserData:Make"))
        #expect(facts.model == MediaTagValue("iPhone 15 Pro", tag: "©mod/modl"))
        #expect(facts.model?.text == exiftool.text("UserData:Model"))
        #expect(facts.location?.tag == "©xyz/loci")
        #expect(exiftool.text("UserData:GPSCoordinates") != nil, "exiftool finds no ©xyz atom")
        #expect(facts.creationTime?.tag == "creation_time")
        #expect(facts.creationTime?.text.hasPrefix("2024-05-01T10:00:00") == true)
        #expect(facts.tags(named: "©xyz/loci").count == 1)
    }

    @Test func aFragmentedMovieHasItsFramesCounted() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try MediaMaker.movie(.h264, container: "mp4", movflags: "frag_keyframe+empty_moov", frames: 12, in: scratch)
        let facts = try Probe.facts(file)
        let oracle = try FFprobeReport(file)
        let video = try #require(facts.video)
        #expect(video.frameCountSource == .packets)
        #expect(video.frameCount == 12)
        #expect(video.frameCount == FFprobeReport.int(oracle.video?["nb_read_packets"]))
    }

    @Test func aFrameCountPastTheLimitIsUnknown() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try MediaMaker.movie(.h264, container: "mp4", movflags: "frag_keyframe+empty_moov", frames: 12, in: scratch)
        let video = try #require(try Probe.facts(file, limits: MediaProbeLimits(maxCountedPackets: 5)).video)
        #expect(video.frameCount == nil)
        #expect(video.frameCountSource == nil)
    }
}
