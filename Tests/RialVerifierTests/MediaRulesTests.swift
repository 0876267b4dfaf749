import Foundation
import Testing
import RialFormat
import RialMedia
@testable import RialVerifier
import RialMediaClaims

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
        MediaFacts(
            container: MediaContainer(kind: .heif, formatName: "heif", majorBrand: "heic"),
            image: MediaImage(
                codec: "hevc", codedSize: MediaImageSize(width: 4032, height: 3024),
                displaySize: MediaImageSize(width: 3024, height: 4032), depthSize: depth))
    }

    @Test("a HEIC's depth image against depth_resolution: pass, mismatch, none carried; a JPEG gets no result")
    func depthResolution() throws {
        let claims = try Self.claims(Self.photoClaims)
        // captured_at's own result (media.start-time) is MediaCreationTimeTests'.
        func depthResults(_ facts: MediaFacts, _ path: String) -> [CheckResult] {
            MediaClaimRules(facts: facts, path: path, claims: claims).results().filter {
                [.mediaDepthResolution, .mediaDepthResolutionMismatch].contains($0.code)
            }
        }
        let agreeing = depthResults(Self.heif(depth: MediaImageSize(width: 256, height: 192)), "data/media/p.heic")
        #expect(agreeing.map { "\($0.code.rawValue) \($0.status.rawValue)" } == ["media.depth-resolution pass"])
        let other = depthResults(Self.heif(depth: MediaImageSize(width: 320, height: 240)), "data/media/p.heic")
        #expect(other.count == 1)
        #expect(other.first?.code == .mediaDepthResolutionMismatch && other.first?.expected == "320×240" && other.first?.actual == "256×192")
        #expect(other.first?.subject == "data/capture/metadata.json")
        let none = depthResults(Self.heif(depth: nil), "data/media/p.heic")
        #expect(none.map { "\($0.code.rawValue) \($0.status.rawValue)" } == ["media.depth-resolution not_checked"])
        let jpeg = MediaFacts(
            container: MediaContainer(kind: .jpeg, formatName: "jpeg"),
            image: MediaImage(codec: "mjpeg", codedSize: MediaImageSize(width: 320, height: 240), displaySize: MediaImageSize(width: 320, height: 240)))
        #expect(depthResults(jpeg, "data/media/p.jpg").isEmpty)
    }

    @Test(
        "resolution is held against the parameter sets' size; an H.264/HEVC video whose parameter sets could not be read is not checked, another codec's container size is used"
    )
    func resolutionSource() throws {
        let claims = try Self.claims(#"{"type": "video", "resolution": {"width": 160, "height": 120}}"#)
        func result(_ codec: String, _ source: MediaSizeSource) -> CheckResult? {
            let video = MediaVideo(streamIndex: 0, codec: codec, codedWidth: 160, codedHeight: 120, sizeSource: source, displayWidth: 160, displayHeight: 120)
            let facts = MediaFacts(container: MediaContainer(kind: .isoMovie, formatName: "mov,mp4,m4a,3gp,3g2,mj2"), video: video)
            return MediaClaimRules(facts: facts, path: "data/media/c.mov", claims: claims).results().first {
                [.mediaResolution, .mediaResolutionMismatch].contains($0.code)
            }
        }
        #expect(result("h264", .parameterSets)?.status == .pass)
        #expect(result("h264", .container)?.status == .notChecked)
        #expect(result("hevc", .container)?.status == .notChecked)
        #expect(result("prores", .container)?.status == .pass)
    }

    @Test("the container's creation time within the recording, two seconds either side")
    func startTime() throws {
        let claims = try Self.claims(#"{"type": "video", "started_at": "2026-01-15T10:30:00.125Z", "ended_at": "2026-01-15T10:30:10.125Z"}"#)
        func result(_ created: String) -> CheckResult? {
            let facts = MediaFacts(
                container: MediaContainer(kind: .isoMovie, formatName: "mov,mp4,m4a,3gp,3g2,mj2", majorBrand: "qt  "),
                video: MediaVideo(streamIndex: 0, codec: "h264", codedWidth: 160, codedHeight: 120, displayWidth: 160, displayHeight: 120),
                creationTime: MediaTagValue(created, tag: "creation_time"))
            return MediaClaimRules(facts: facts, path: "data/media/c.mov", claims: claims).results().first {
                [.mediaStartTime, .mediaStartTimeMismatch].contains($0.code)
            }
        }
        #expect(result("2026-01-15T10:29:58.200000Z")?.status == .pass)
        #expect(result("2026-01-15T10:30:12.000000Z")?.status == .pass)
        let early = try #require(result("2026-01-15T10:29:58.000000Z"))
        #expect(early.code == .mediaStartTimeMismatch && early.actual == "2026-01-15T10:29:58Z")
        #expect(result("2026-01-15T10:30:12.200000Z")?.code == .mediaStartTimeMismatch)
        #expect(result("not a date")?.status == .notChecked)
    }

    private static func facts(tags: [MediaTag], make: String? = "Apple", model: String? = "iPhone 15 Pro") -> MediaFacts {
        MediaFacts(
            container: MediaContainer(kind: .jpeg, formatName: "jpeg"),
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
        #expect(
            Self.named(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.none, .none)))
                == ["GPSLatitude location", "Software device", "BodySerialNumber device", "Make device", "Model device"])
    }

    /// Properties as Exempi names them (any namespace, structs and arrays), judged by meaning.
    static let xmpProperties: [(path: String, value: String)] = [
        ("exif:GPSLatitude", "33,52.128S"), ("drone-dji:GpsLongitude", "151.2093"), ("drone-dji:AbsoluteAltitude", "+40.1"),
        ("Iptc4xmpExt:LocationShown[1]/Iptc4xmpExt:Sublocation", "Opera House"),
        ("photoshop:City", "Sydney"), ("Iptc4xmpExt:LocationCreated[1]/Iptc4xmpExt:CountryName", "Australia"), ("Iptc4xmpCore:Location", "Circular Quay"),
        ("xmp:CreateDate", "2026-01-15T10:30:01Z"), ("photoshop:DateCreated", "2026-01-15"),
        ("tiff:Make", "Apple"), ("tiff:Model", "iPhone 15 Pro"),
        ("xmp:CreatorTool", "17.4"), ("aux:SerialNumber", "F2LX"), ("exifEX:LensModel", "iPhone 15 Pro back camera"),
        ("dc:creator[1]", "Jane Roe"), ("dc:rights[1]", "© Jane Roe"), ("exifEX:CameraOwnerName", "Jane Roe"),
        ("exif:ExposureTime", "1/60"), ("dc:format", "image/jpeg"),
    ]

    @Test(
        "XMP properties by meaning whatever the namespace: positions below precise, place names at none, a time of day below exact, device details and owners below full, make and model at none"
    )
    func xmp() {
        let packet = MediaTag(name: "XMP", key: "APP1 XMP", scope: "JPEG", value: String(repeating: " ", count: 1024), isValueTruncated: true)
        let tags = Self.xmpProperties.map { MediaTag(name: XMPPropertyMeaning.tagName(path: $0.path), key: "APP1 XMP", scope: "JPEG", value: $0.value) }
        let facts = Self.facts(tags: [packet] + tags, make: nil, model: nil)
        #expect(
            Self.named(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.coarse, .full)))
                == [
                    "XMP exif:GPSLatitude location", "XMP drone-dji:GpsLongitude location", "XMP drone-dji:AbsoluteAltitude location",
                    "XMP Iptc4xmpExt:LocationShown[1]/Iptc4xmpExt:Sublocation location", "XMP Iptc4xmpCore:Location location",
                ])
        #expect(Self.named(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.none, .full))).count == 7, "city and country too at none")
        #expect(
            Self.named(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.precise, .modelOnly)))
                == [
                    "XMP xmp:CreatorTool device", "XMP aux:SerialNumber device", "XMP exifEX:LensModel device", "XMP dc:creator[1] device",
                    "XMP dc:rights[1] device", "XMP exifEX:CameraOwnerName device",
                ])
        #expect(
            Self.named(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.precise, .none))).suffix(2) == ["XMP tiff:Make device", "XMP tiff:Model device"])
        #expect(
            Self.named(MediaPrivacyAudit.leaks(facts, levels: PrivacyLevels(location: .precise, timestamp: .dayOnly, device: .full)))
                == ["XMP xmp:CreateDate timestamp"], "the date alone is what day_only discloses")
        #expect(
            Self.named(MediaPrivacyAudit.leaks(facts, levels: PrivacyLevels(location: .precise, timestamp: .none, device: .full)))
                == ["XMP xmp:CreateDate timestamp", "XMP photoshop:DateCreated timestamp"])
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
        #expect(
            Self.named(MediaPrivacyAudit.leaks(facts, levels: Self.levels(.precise, .modelOnly)))
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

    @Test("an XMP property's meaning by its last name, without prefix and index")
    func xmpMeaning() {
        #expect(XMPPropertyMeaning(path: "Iptc4xmpExt:LocationCreated[1]/Iptc4xmpExt:City") == .placeName)
        #expect(XMPPropertyMeaning(path: "Iptc4xmpExt:LocationCreated[1]/Iptc4xmpExt:Sublocation") == .coordinate)
        #expect(XMPPropertyMeaning(path: "exifEX:LensModel") == .deviceDetail && XMPPropertyMeaning(path: "tiff:Model") == .makeOrModel)
        #expect(XMPPropertyMeaning(path: "exif:Flash/exif:Fired") == nil && XMPPropertyMeaning(path: "") == nil)
        #expect(XMPPropertyMeaning(tagName: "XMP exif:GPSLatitude") == .coordinate && XMPPropertyMeaning(tagName: "XMP") == nil)
    }
}
