import Foundation
import Testing

/// `rial sample` writes real media (examples/media/): a playable H.264 movie of every frame and
/// a real JPEG, held against FFmpeg and exiftool as outside oracles and against the committed
/// files they are made from.
@Suite("Sample media")
struct SampleMediaTests {
    static let examples = CLI.repoRoot.appendingPathComponent("examples/media")

    @Test(
        "the sample's movie is what ffprobe and ffmpeg read: every frame, its rate and size, decoded without an error",
        arguments: [(2, 30), (3, 7), (1, 240)])
    func movie(seconds: Int, fps: Int) throws {
        try withTemporaryDirectory { dir in
            let made = CLI.rial(
                ["sample", "-o", "capture", "--seconds", String(seconds), "--fps", String(fps), "--width", "16", "--height", "8", "--no-frames"], cwd: dir)
            try #require(made.status == 0, "\(made)")
            let movie = dir.appendingPathComponent("capture/media/capture.mov").path
            let probe = CLI.run(
                [
                    "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                    "stream=codec_name,width,height,nb_read_frames,r_frame_rate,duration", "-of", "default=noprint_wrappers=1", movie,
                ], cwd: dir)
            try #require(probe.status == 0, "ffprobe is installed by scripts/install-deps.sh --with-oracles: \(probe)")
            let facts = Self.keyValues(probe.stdout)
            #expect(facts["codec_name"] == "h264" && facts["width"] == "160" && facts["height"] == "120", "\(facts)")
            #expect(facts["nb_read_frames"] == String(seconds * fps), "\(facts)")
            #expect(facts["r_frame_rate"] == "\(fps)/1", "\(facts)")
            #expect(facts["duration"].flatMap(Double.init).map { abs($0 - Double(seconds)) < 0.001 } == true, "\(facts)")
            // Decoded to the end: a broken box or bitstream would be reported on standard error.
            let decoded = CLI.run(["ffmpeg", "-v", "error", "-i", movie, "-f", "null", "-"], cwd: dir)
            #expect(decoded.status == 0 && decoded.stderr.isEmpty, "\(decoded)")

            // The app's metadata states what the movie is.
            let metadata = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("capture/app/metadata.json"))) as? [String: Any])
            #expect(metadata["codec"] as? String == "h264")
            #expect((metadata["resolution"] as? [String: Int]) == ["width": 160, "height": 120])
            #expect(metadata["frame_count"] as? Int == seconds * fps && metadata["duration_ms"] as? Int == seconds * 1000)
        }
    }

    @Test("the movie's pictures are the committed ones (examples/media/sample-video.h264), NAL unit for NAL unit")
    func movieIsTheCommittedStream() throws {
        try withTemporaryDirectory { dir in
            try #require(CLI.rial(["sample", "-o", "capture", "--no-frames"], cwd: dir).status == 0)
            let stream = dir.appendingPathComponent("stream.h264")
            let copied = CLI.run(
                [
                    "ffmpeg", "-v", "error", "-i", dir.appendingPathComponent("capture/media/capture.mov").path,
                    "-frames:v", "2", "-c", "copy", "-bsf:v", "h264_mp4toannexb", "-f", "h264", stream.path,
                ], cwd: dir)
            try #require(copied.status == 0, "\(copied)")
            let committed = Self.nalUnits(try Data(contentsOf: Self.examples.appendingPathComponent("sample-video.h264")))
            let written = Self.nalUnits(try Data(contentsOf: stream))
            #expect(committed.count == 6 && written == committed, "\(written.map(\.count)) vs \(committed.map(\.count))")
        }
    }

    @Test("the sample's photo is the committed JPEG with a comment naming the seed; exiftool reads its make and model")
    func photo() throws {
        try withTemporaryDirectory { dir in
            try #require(CLI.rial(["sample", "-o", "photo", "--kind", "photo", "--seed", "7"], cwd: dir).status == 0)
            let photo = try Data(contentsOf: dir.appendingPathComponent("photo/media/photo.jpg"))
            let committed = try Data(contentsOf: Self.examples.appendingPathComponent("sample-photo.jpg"))
            let comment = Data("rial sample, seed 7".utf8)
            let segment = Data([0xFF, 0xFE, 0, UInt8(comment.count + 2)]) + comment
            #expect(photo == committed.prefix(2) + segment + committed.dropFirst(2))
            let exif = CLI.run(
                ["exiftool", "-s", "-Make", "-Model", "-Comment", "-ImageSize", dir.appendingPathComponent("photo/media/photo.jpg").path], cwd: dir)
            try #require(exif.status == 0, "exiftool is installed by scripts/install-deps.sh --with-oracles: \(exif)")
            let tags = Self.keyValues(exif.stdout, separator: ":")
            #expect(tags == ["Make": "Apple", "Model": "iPhone 15 Pro", "Comment": "rial sample, seed 7", "ImageSize": "320x240"], "\(exif.stdout)")
        }
    }

    /// `key=value` (or `key : value`) lines, trimmed.
    static func keyValues(_ text: String, separator: Character = "=") -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: separator, maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        return values
    }

    /// The NAL units of an Annex B stream (after each 00 00 01; trailing zero bytes of a
    /// four-byte start code dropped).
    static func nalUnits(_ data: Data) -> [Data] {
        let bytes = [UInt8](data)
        var starts: [Int] = []
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 {
                starts.append(index + 3)
                index += 3
            } else {
                index += 1
            }
        }
        return starts.enumerated().map { position, start in
            var end = position + 1 < starts.count ? starts[position + 1] - 3 : bytes.count
            while position + 1 < starts.count, end > start, bytes[end - 1] == 0 { end -= 1 }
            return Data(bytes[start..<end])
        }
    }
}
