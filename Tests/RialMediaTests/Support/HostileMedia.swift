import Foundation

/// Hostile media made byte by byte: ISO boxes with sizes that lie, a million tracks, a ZIP named
/// `.mp4`, random bytes, broken JPEG segments.
enum HostileMedia {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }

    static func fullBox(_ type: String, version: UInt8 = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version, 0, 0, 0] + payload)
    }

    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    static func be64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }

    static let ftyp = box("ftyp", Array("isom".utf8) + be32(512) + Array("isomiso2avc1mp41".utf8))

    /// A `moov` whose size claims far more bytes than follow.
    static let truncatedMoov = ftyp + be32(4096) + Array("moov".utf8) + [UInt8](repeating: 0, count: 100)

    /// A `moov` with a 64-bit size of 2^62.
    static let hugeBox = ftyp + be32(1) + Array("moov".utf8) + be64(1 << 62) + [UInt8](repeating: 0, count: 64)

    /// A box whose size field is smaller than its own header.
    static let impossibleBox = ftyp + be32(4) + Array("free".utf8)

    /// One million empty `trak` boxes in a `moov`: a million tracks claimed (8 MB).
    static let millionTracks: [UInt8] = {
        var traks = [UInt8]()
        traks.reserveCapacity(8_000_000)
        let trak = box("trak", [])
        for _ in 0..<1_000_000 { traks += trak }
        return ftyp + box("moov", traks)
    }()

    /// One track whose `stsz` claims 2^25 samples (a 128 MiB table) in a few bytes: FFmpeg
    /// allocates the table before it reads the sizes (2^26 or more it refuses as invalid).
    static let hugeSampleTable: [UInt8] = {
        let hdlr = fullBox("hdlr", [0, 0, 0, 0] + Array("vide".utf8) + [UInt8](repeating: 0, count: 13))
        let stsz = fullBox("stsz", be32(0) + be32(1 << 25) + [UInt8](repeating: 0, count: 64))
        let trak = box("trak", box("mdia", hdlr + box("minf", box("stbl", stsz))))
        return ftyp + box("moov", trak)
    }()

    /// A ZIP archive's opening: what a `.zip` renamed `.mp4` starts with.
    static let zip: [UInt8] =
        Array("PK".utf8) + [3, 4, 20, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 18)
        + [4, 0, 0, 0] + Array("a.mp4data".utf8) + Array("PK".utf8) + [5, 6] + [UInt8](repeating: 0, count: 18)

    /// Bytes from a fixed-seed generator, so a failure reproduces.
    static func random(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    /// JPEG: a start-of-image, then an APP1 whose length runs past the end.
    static let jpegSegmentPastTheEnd: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xF0] + Array("Exif".utf8) + [0, 0, 0x4D, 0x4D]

    /// JPEG: a start-of-image and a scan, with no frame header.
    static let jpegWithoutFrame: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9]

    /// JPEG: an EXIF block whose IFD offsets and counts point everywhere.
    static let jpegWithBrokenEXIF: [UInt8] = {
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42] + be32(8) + [0xFF, 0xFF] + random(count: 200, seed: 7)
        let app1 = Array("Exif".utf8) + [0, 0] + tiff
        let length = app1.count + 2
        let sof: [UInt8] = [0xFF, 0xC0, 0, 11, 8, 0, 48, 0, 64, 1, 1, 0x11, 0]
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + app1 + sof + [0xFF, 0xDA, 0, 2, 0xFF, 0xD9]
    }()

    /// Writes `bytes` to a file in `directory`.
    static func write(_ bytes: [UInt8], _ name: String, in directory: ScratchDirectory) throws -> URL {
        let file = directory.file(name)
        try Data(bytes).write(to: file)
        return file
    }
}
