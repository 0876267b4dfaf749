import Foundation
import Testing
import RialFormat
import RialMedia
@testable import RialVerifier

/// The rules of check 15a and of the media privacy audit, over facts as the probe reports them:
/// each claim and each embedded tag with its own code (the probe itself is tested against
/// ffprobe and exiftool in RialMediaTests, and the whole path in RialCLITests).
@Suite("Media rules")
struct MediaRulesTests {
    private static func claims(_ json: String) throws -> MetadataClaims {
        MetadataClaims(app: try AppMetadata(json: StrictJSONParser.parse(Array(json.utf8))), source: "data/capture/metadata.json")
    }

    private static let photoClaims = #"{"type": "photo", "captured_at": "2026-01-15T10:30:00.125Z", "depth_resolution": {"width": 256, "height": 192}}"#

    private static func heif(depth: MediaImageSize?) -> MediaFacts {
        MediaFacts(container: MediaContainer(kind: .heif, formatName: "heif", majorBrand: "heic"),
                   image: MediaImage(codec: "hevc", codedSize: MediaImageSize(width: 4032, height: 3024),
                                     displaySize: MediaImageSize(width: 3024, height: 4032), depthSize: depth))
    }

    @Test("a HEIC's depth image against depth_resolution: pass, mismatch, none carried; a JPEG gets no result")
    func depthResolution() throws {
        let claims = try Self.claims(Self.photoClaims)
        // captured_at's own result (media.start-time) is MediaCreationTimeTests'.
        func depthResults(_ facts: MediaFacts, _ path: String) -> [CheckResult] {
            MediaClaimRules(facts: facts, path: path, claims: claims).results().filter { $0.code.isIn("media.depth-resolution") }
        }
        let agreeing = depthResults(Self.heif(depth: MediaImageSize(width: 256, height: 192)), "data/media/p.heic")
        #expect(agreeing.map { "\($0.code.rawValue) \($0.status.rawValue)" } == ["media.depth-resolution pass"])
        let other = depthResults(Self.heif(depth: MediaImageSize(width: 320, height: 240)), "data/media/p.heic")
        #expect(other.count == 1)
        #expect(other.first?.code == .mediaDepthResolutionMismatch && other.first?.expected == "320×240" && other.first?.actual == "256×192")
        #expect(other.first?.subject == "data/capture/metadata.json")
        let none = depthResults(Self.heif(depth: nil), "data/media/p.heic")
        #expect(none.map { "\($0.code.rawValue) \($0.status.rawValue)" } == ["media.depth-resolution not_checked"])
        let jpeg = MediaFacts(container: MediaContainer(kind: .jpeg, formatName: "jpeg"),
                              image: MediaImage(codec: "mjpeg", codedSize: MediaImageSize(width: 320, height: 240), displaySize: MediaImageSize(width: 320, height: 240)))
        #expect(depthResults(jpeg, "data/media/p.jpg").isEmpty)
    }

    @Test("the container's creation time within the recording, two seconds either side")
    func startTime() throws {
        let claims = try Self.claims(#"{"type": "video", "started_at": "2026-01-15T10:30:00.125Z", "ended_at": "2026-01-15T10:30:10.125Z"}"#)
        func result(_ created: String) -> CheckResult? {
            let facts = MediaFacts(container: MediaContainer(kind: .isoMovie, formatName: "mov,mp4,m4a,3gp,3g2,mj2", majorBrand: "qt  "),
                                   video: MediaVideo(streamIndex: 0, codec: "h264", codedWidth: 160, codedHeight: 120, displayWidth: 160, displayHeight: 120),
                                   creationTime: MediaTagValue(created, tag: "creation_time"))
            return MediaClaimRules(facts: facts, path: "data/media/c.mov", claims: claims).results().first { $0.code.isIn("media.start-time") }
        }
        #expect(result("2026-01-15T10:29:58.200000Z")?.status == .pass)
        #expect(result("2026-01-15T10:30:12.000000Z")?.status == .pass)
        let early = try #require(result("2026-01-15T10:29:58.000000Z"))
        #expect(early.code == .mediaStartTimeMismatch && early.actual == "2026-01-15T10:29:58Z")
        #expect(result("2026-01-15T10:30:12.200000Z")?.code == .mediaStartTimeMismatch)
        #expect(result("not a date")?.status == .notChecked)
    }

    private static func facts(tags: [MediaTag], make: String? = "Apple", model: String? = "iPhone 15 Pro") -> MediaFacts {
        MediaFacts(container: MediaContainer(kind: .jpeg, formatName: "jpeg"),
                   image: MediaImage(codec: "mjpeg", codedSize: MediaImageSize(width: 64, height: 48), displaySize: MediaImageSize(width: 64, height: 48)),
                   make: make.map { MediaTagValue($0, tag: "Make") }, model: model.map { MediaTagValue($0, tag: "Model") }, tags: tags)
    }

    private static func levels(_ location: PrivacyLevels.Location, _ device: PrivacyLevels.Device) -> PrivacyLevels {
        PrivacyLevels(location: location, timestamp: .exact, device: device)
    }

    private static func named(_ leaks: [MediaPrivacyAudit.Leak]) -> [String] {
        leaks.map { "\($0.tag) \($0.dimension)" }
    }

    @Test("EXIF GPS, software and serial tags, and make and model, each named at the levels that withhold them")
    func embeddedTags() {
        let tags = [
            MediaTag(name: "GPSLatitude", key: "GPSLatitude", scope: "EXIF GPS", value: "33, 52, 7.68"),
            MediaTag(name: "Software", key: "Software", scope: "EXIF IFD0", value: "17.4"),
            MediaTag(name: "BodySerialNumber", key: "BodySerialNumber", scope: "EXIF", value: "F2LX0001"),
            MediaTag(name: "Make", key: "Make", scope: "EXIF IFD0", value: "Apple"),
        ]
        let facts = Self.facts(tags: tags)
        #expect(Self.named(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.precise, .full))).isEmpty)
        #expect(Self.named(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.coarse, .full))) == ["GPSLatitude location"])
        #expect(Self.named(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.precise, .modelOnly))) == ["Software device", "BodySerialNumber device"])
        #expect(Self.named(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.none, .none)))
                == ["GPSLatitude location", "Software device", "BodySerialNumber device", "Make device", "Model device"])
    }

    @Test("XMP properties the probe found in a packet: GPS is a location, CreatorTool software, SerialNumber a serial; the packet itself is none")
    func xmp() {
        func tag(_ property: XMPPrivacyProperty) -> MediaTag {
            MediaTag(name: property.tagName, key: "APP1 XMP", scope: "JPEG", value: "named in the XMP packet")
        }
        let packet = MediaTag(name: "XMP", key: "APP1 XMP", scope: "JPEG", value: String(repeating: " ", count: 1024), isValueTruncated: true)
        let facts = Self.facts(tags: [packet] + XMPPrivacyProperty.allCases.map(tag), make: nil, model: nil)
        #expect(Self.named(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.coarse, .full)))
                == ["XMP GPSLatitude location", "XMP GPSLongitude location", "XMP Location location", "XMP Sublocation location", "XMP GpsL location"])
        #expect(Self.named(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.none, .full))).count == 8, "city, state and country too at none")
        #expect(Self.named(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.precise, .modelOnly)))
                == ["XMP CreatorTool device", "XMP SerialNumber device", "XMP Lens device", "XMP creator device", "XMP rights device", "XMP OwnerName device"])
        #expect(Self.named(MediaPrivacyAudit.leaks(facts, levels: PrivacyLevels(location: .precise, timestamp: .dayOnly, device: .full)))
                == ["XMP DateTimeOriginal timestamp", "XMP CreateDate timestamp", "XMP DateCreated timestamp"], "an XMP date's value is not read: found is withheld")
        #expect(MediaPrivacyAudit.leaks(Self.facts(tags: [packet], make: nil, model: nil), levels: Self.levels(.none, .none)).isEmpty)
    }

    @Test("a time of day below timestamp=exact, any date at none; the owner, lens and host computer below device=full")
    func timeAndOwner() {
        let tags = [
            MediaTag(name: "DateTimeOriginal", key: "DateTimeOriginal", scope: "EXIF EXIF", value: "2026:01:15 11:30:02"),
            MediaTag(name: "Artist", key: "Artist", scope: "EXIF IFD0", value: "Jane Roe"),
            MediaTag(name: "CameraOwnerName", key: "CameraOwnerName", scope: "EXIF EXIF", value: "Jane Roe"),
            MediaTag(name: "0x013C", key: "0x013C", scope: "EXIF IFD0", value: "Jane's iPhone"),
            MediaTag(name: "LensModel", key: "LensModel", scope: "EXIF EXIF", value: "iPhone 15 Pro back camera"),
            MediaTag(name: "copyright", key: "copyright", scope: "container", value: "Jane Roe"),
        ]
        var facts = Self.facts(tags: tags, make: nil, model: nil)
        facts.creationTime = MediaTagValue("2026-01-15T10:30:01.000000Z", tag: "creation_time")
        let dayOnly = PrivacyLevels(location: .precise, timestamp: .dayOnly, device: .full)
        #expect(Self.named(MediaPrivacyAudit.leaks(facts, levels: dayOnly)) == ["creation_time timestamp", "DateTimeOriginal timestamp"])
        var dateOnly = Self.facts(tags: [MediaTag(name: "date", key: "date", scope: "container", value: "2026-01-15")], make: nil, model: nil)
        #expect(MediaPrivacyAudit.leaks(dateOnly, levels: dayOnly).isEmpty, "the date alone is what day_only discloses")
        dateOnly.creationTime = nil
        #expect(Self.named(MediaPrivacyAudit.leaks(dateOnly, levels: PrivacyLevels(location: .precise, timestamp: .none, device: .full))) == ["date timestamp"])
        #expect(Self.named(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.precise, .modelOnly)))
                == ["Artist device", "CameraOwnerName device", "0x013C device", "LensModel device", "copyright device"])
        #expect(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.precise, .full)).isEmpty)
    }

    @Test("a movie's type by its content: qt brand or no ftyp at all is QuickTime, another brand MP4")
    func movieType() {
        func type(_ brand: String?) -> String {
            MediaFactsText.mediaType(MediaFacts(container: MediaContainer(kind: .isoMovie, formatName: "mov,mp4,m4a,3gp,3g2,mj2", majorBrand: brand)))
        }
        #expect(type("qt  ") == "video/quicktime" && type(nil) == "video/quicktime")
        #expect(type("isom") == "video/mp4" && type("mp42") == "video/mp4")
    }

    @Test("the probe's XMP search: each property by its local name, whatever the prefix, anywhere in the packet")
    func xmpSearch() {
        let padded = #"<rdf:Description xmlns:e="http://ns.adobe.com/exif/1.0/">"# + String(repeating: " ", count: 4096) + #"<e:GPSLongitude>151,12.558E</e:GPSLongitude><aux:SerialNumber>1</aux:SerialNumber>"#
        #expect(XMPPrivacyProperty.found(in: Array(padded.utf8)) == [.gpsLongitude, .serialNumber])
        #expect(XMPPrivacyProperty.found(in: Array("<x:xmpmeta/>".utf8)).isEmpty)
        #expect(XMPPrivacyProperty.found(in: [UInt8]()).isEmpty)
        #expect(XMPPrivacyProperty(tagName: "XMP GPSLatitude") == .gpsLatitude && XMPPrivacyProperty(tagName: "XMP") == nil)
    }
}
