import Foundation
import Testing
import RialMedia
import RialMediaReaders

/// The reader in this process (what the probe runs and the fuzz target drives) against the
/// probe: the same facts, read in place from a byte range; and the whitelist, applied before any
/// library sees a byte.
@Suite("MediaReader")
struct MediaReaderTests {
    @Test(MediaTools.needs("ffmpeg"))
    func theChildAndTheReaderAgree() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        for file in [
            try MediaMaker.movie(.h264, container: "mov", location: MediaMaker.location, rotation: 90, in: scratch),
            try MediaMaker.jpeg(in: scratch),
        ] {
            let bytes = [UInt8](try Data(contentsOf: file))
            let inProcess = MediaReader.read(ByteRange(bytes: bytes), limits: .standard)
            #expect(inProcess == .facts(try Probe.facts(file)), "\(file.lastPathComponent)")
        }
    }

    @Test(MediaTools.needs("ffmpeg"))
    func mediaIsReadInPlaceFromAByteRange() throws {
        // As in a package: the movie is a member of a larger file, with other bytes around it.
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let movie = [UInt8](try Data(contentsOf: try MediaMaker.movie(.hevc, container: "mp4", location: MediaMaker.location, in: scratch)))
        let before = HostileMedia.random(count: 3584, seed: 1)
        let after = HostileMedia.zip + HostileMedia.random(count: 1000, seed: 2)
        let package = try HostileMedia.write(before + movie + after, "package.rialpkg", in: scratch)
        let standalone = try HostileMedia.write(movie, "movie.mp4", in: scratch)
        let inPlace = try Probe.probe.run(path: package.path, offset: Int64(before.count), length: Int64(movie.count))
        #expect(inPlace == .facts(try Probe.facts(standalone)))
        // One byte more or less is another file: the range is all the readers see.
        let longer = try Probe.probe.run(path: package.path, offset: Int64(before.count), length: Int64(movie.count + 1))
        guard case .unreadable = longer else { Issue.record("one byte more: \(longer.summary)"); return }
    }

    @Test("a fragmented recording's many top-level boxes are walked: 300 000 tile, past 2 000 000 is unreadable for the count")
    func manyTopLevelBoxes() {
        let free = HostileMedia.box("free", [])
        let many = HostileMedia.ftyp + Array([[UInt8]](repeating: free, count: 300_000).joined())
        if case .unreadable(let reason) = MediaReader.read(ByteRange(bytes: many), limits: .standard) {
            #expect(!reason.contains("top-level boxes"), "\(reason)")
        }
        let tooMany = HostileMedia.ftyp + Array([[UInt8]](repeating: free, count: 2_000_000).joined())
        #expect(MediaReader.read(ByteRange(bytes: tooMany), limits: .standard) == .unreadable(reason: "more than 2000000 top-level boxes"))
    }

    @Test(
        arguments: [
            ([UInt8](), "empty"),
            (Array("PK\u{3}\u{4}rest".utf8), "zip"),
            ([0x1A, 0x45, 0xDF, 0xA3, 0, 0, 0, 0], "matroska"),
            (Array("RIFF\u{0}\u{0}\u{0}\u{0}AVI ".utf8), "riff"),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "png"),
            (Array("GIF89a".utf8), "gif"),
            (Array("%PDF-1.7".utf8), "pdf"),
            (HostileMedia.box("ftyp", Array("avif".utf8) + HostileMedia.be32(0) + Array("avifmif1".utf8)), "avif"),
            (HostileMedia.box("ftyp", Array("crx ".utf8) + HostileMedia.be32(1) + Array("crx isom".utf8)) + HostileMedia.box("moov", []), "cr3"),
            (Array("hello".utf8), "unknown"),
            ([0xFF, 0xD8], "unknown"),
        ] as [([UInt8], String)])
    func whatIsNotOnTheWhitelistIsNamed(_ bytes: [UInt8], _ name: String) {
        #expect(MediaReader.read(ByteRange(bytes: bytes), limits: .standard) == .unsupported(container: name))
    }
}
