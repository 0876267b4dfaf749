import Foundation
import Testing
import RialMedia
import RialFormat
import RialMediaClaims

/// Photos: JPEGs with EXIF written by exiftool, HEIC made by heif-enc, probed and held against
/// exiftool.
@Suite("MediaProbe: photos against exiftool")
struct MediaProbePhotoTests {
    /// The EXIF tags a privacy audit must be able to name, where exiftool finds them.
    static let privacyTags: Set<String> = [
        "Make", "Model", "Software", "DateTimeOriginal", "GPSLatitude", "GPSLatitudeRef", "GPSLongitude",
        "GPSLongitudeRef", "GPSAltitude", "GPSAltitudeRef",
    ]

    @Test(MediaTools.needs("ffmpeg", "exiftool"))
    func aJPEGsEXIFAgreesWithExifTool() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try MediaMaker.jpeg(exif: MediaMaker.phoneEXIF, in: scratch)
        let facts = try Probe.facts(file)
        let oracle = try ExifToolReport(file)
        try expectPhotoFacts(facts, oracle: oracle)
        let image = try #require(facts.image)
        #expect(facts.container == MediaContainer(kind: .jpeg, formatName: "jpeg"))
        #expect(image.codec == "jpeg")
        #expect(oracle.number("File:ImageWidth").map(Int.init) == image.codedSize.width)
        #expect(oracle.number("File:ImageHeight").map(Int.init) == image.codedSize.height)
        // Orientation 6: turn a quarter clockwise to view, so the shown size is turned.
        #expect(oracle.number("IFD0:Orientation") == 6)
        #expect(image.rotation == 270)
        #expect(image.displaySize == MediaImageSize(width: image.codedSize.height, height: image.codedSize.width))
    }

    /// exiftool pads an XMP packet with about 2 KB of spaces, more than a tag value's cap: Exempi
    /// parses the whole packet, and each privacy property is a tag with its value.
    @Test(MediaTools.needs("ffmpeg", "exiftool"))
    func aJPEGsXMPPropertiesAreNamedWhereverThePacketPutsThem() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try MediaMaker.jpeg(
            exif: [
                "-XMP-exif:GPSLatitude=33.8688", "-XMP-exif:GPSLatitudeRef=S", "-XMP-xmp:CreatorTool=Camera 17.4",
                "-XMP-aux:SerialNumber=F2LX0001",
            ], in: scratch)
        let facts = try Probe.facts(file)
        let oracle = try ExifToolReport(file)
        #expect(oracle.text("XMP-xmp:CreatorTool") == "Camera 17.4" && oracle.text("XMP-aux:SerialNumber") == "F2LX0001")
        let packet = try #require(facts.tags.first { $0.name == "XMP" })
        #expect(packet.isValueTruncated, "the packet is longer than a value's cap: only parsing it whole finds what is in it")
        let named = facts.tags.filter { XMPPropertyMeaning(tagName: $0.name) != nil }.map { "\($0.name)=\($0.value)" }
        #expect(
            Set(named) == ["XMP exif:GPSLatitude=33,52.128N", "XMP xmp:CreatorTool=Camera 17.4", "XMP aux:SerialNumber=F2LX0001"], "\(facts.tags.map(\.name))")
    }

    /// A photo with no position of its own whose EXIF thumbnail (IFD1's JPEG) carries EXIF with
    /// GPS and an owner: found under the scope `EXIF thumbnail`, and the audit names them.
    @Test(MediaTools.needs("ffmpeg", "exiftool"))
    func aThumbnailsOwnEXIFIsRead() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let thumbnail = try MediaMaker.jpeg(
            exif: [
                "-GPSLatitude=33.8688", "-GPSLatitudeRef=S", "-GPSLongitude=151.2093", "-GPSLongitudeRef=E",
                "-Artist=Jane Roe",
            ], in: scratch, name: "thumbnail.jpg")
        let file = try MediaMaker.jpeg(exif: ["-Make=Apple"], in: scratch)
        try MediaTools.run("exiftool", ["-q", "-overwrite_original", "-ThumbnailImage<=\(thumbnail.path)", file.path])
        #expect(try ExifToolReport(file).text("IFD1:ThumbnailLength") != nil, "exiftool wrote no thumbnail: the case tests nothing")
        let facts = try Probe.facts(file)
        #expect(facts.location == nil, "the photo itself has no position")
        let inThumbnail = facts.tags.filter { $0.scope.hasPrefix("EXIF thumbnail") }
        #expect(Set(inThumbnail.map(\.name)).isSuperset(of: ["GPSLatitude", "GPSLongitude", "Artist"]), "\(facts.tags)")
        #expect(facts.unread.isEmpty, "\(facts.unread)")
        let leaks = MediaPrivacyAudit.leaks(facts, levels: PrivacyLevels(location: .none, timestamp: .exact, device: .full))
        #expect(leaks.contains { $0.tag == "GPSLatitude" && $0.dimension == "location" }, "\(leaks)")
    }

    /// An XMP packet as a drone writes it (its own namespace, properties as attributes), put in
    /// an APP1 segment right after the JPEG's SOI.
    static func jpeg(withAPP1 segments: [[UInt8]], in scratch: ScratchDirectory) throws -> URL {
        var bytes = [UInt8](try Data(contentsOf: try MediaMaker.jpeg(in: scratch)))
        var inserted: [UInt8] = []
        for payload in segments {
            inserted += [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        bytes.insert(contentsOf: inserted, at: 2)
        return try HostileMedia.write(bytes, "xmp-\(UUID().uuidString).jpg", in: scratch)
    }

    static let droneXMP =
        #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
        + #"<rdf:Description rdf:about="" xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" drone-dji:GpsLatitude="22.5431" "#
        + #"drone-dji:GpsLongitude="113.9468" drone-dji:AbsoluteAltitude="+40.1" drone-dji:FlightYawDegree="12.3"/></rdf:RDF></x:xmpmeta>"#

    @Test(MediaTools.needs("ffmpeg", "exiftool"))
    func anXMPPacketInAnyNamespaceIsParsed() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try Self.jpeg(withAPP1: [Array("http://ns.adobe.com/xap/1.0/\u{0}".utf8) + Array(Self.droneXMP.utf8)], in: scratch)
        #expect(try ExifToolReport(file).number("XMP-drone-dji:GPSLatitude") == 22.5431, "exiftool reads the position")
        let facts = try Probe.facts(file)
        let named = facts.tags.filter { XMPPropertyMeaning(tagName: $0.name) != nil }.map { "\($0.name)=\($0.value)" }
        #expect(named == ["XMP drone-dji:GpsLatitude=22.5431", "XMP drone-dji:GpsLongitude=113.9468", "XMP drone-dji:AbsoluteAltitude=+40.1"])
        #expect(facts.unread.isEmpty)
    }

    @Test("a packet Exempi cannot parse is a place not read, so the audit fails closed", MediaTools.needs("ffmpeg"))
    func anUnparsableXMPPacketIsNotRead() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let cut = String(Self.droneXMP.prefix(200))
        let facts = try Probe.facts(try Self.jpeg(withAPP1: [Array("http://ns.adobe.com/xap/1.0/\u{0}".utf8) + Array(cut.utf8)], in: scratch))
        #expect(facts.unread.contains { $0.contains("XMP packet APP1 XMP (JPEG), which Exempi cannot parse") }, "\(facts.unread)")
    }

    /// Extended XMP (XMP Part 3): the packet in chunks, each after the GUID, the whole length and
    /// its offset; put back together in order of offset, whatever the order of the segments.
    @Test(MediaTools.needs("ffmpeg"))
    func anExtendedXMPPacketIsPutBackTogether() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let packet = Array(Self.droneXMP.utf8)
        let guid = Array(String(repeating: "A", count: 32).utf8)
        func chunk(_ range: Range<Int>) -> [UInt8] {
            Array("http://ns.adobe.com/xmp/extension/\u{0}".utf8) + guid + HostileMedia.be32(UInt32(packet.count))
                + HostileMedia.be32(UInt32(range.lowerBound)) + packet[range]
        }
        let half = packet.count / 2
        let whole = try Probe.facts(try Self.jpeg(withAPP1: [chunk(half..<packet.count), chunk(0..<half)], in: scratch))
        #expect(whole.tags.contains { $0.name == "XMP drone-dji:GpsLatitude" && $0.key == "APP1 extended XMP" }, "\(whole.tags)")
        #expect(whole.unread.isEmpty, "\(whole.unread)")
        let missing = try Probe.facts(try Self.jpeg(withAPP1: [chunk(0..<half)], in: scratch))
        #expect(missing.unread.contains { $0.contains("its chunks do not make up its \(packet.count) bytes") }, "\(missing.unread)")
    }

    @Test(MediaTools.needs("ffmpeg"))
    func aJPEGWithoutEXIFHasNoLocationNorDevice() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let facts = try Probe.facts(try MediaMaker.jpeg(in: scratch))
        #expect(facts.location == nil && facts.make == nil && facts.model == nil && facts.creationTime == nil)
        #expect(!facts.tags.contains { $0.scope.hasPrefix("EXIF") })
        #expect(facts.image?.rotation == 0)
        #expect(facts.image?.codedSize == MediaImageSize(width: 64, height: 48))
    }

    @Test("a HEIF whose major brand is mif1 names its codec from its compatible brands", MediaTools.needs("ffmpeg", "exiftool", "heif-enc"))
    func aMIF1PhotoHasItsCodec() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try MediaMaker.heic(in: scratch)
        var bytes = try [UInt8](Data(contentsOf: file))
        // ftyp: size (4), "ftyp" (4), major brand (4): heif-enc writes heic, with mif1 compatible.
        #expect(String(decoding: bytes[8..<12], as: UTF8.self) == "heic")
        bytes.replaceSubrange(8..<12, with: Array("mif1".utf8))
        try Data(bytes).write(to: file)
        let facts = try Probe.facts(file)
        #expect(facts.container.majorBrand == "mif1" && facts.image?.codec == "hevc", "\(facts)")
    }

    @Test(MediaTools.needs("ffmpeg", "exiftool", "heif-enc"))
    func aHEICPhotoAgreesWithExifTool() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try MediaMaker.heic(exif: MediaMaker.phoneEXIF, in: scratch)
        let facts = try Probe.facts(file)
        let oracle = try ExifToolReport(file)
        try expectPhotoFacts(facts, oracle: oracle)
        let image = try #require(facts.image)
        #expect(facts.container.kind == .heif)
        #expect(facts.container.majorBrand == oracle.text("QuickTime:MajorBrand"))
        #expect(image.codec == "hevc")
        #expect(image.imageCount == 1)
        #expect(image.depthSize == nil)
        #expect(oracle.number("File:ImageWidth").map(Int.init) == image.displaySize.width)
        #expect(oracle.number("File:ImageHeight").map(Int.init) == image.displaySize.height)
        #expect(oracle.text("QuickTime:ImageSpatialExtent") == "\(image.codedSize.width) \(image.codedSize.height)")
        // HEIF's orientation is `irot`, which libheif applies; EXIF's Orientation is not used.
        #expect(image.rotation == nil)
    }

    @Test(MediaTools.needs("ffmpeg", "exiftool", "heif-enc", "heif-info"))
    func aHEICDepthMapIsSized() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try MediaMaker.heicWithDepth(in: scratch)
        let image = try #require(try Probe.facts(file).image)
        #expect(image.displaySize == MediaImageSize(width: 64, height: 48))
        #expect(image.depthSize == MediaImageSize(width: 32, height: 24))
        #expect(image.imageCount == 1, "the depth image is auxiliary, not a top-level image")
        // exiftool sees the auxiliary image's type; heif-info (libheif's own tool) its size.
        #expect(try ExifToolReport(file).text("QuickTime:AuxiliaryImageType") == "urn:mpeg:hevc:2015:auxid:2")
        let info = String(decoding: try MediaTools.run("heif-info", [file.path]), as: UTF8.self)
        #expect(info.contains("depth channel: yes") && info.contains("(32x24)"), "\(info)")
    }

    /// The facts every photo with ``MediaMaker/phoneEXIF`` shares with exiftool's reading.
    private func expectPhotoFacts(_ facts: MediaFacts, oracle: ExifToolReport) throws {
        let location = try #require(facts.location)
        #expect(location.tag == "GPSLatitude")
        #expect(abs(location.latitude - (oracle.number("Composite:GPSLatitude") ?? 0)) < 1e-9)
        #expect(abs(location.longitude - (oracle.number("Composite:GPSLongitude") ?? 0)) < 1e-9)
        #expect(abs((location.altitude ?? 0) - (oracle.number("Composite:GPSAltitude") ?? 0)) < 1e-9)
        #expect(location.latitude < 0 && location.longitude < 0 && (location.altitude ?? 0) < 0)
        #expect(facts.make == MediaTagValue(oracle.text("IFD0:Make") ?? "?", tag: "Make"))
        #expect(facts.model == MediaTagValue(oracle.text("IFD0:Model") ?? "?", tag: "Model"))
        #expect(facts.software == MediaTagValue(oracle.text("IFD0:Software") ?? "?", tag: "Software"))
        #expect(facts.creationTime == MediaTagValue(oracle.text("ExifIFD:DateTimeOriginal") ?? "?", tag: "DateTimeOriginal"))
        let named = Set(facts.tags.map(\.name))
        let found = oracle.names(inGroup: "IFD0").union(oracle.names(inGroup: "ExifIFD")).union(oracle.names(inGroup: "GPS"))
        let expected = found.intersection(Self.privacyTags)
        #expect(expected == Self.privacyTags, "exiftool does not find every tag the photo was made with")
        #expect(expected.isSubset(of: named), "tags exiftool finds that rial does not name: \(expected.subtracting(named).sorted())")
    }
}
