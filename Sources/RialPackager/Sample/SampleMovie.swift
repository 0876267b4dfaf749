import Foundation
import RialFormat

/// The sample's video: a real, playable QuickTime movie (ISO/IEC 14496-12 boxes, one H.264
/// track, ISO/IEC 14496-15 `avc1`/`avcC`) of `frameCount` frames at `fps`, every frame an intra
/// picture of the same image (``SampleMediaBytes``).
///
/// rial links no media muxer (FFmpeg is used to read media, in a confined child process), and a
/// sample must have any length and rate, so the few boxes a single-track movie needs are
/// written here: `ftyp`, `mdat` with the frames, then `moov` (`mvhd`, `trak` → `tkhd`, `mdia` →
/// `mdhd`, `hdlr`, `minf` → `vmhd`, `dinf`, `stbl` → `stsd`, `stts`, `stsc`, `stsz`, `stco`).
/// Every sample is a sync sample, so there is no `stss`. Frames are streamed: memory does not
/// grow with the length.
struct SampleMovie {
    let frameCount: Int
    let fps: Int
    /// When recording started: the movie's creation time (`mvhd`, `tkhd`, `mdhd`).
    let created: Timestamp
    /// The file type `ftyp` declares: the boxes are the same in both.
    var brand: Brand = .quickTime

    enum Brand {
        /// `qt  `: a QuickTime movie (`.mov`).
        case quickTime
        /// `mp42`, compatible with `isom`: an MP4 (`.mp4`), as the capture app's export writes.
        case mp4
    }

    /// Seconds from 1904-01-01 (QuickTime's epoch) to 1970-01-01.
    private static let quickTimeEpochOffset: Int64 = 2_082_844_800

    /// The frames, length-prefixed (4 bytes, big-endian) as `avcC`'s `lengthSizeMinusOne = 3` says.
    private let samples: [[UInt8]]
    private let sequenceParameterSet: [UInt8]
    private let pictureParameterSet: [UInt8]

    init(frameCount: Int, fps: Int, created: Timestamp) throws {
        self.frameCount = frameCount
        self.fps = fps
        self.created = created
        func decoded(_ base64: String) throws -> [UInt8] {
            guard let data = Data(base64Encoded: base64) else {
                throw PackagerError(.internalInconsistency, "the sample's embedded media is not base64")
            }
            return Array(data)
        }
        sequenceParameterSet = try decoded(SampleMediaBytes.sequenceParameterSet)
        pictureParameterSet = try decoded(SampleMediaBytes.pictureParameterSet)
        samples = try SampleMediaBytes.frames.map { frame in
            let unit = try decoded(frame)
            return Self.uint32(unit.count) + unit
        }
        guard sequenceParameterSet.count >= 4, !samples.isEmpty else {
            throw PackagerError(.internalInconsistency, "the sample's embedded H.264 parameters are too short")
        }
    }

    /// Writes the movie through `sink`, a frame at a time.
    func write(_ sink: (inout [UInt8]) throws -> Void) throws {
        var head = ftyp() + Self.uint32(mdatPayloadSize + 8) + Array("mdat".utf8)
        try sink(&head)
        for index in 0..<frameCount {
            var frame = samples[index % samples.count]
            try sink(&frame)
        }
        var tail = moov()
        try sink(&tail)
    }

    private var mdatPayloadSize: Int {
        (0..<samples.count).reduce(0) { total, which in
            total + samples[which].count * Self.occurrences(of: which, among: samples.count, in: frameCount)
        }
    }

    /// How many of `total` frames, cycling over `count` samples, are sample `which`.
    private static func occurrences(of which: Int, among count: Int, in total: Int) -> Int {
        total / count + (which < total % count ? 1 : 0)
    }

    private func ftyp() -> [UInt8] {
        switch brand {
        case .quickTime: return Self.box("ftyp", Array("qt  ".utf8) + Self.uint32(0x200) + Array("qt  ".utf8))
        case .mp4: return Self.box("ftyp", Array("mp42".utf8) + Self.uint32(0) + Array("isommp42".utf8))
        }
    }

    private func moov() -> [UInt8] {
        let movieTimescale = 1000
        let movieDuration = frameCount * 1000 / fps
        let time = Self.uint32(Int(created.seconds + Self.quickTimeEpochOffset))
        let mvhd = Self.fullBox(
            "mvhd", version: 0, flags: 0,
            time + time + Self.uint32(movieTimescale) + Self.uint32(movieDuration)
                + Self.uint32(0x0001_0000) + Self.uint16(0x0100) + [UInt8](repeating: 0, count: 10)
                + Self.identityMatrix + [UInt8](repeating: 0, count: 24) + Self.uint32(2))
        return Self.box("moov", mvhd + track(time: time, movieDuration: movieDuration))
    }

    private func track(time: [UInt8], movieDuration: Int) -> [UInt8] {
        let width = SampleMediaBytes.videoWidth, height = SampleMediaBytes.videoHeight
        // Flags 3: enabled and in the movie.
        let tkhd = Self.fullBox(
            "tkhd", version: 0, flags: 3,
            time + time + Self.uint32(1) + Self.uint32(0) + Self.uint32(movieDuration)
                + [UInt8](repeating: 0, count: 8) + Self.uint16(0) + Self.uint16(0) + Self.uint16(0) + Self.uint16(0)
                + Self.identityMatrix + Self.uint32(width << 16) + Self.uint32(height << 16))
        // The media's clock ticks once a frame.
        let mdhd = Self.fullBox(
            "mdhd", version: 0, flags: 0,
            time + time + Self.uint32(fps) + Self.uint32(frameCount) + Self.uint16(0x55C4) + Self.uint16(0))
        let hdlr = Self.fullBox(
            "hdlr", version: 0, flags: 0,
            Self.uint32(0) + Array("vide".utf8) + [UInt8](repeating: 0, count: 12) + Array("VideoHandler".utf8) + [0])
        let vmhd = Self.fullBox("vmhd", version: 0, flags: 1, [UInt8](repeating: 0, count: 8))
        let dinf = Self.box("dinf", Self.fullBox("dref", version: 0, flags: 0, Self.uint32(1) + Self.fullBox("url ", version: 0, flags: 1, [])))
        let minf = Self.box("minf", vmhd + dinf + sampleTable(width: width, height: height))
        return Self.box("trak", tkhd + Self.box("mdia", mdhd + hdlr + minf))
    }

    private func sampleTable(width: Int, height: Int) -> [UInt8] {
        let sps = sequenceParameterSet, pps = pictureParameterSet
        // configurationVersion 1, profile, compatibility and level from the SPS, 4-byte lengths,
        // one SPS, one PPS.
        let avcC = Self.box("avcC", [1, sps[1], sps[2], sps[3], 0xFF, 0xE1] + Self.uint16(sps.count) + sps + [1] + Self.uint16(pps.count) + pps)
        var compressorName = [UInt8](repeating: 0, count: 32)
        let name = Array("rial sample".utf8)
        compressorName[0] = UInt8(name.count)
        compressorName.replaceSubrange(1...name.count, with: name)
        let avc1 = Self.box(
            "avc1",
            [UInt8](repeating: 0, count: 6) + Self.uint16(1) + [UInt8](repeating: 0, count: 16)
                + Self.uint16(width) + Self.uint16(height) + Self.uint32(0x0048_0000) + Self.uint32(0x0048_0000)
                + Self.uint32(0) + Self.uint16(1) + compressorName + Self.uint16(0x18) + Self.uint16(0xFFFF) + avcC)
        let stsd = Self.fullBox("stsd", version: 0, flags: 0, Self.uint32(1) + avc1)
        let stts = Self.fullBox("stts", version: 0, flags: 0, Self.uint32(1) + Self.uint32(frameCount) + Self.uint32(1))
        let stsc = Self.fullBox("stsc", version: 0, flags: 0, Self.uint32(1) + Self.uint32(1) + Self.uint32(frameCount) + Self.uint32(1))
        var sizes = Self.uint32(0) + Self.uint32(frameCount)
        sizes.reserveCapacity(8 + 4 * frameCount)
        for index in 0..<frameCount { sizes += Self.uint32(samples[index % samples.count].count) }
        let stsz = Self.fullBox("stsz", version: 0, flags: 0, sizes)
        // One chunk: every frame, right after the mdat header that follows ftyp.
        let stco = Self.fullBox("stco", version: 0, flags: 0, Self.uint32(1) + Self.uint32(ftyp().count + 8))
        return Self.box("stbl", stsd + stts + stsc + stsz + stco)
    }

    private static let identityMatrix: [UInt8] =
        uint32(0x0001_0000) + uint32(0) + uint32(0) + uint32(0) + uint32(0x0001_0000) + uint32(0) + uint32(0) + uint32(0) + uint32(0x4000_0000)

    private static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        uint32(payload.count + 8) + Array(type.utf8) + payload
    }

    private static func fullBox(_ type: String, version: UInt8, flags: Int, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version, UInt8(flags >> 16 & 0xFF), UInt8(flags >> 8 & 0xFF), UInt8(flags & 0xFF)] + payload)
    }

    private static func uint32(_ value: Int) -> [UInt8] {
        let bits = UInt32(truncatingIfNeeded: value)
        return [UInt8(bits >> 24), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits & 0xFF)]
    }

    private static func uint16(_ value: Int) -> [UInt8] {
        let bits = UInt16(truncatingIfNeeded: value)
        return [UInt8(bits >> 8), UInt8(bits & 0xFF)]
    }
}
