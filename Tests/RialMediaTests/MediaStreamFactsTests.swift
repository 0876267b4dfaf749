import Foundation
import Testing
import RialMedia

/// Facts from the stream, not only from what the container declares: the picture size from the
/// H.264/HEVC parameter sets, and a duration that agrees with ffprobe when the track's own
/// tables are broken or state 0. Each case edits a movie ffmpeg made, as a forger would.
@Suite("MediaProbe: facts from the stream", MediaTools.needs("ffmpeg", "ffprobe"))
struct MediaStreamFactsTests {
    @Test(arguments: MediaMaker.Codec.allCases)
    func theSizeComesFromTheParameterSets(_ codec: MediaMaker.Codec) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try MediaMaker.movie(codec, container: "mp4", in: scratch)
        let intact = try #require(try Probe.facts(file).video)
        #expect(intact.sizeSource == .parameterSets)
        #expect(!intact.containerSizeDisagrees)
        #expect(intact.containerSize == MediaImageSize(width: 64, height: 48))

        // Four bytes: the sample entry's width and height now say 1920×1080.
        var bytes = [UInt8](try Data(contentsOf: file))
        let entry = try #require(Self.offset(of: "stsd", in: bytes)) + 16
        bytes.replaceSubrange((entry + 32)..<(entry + 36), with: [0x07, 0x80, 0x04, 0x38])
        let edited = try HostileMedia.write(bytes, "edited.mp4", in: scratch)
        let video = try #require(try Probe.facts(edited).video)
        let stream = try #require(try FFprobeReport(edited).video)
        #expect(video.codedWidth == 64 && video.codedHeight == 48)
        #expect(Int64(video.codedWidth) == FFprobeReport.int(stream["width"]) && Int64(video.codedHeight) == FFprobeReport.int(stream["height"]))
        #expect(video.containerSize == MediaImageSize(width: 1920, height: 1080))
        #expect(video.containerSizeDisagrees)
        #expect(video.displayWidth == 64 && video.displayHeight == 48)
    }

    /// Apple's movies count time in 600ths of a second; a track whose sample tables FFmpeg
    /// rejects keeps its media header's ticks, which read in FFmpeg's default 1/90000 made a
    /// 5-second movie 33 ms long.
    @Test(arguments: [("stsc", "a sample table missing"), ("stco", "the chunk offsets missing")])
    func aBrokenTrackTakesTheMovieHeadersDuration(_ table: String, _ what: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try MediaMaker.movie(.h264, container: "mov", frames: 50, in: scratch, timescale: 600)
        var bytes = [UInt8](try Data(contentsOf: file))
        let box = try #require(Self.offset(of: table, in: bytes))
        bytes.replaceSubrange((box + 4)..<(box + 8), with: Array("free".utf8))
        let broken = try HostileMedia.write(bytes, "broken.mov", in: scratch)
        let facts = try Probe.facts(broken)
        let ffprobe = try #require(Double(try FFprobeReport(broken).format["duration"] as? String ?? ""))
        let duration = try #require(facts.video?.duration ?? facts.duration, "\(what)")
        #expect(abs(duration.seconds - ffprobe) < 0.001, "\(what): \(duration.seconds) s, ffprobe \(ffprobe) s")
        #expect(abs(duration.seconds - 5) < 0.001, "\(what)")
    }

    @Test func aTrackStatingZeroTakesTheMovieHeadersDuration() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try MediaMaker.movie(.h264, container: "mov", frames: 50, in: scratch, timescale: 600)
        var bytes = [UInt8](try Data(contentsOf: file))
        // mdhd version 0: size, type, version and flags, two dates, the time scale, the duration.
        let header = try #require(Self.offset(of: "mdhd", in: bytes))
        bytes.replaceSubrange((header + 24)..<(header + 28), with: [0, 0, 0, 0])
        let facts = try Probe.facts(try HostileMedia.write(bytes, "zero.mov", in: scratch))
        #expect(facts.video?.duration == nil)
        let duration = try #require(facts.duration)
        #expect(abs(duration.seconds - 5) < 0.001)
    }

    /// Where the box of `type` starts (its size field), found by its type's bytes.
    static func offset(of type: String, in bytes: [UInt8]) -> Int? {
        let name = Array(type.utf8)
        guard bytes.count > 8 else { return nil }
        return (4..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual(name) }.map { $0 - 4 }
    }
}
