import Foundation

/// Makes small real media with the outside tools, at test time: a few frames of ffmpeg's test
/// pattern, 64x48, H.264 (libx264) or HEVC (libx265); photos as JPEG with EXIF written by
/// exiftool, and HEIC by heif-enc.
enum MediaMaker {
    enum Codec: String, CaseIterable, Sendable {
        case h264, hevc
    }

    /// The location written in the tests, as QuickTime stores it.
    static let location = "+48.8584+002.2945/"

    /// A movie: encoded, then remuxed (`-c copy`) with the metadata, because FFmpeg 5.1 writes a
    /// display matrix from the `rotate` tag only when copying a stream.
    /// - Parameters:
    ///   - codec: the video codec.
    ///   - container: `mp4` or `mov`.
    ///   - location: an ISO 6709 location for `-metadata location=`, or `nil`.
    ///   - rotation: the `rotate` tag (degrees), or `nil` for none.
    ///   - metadata: more `-metadata` pairs.
    ///   - movflags: `-movflags` for the remux (e.g. `use_metadata_tags`, `frag_keyframe+empty_moov`).
    ///   - frames: how many frames, at 10 per second.
    ///   - timescale: the video track's time scale (`-video_track_timescale`; Apple's is 600).
    static func movie(
        _ codec: Codec, container: String, location: String? = nil, rotation: Int? = nil,
        metadata: [(String, String)] = [], movflags: String? = nil, frames: Int = 5,
        in directory: ScratchDirectory, name: String? = nil, timescale: Int? = nil
    ) throws -> URL {
        let plain = directory.file("plain-\(UUID().uuidString).\(container)")
        var encode = [
            "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10",
            "-frames:v", String(frames), "-pix_fmt", "yuv420p",
        ]
        switch codec {
        case .h264: encode += ["-c:v", "libx264"]
        case .hevc: encode += ["-c:v", "libx265", "-x265-params", "log-level=error", "-tag:v", "hvc1"]
        }
        try MediaTools.run("ffmpeg", encode + [plain.path])
        let output = directory.file(name ?? "movie-\(codec.rawValue)-\(UUID().uuidString).\(container)")
        var remux = ["-hide_banner", "-loglevel", "error", "-y", "-i", plain.path, "-c", "copy"]
        if let location { remux += ["-metadata", "location=\(location)"] }
        for (key, value) in metadata { remux += ["-metadata", "\(key)=\(value)"] }
        if let rotation { remux += ["-metadata:s:v:0", "rotate=\(rotation)"] }
        if let movflags { remux += ["-movflags", movflags] }
        if let timescale { remux += ["-video_track_timescale", String(timescale)] }
        try MediaMaker.run(remux + [output.path])
        try FileManager.default.removeItem(at: plain)
        return output
    }

    private static func run(_ arguments: [String]) throws {
        try MediaTools.run("ffmpeg", arguments)
    }

    /// A JPEG of the test pattern, with the EXIF tags `exif` given to exiftool (`-TAG=VALUE`).
    static func jpeg(exif: [String] = [], in directory: ScratchDirectory, name: String = "photo.jpg") throws -> URL {
        let output = directory.file(name)
        try MediaTools.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48",
                "-frames:v", "1", output.path,
            ])
        if !exif.isEmpty {
            try MediaTools.run("exiftool", ["-q", "-overwrite_original"] + exif + [output.path])
        }
        return output
    }

    /// EXIF for a phone photo: maker, model, software, time, a GPS position south and west of
    /// the equator and meridian and below sea level (so every sign is exercised), orientation 6.
    static let phoneEXIF = [
        "-Make=Apple", "-Model=iPhone 15 Pro", "-Software=17.4.1", "-DateTimeOriginal=2024:05:01 10:00:00",
        "-GPSLatitude=33.8688", "-GPSLatitudeRef=S", "-GPSLongitude=151.2093", "-GPSLongitudeRef=W",
        "-GPSAltitude=12.5", "-GPSAltitudeRef#=1", "-Orientation#=6",
    ]

    /// A HEIC photo with a depth map: heif-enc writes a 64x48 photo and a 32x24 grey image into
    /// one file, and ``HEIFDepth`` makes the second the first's depth image.
    static func heicWithDepth(in directory: ScratchDirectory) throws -> URL {
        let main = directory.file("depth-main.png")
        let depth = directory.file("depth-map.png")
        try MediaTools.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48",
                "-frames:v", "1", main.path,
            ])
        try MediaTools.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=32x24",
                "-frames:v", "1", "-pix_fmt", "gray", depth.path,
            ])
        let pair = directory.file("pair.heic")
        try MediaTools.run("heif-enc", ["-q", "50", "-o", pair.path, main.path, depth.path])
        let output = directory.file("depth.heic")
        try Data(try HEIFDepth.addDepth(to: [UInt8](try Data(contentsOf: pair)))).write(to: output)
        return output
    }

    /// A HEIC photo made by heif-enc from a JPEG (whose EXIF heif-enc carries over).
    static func heic(exif: [String] = [], in directory: ScratchDirectory, name: String = "photo.heic") throws -> URL {
        let source = try jpeg(exif: exif, in: directory, name: "heic-source-\(UUID().uuidString).jpg")
        let output = directory.file(name)
        try MediaTools.run("heif-enc", ["-q", "50", "-o", output.path, source.path])
        return output
    }
}
