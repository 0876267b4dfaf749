import Foundation
import Testing
import RialTestSupport
import RialMedia
import RialFormat
import RialMediaClaims

/// Real photos and movies from public projects (`Tests/Fixtures/RealMedia`, listed with their
/// origin and licence in its `SOURCES`), held against exiftool as the outside oracle (issue 30):
/// every tag exiftool reports that a strict package withholds (`schema/SPEC.md` §16.6:
/// `location=none`, `timestamp=none`, `device=none`) must be found by the probe and named by
/// the privacy audit, or lie in a place the probe says it did not read (the audit then fails
/// closed).
///
/// The synthetic media of the other suites are made by the tools that read them; these files
/// were made by phones, cameras, a drone and a thermal camera (some then edited by Lightroom,
/// or by ExifTool's own tests), in the shapes those write.
@Suite("Real media corpus: what exiftool finds, rial finds")
struct RealMediaCorpusTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/RealMedia")

    /// The corpus, named here so that a file lost or added unlisted is noticed
    /// (``theCorpusIsTheOneSOURCESDescribes()``).
    static let files = [
        "android-gps.mp4",
        "canon-eos1d-getty-iptc-in-exif.jpg",
        "canon-eos600d-iptc-xmp-gps.jpg",
        "canon-rebel-makernote-owner.jpg",
        "dji-mavic2pro-hasselblad-l1d20c.jpg",
        "flir-one-loci.mp4",
        "google-pixel-gps.jpg",
        "gopro-hero6-serial.jpg",
        "iphone11promax-gps-hostcomputer.heic",
        "iphone6-gps.mov",
        "iphone7-gps.jpg",
        "iptc-reference-2019.jpg",
        "olympus-e420-makernote-serials.jpg",
        "pentax-k10d-makernote-cities.jpg",
        "quicktime-owner-fields.mov",
        "ricoh-caplio-rmeta-gps.jpg",
    ]

    /// The levels that withhold the most: every classified tag is a leak at them.
    static let strictest = PrivacyLevels(location: .none, timestamp: .none, device: .none)

    /// For each file: every tag of ``Classification`` that exiftool reports is found by the probe
    /// under an equivalent name (``Equivalence``) with an agreeing value, and the audit at
    /// ``strictest`` names it; or it lies in a place the probe lists in `unread`. Each dimension
    /// exiftool finds, the audit finds.
    @Test(MediaTools.needs("exiftool"), arguments: files)
    func everyTagExifToolFindsThatALevelWithholdsIsFoundAndWithheld(_ name: String) throws {
        let file = Self.directory.appendingPathComponent(name)
        let facts = try Probe.facts(file)
        let oracle = try ExifToolTags(file)
        let leaks = MediaPrivacyAudit.leaks(facts, levels: Self.strictest)
        // A tag exiftool finds twice with one value (a maker note's `LensType`) counts once.
        var seen: Set<String> = []
        let classified = oracle.tags.compactMap(Classification.classify)
            .sorted { $0.description < $1.description }
            .filter { seen.insert($0.description).inserted }
        #expect(!classified.isEmpty, "\(name): exiftool finds nothing a level withholds: the file tests nothing")

        var findings: [Finding] = []
        var coveredByUnread: [OracleTag] = []
        for tag in classified {
            switch Self.judge(tag, facts: facts, leaks: leaks) {
            case .withheld: break
            case .inPlaceNotRead: coveredByUnread.append(tag)
            case .problem(let finding): findings.append(finding)
            }
        }
        let counts = Dimension.allCases.map { dimension in "\(dimension.rawValue) \(classified.filter { $0.dimension == dimension }.count)" }
        print(
            "RealMediaCorpus \(name): \(classified.count) tags classified (\(counts.joined(separator: ", "))); "
                + "\(classified.count - findings.count - coveredByUnread.count) found and withheld, \(coveredByUnread.count) in places not read, "
                + "\(findings.count) problems")
        if !findings.isEmpty {
            Issue.record(Comment(rawValue: Self.report(name, findings: findings, facts: facts, leaks: leaks)))
        }

        // At the least, each dimension exiftool finds, the audit finds (or a place not read holds it).
        for dimension in Set(classified.map(\.dimension)) {
            let named =
                leaks.contains { $0.dimension == dimension.auditDimension }
                || coveredByUnread.contains { $0.dimension == dimension }
            if !named {
                let tags = classified.filter { $0.dimension == dimension }.map(\.description).joined(separator: "; ")
                Issue.record(
                    "\(name): exiftool finds \(dimension.rawValue) (\(tags)); the audit at \(Self.strictest) names no \(dimension.auditDimension) leak")
            }
        }
    }

    /// Size, duration, position, make and model, where exiftool states them.
    @Test(MediaTools.needs("exiftool"), arguments: files)
    func basicFactsAgreeWithExifTool(_ name: String) throws {
        let file = Self.directory.appendingPathComponent(name)
        let facts = try Probe.facts(file)
        let oracle = try ExifToolTags(file)
        if let image = facts.image {
            #expect(oracle.number("File", "ImageWidth").map(Int.init) == image.codedSize.width, "\(name): width")
            #expect(oracle.number("File", "ImageHeight").map(Int.init) == image.codedSize.height, "\(name): height")
        } else {
            let video = try #require(facts.video, "\(name): neither a picture nor a video")
            // exiftool's video track: the one whose handler is `vide`.
            let track = try #require(oracle.tags.first { $0.name == "HandlerType" && $0.text == "vide" }?.group, "\(name): exiftool finds no video track")
            #expect(oracle.number(track, "ImageWidth").map(Int.init) == video.containerSize.width, "\(name): width")
            #expect(oracle.number(track, "ImageHeight").map(Int.init) == video.containerSize.height, "\(name): height")
            let seconds = try #require(oracle.number("QuickTime", "Duration"), "\(name): exiftool states no duration")
            let duration = try #require(facts.duration, "\(name): rial states no duration")
            let frame = 1 / (oracle.number(track, "VideoFrameRate") ?? video.averageFrameRate?.value ?? 30)
            #expect(abs(duration.seconds - seconds) <= frame, "\(name): duration \(duration.seconds) s, exiftool \(seconds) s (one frame: \(frame) s)")
        }
        if let latitude = oracle.number("Composite", "GPSLatitude"), let longitude = oracle.number("Composite", "GPSLongitude") {
            let location = try #require(facts.location, "\(name): exiftool finds a position (\(latitude), \(longitude)), rial none")
            // ISO 6709 strings carry four decimals.
            #expect(
                abs(location.latitude - latitude) < 1e-4 && abs(location.longitude - longitude) < 1e-4,
                "\(name): position \(location.latitude), \(location.longitude); exiftool \(latitude), \(longitude)")
        }
        for (field, value) in [("Make", facts.make), ("Model", facts.model)] {
            guard let expected = ["IFD0", "Keys", "UserData"].lazy.compactMap({ oracle.text($0, field) }).first else { continue }
            #expect(value.map { Self.normalized($0.text) } == Self.normalized(expected), "\(name): \(field) \(String(describing: value)), exiftool \(expected)")
        }
    }

    /// Every file of the directory is listed here and in `SOURCES`, with the SHA-256 it has.
    @Test(.requires(.media("sha256sum")))
    func theCorpusIsTheOneSOURCESDescribes() throws {
        let present = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0 != "SOURCES" && !$0.hasPrefix(".") }
        #expect(Set(present) == Set(Self.files), "the directory holds \(present.sorted()), the test lists \(Self.files)")
        let sources = try String(contentsOf: Self.directory.appendingPathComponent("SOURCES"), encoding: .utf8)
        var digests: [String: String] = [:]
        var current: String?
        for line in sources.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### ") { current = String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces) }
            if line.hasPrefix("- sha256: "), let current { digests[current] = String(line.dropFirst(10)).trimmingCharacters(in: .whitespaces) }
        }
        for name in Self.files {
            let output = try MediaTools.run("sha256sum", [Self.directory.appendingPathComponent(name).path])
            let digest = String(decoding: output.prefix(64), as: UTF8.self)
            #expect(digests[name] == digest, "\(name): SOURCES says \(digests[name] ?? "nothing"), the file is \(digest)")
        }
    }
}

// MARK: - What exiftool reports

extension RealMediaCorpusTests {
    /// exiftool's view of a file, every tag kept: `-j -n -a -G1:4` (numbers, group-qualified names
    /// with a copy number for a tag seen twice, so that duplicates keep keys of their own, which
    /// ``ExifToolReport``'s `-G1` JSON does not).
    struct ExifToolTags {
        struct Tag {
            /// Family 1 group: `IFD0`, `ExifIFD`, `GPS`, `XMP-dc`, `IPTC`, `Keys`, `Track2`, `Olympus`.
            let group: String
            let name: String
            /// The value as text; a list's items each.
            let values: [String]
            var text: String { values.joined(separator: ", ") }
        }

        let tags: [Tag]

        init(_ file: URL) throws {
            let data = try MediaTools.run("exiftool", ["-j", "-n", "-a", "-G1:4", file.path])
            let object = (try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first ?? [:]
            tags = object.compactMap { key, value in
                // `Group:Tag` or `Group:CopyN:Tag`.
                let parts = key.split(separator: ":").map(String.init)
                guard parts.count >= 2, let group = parts.first, let name = parts.last else { return nil }
                return Tag(group: group, name: name, values: Self.texts(value))
            }
        }

        static func texts(_ value: Any) -> [String] {
            if let list = value as? [Any] { return list.flatMap(texts) }
            if let number = value as? NSNumber { return [number.stringValue] }
            if let text = value as? String { return [text] }
            if let object = value as? [String: Any] { return object.values.flatMap(texts) }
            return []
        }

        func text(_ group: String, _ name: String) -> String? {
            tags.first { $0.group == group && $0.name == name }?.text
        }

        func number(_ group: String, _ name: String) -> Double? {
            text(group, name).flatMap(Double.init)
        }
    }
}

// MARK: - Which tags a level withholds

extension RealMediaCorpusTests {
    /// The dimension a tag discloses: §16.6 withholds `location` (coordinates, sub-locations, and
    /// at `none` place names), the `time` (a time of day, and at `none` the date), and at
    /// `device=none` the device (make, model, software, serial numbers, lens, host computer) and
    /// its `owner` (artist, owner name, copyright, creator, author), which the audit reports as
    /// dimension `device`.
    enum Dimension: String, CaseIterable {
        case location, time, device, owner

        var auditDimension: String {
            switch self {
            case .location: return "location"
            case .time: return "timestamp"
            case .device, .owner: return "device"
            }
        }
    }

    /// How a value is compared with rial's: coordinates are not (exiftool gives decimal degrees,
    /// libexif degrees and minutes; ``basicFactsAgreeWithExifTool(_:)`` compares the position),
    /// dates by their digits in order (`2019:07:24 11:25:40+03:00` is `2019-07-24T11:25:40+0300`),
    /// text contained after folding case and white space, an opaque value (a lens code) not at all.
    enum ValueKind {
        case coordinate, date, text, opaque
    }

    /// One tag exiftool reports that ``strictest`` withholds.
    struct OracleTag: CustomStringConvertible {
        let group: String
        let name: String
        let values: [String]
        let dimension: Dimension
        let kind: ValueKind

        var label: String { "\(group):\(name)" }
        var description: String { "\(label) = \(values.joined(separator: " | ")) [\(dimension.rawValue)]" }
    }

    /// Which exiftool tags disclose what §16.6 withholds, by exiftool's group (`-G1`) and name.
    ///
    /// | exiftool tag | dimension | value compared as |
    /// |---|---|---|
    /// | `GPSLatitude`, `GPSLongitude`, `GPSAltitude`, `GPSDestLatitude`, `GPSDestLongitude` (EXIF GPS); any XMP `…Latitude`, `…Longitude`, `…Altitude` (`exif:`, `drone-dji:`); `Keys:GPSCoordinates`, `UserData:GPSCoordinates`, `UserData:LocationInformation` (`©xyz`, `loci`) | location | coordinate |
    /// | `IPTC:Sub-location`, `Location` (`XMP-iptcCore:Location`, Ricoh's `RMETA:Location`), any `…Sublocation` | location | text |
    /// | `City`, any other `…City` (Pentax's `HometownCity`, `DestinationCity`), `Province-State`, `State`, `Country`, `Country-PrimaryLocationName`, `Country-PrimaryLocationCode`, `CountryCode`, `GPSAreaInformation`; `XMP-iptcExt:LocationCreated…`, `LocationShown…` | location | text |
    /// | any name containing `Date` (`DateTimeOriginal`, `CreateDate`, `ModifyDate`, `MetadataDate`, `DateCreated`, `DigitalCreationDate`, `GPSDateStamp`, `CreationDate`, `TrackCreateDate`, `MediaModifyDate`, `RicohDate`, …); `TimeCreated`, `DigitalCreationTime`, `TimeSent`, `GPSTimeStamp`, `TimeStamp`, `Time`, `HistoryWhen` — a value with at least four digits | time | date |
    /// | `Make`, `Model` (any group: IFD0, IFD1, `XMP-tiff`, `Keys`, `UserData`, a maker's) | device | text |
    /// | `Software`, `HostComputer`, `CreatorTool`, `HistorySoftwareAgent`, `AndroidVersion`, `Encoder`, `Firmware`, `FirmwareVersion`, `BodyFirmwareVersion`, `CanonFirmwareVersion`, `SensorID` (DJI: the body's serial), `Lens`, `LensMake`, `LensModel`, any `…SerialNumber…` but Canon's `SerialNumberFormat` | device | text |
    /// | `LensInfo`, `LensID`, `LensType` | device | opaque |
    /// | `Artist`, `XPAuthor`, `Author`, `Copyright`, `CopyrightNotice`, `Rights`, `Creator`, `By-line`, `OwnerName`, `CameraOwnerName`, `CopyrightOwnerName`, `ImageCreatorName`; the creator's contact (`CreatorAddress`, `CreatorCity`, `CreatorRegion`, `CreatorPostalCode`, `CreatorCountry`, `CreatorWorkEmail`, `CreatorWorkTelephone`, `CreatorWorkURL`) | owner | text |
    ///
    /// Not classified: the file system and exiftool's own (`System`, `File`, `ExifTool`),
    /// `Composite` (derived from tags classified here), an ICC profile's (`ProfileDateTime`,
    /// `ProfileCopyright`, `DeviceModel` describe the profile, not the capture), Photoshop's
    /// resources, Camera Raw and Lightroom settings (`XMP-crs`, `XMP-lr`), `…Ref` (a hemisphere
    /// or unit alone), `OffsetTime…` and `SubSecTime…` (a zone or a fraction, no date), an
    /// artwork's (`Artwork…`: the depicted object's, not the capture's), a camera's
    /// `ManufactureDate…` (the body's, not the capture's), free text (captions,
    /// titles, keywords, comments: §16.6 judges names, not prose), unique ids (`DocumentID`,
    /// `MediaGroupUUID`, `MediaUniqueID`), the licensor's and the subject's details
    /// (`Licensor…`, `PersonInImage…`), the photographer's job title (`By-lineTitle`,
    /// `AuthorsPosition`), exposure and other technical values. An empty value discloses nothing
    /// and is not classified. The owner's names are tried first: `CreatorCity` is the creator's
    /// address, not the capture's place.
    enum Classification {
        static let ignoredGroups: Set<String> = [
            "System", "File", "ExifTool", "Composite", "JFIF", "Adobe", "PrintIM", "Meta", "Photoshop", "InteropIFD",
            "ICC_Profile", "XMP-x", "XMP-rdf", "XMP-crs", "XMP-lr", "XMP-mwg-rs", "XMP-microsoft", "XMP-xmpBJ", "XMP-GCamera",
        ]
        static let coordinateNames: Set<String> = [
            "GPSLatitude", "GPSLongitude", "GPSAltitude", "GPSDestLatitude", "GPSDestLongitude", "GPSCoordinates", "LocationInformation",
        ]
        static let placeNames: Set<String> = [
            "City", "Province-State", "State", "Country", "Country-PrimaryLocationName", "Country-PrimaryLocationCode", "CountryCode",
            "Sub-location", "GPSAreaInformation", "Location",
        ]
        static let timeNames: Set<String> = ["TimeCreated", "DigitalCreationTime", "TimeSent", "GPSTimeStamp", "TimeStamp", "Time", "HistoryWhen"]
        static let deviceNames: Set<String> = [
            "Make", "Model", "Software", "HostComputer", "CreatorTool", "HistorySoftwareAgent", "AndroidVersion", "Encoder", "Firmware",
            "FirmwareVersion", "BodyFirmwareVersion", "CanonFirmwareVersion", "SensorID", "Lens", "LensMake", "LensModel",
        ]
        static let opaqueDeviceNames: Set<String> = ["LensInfo", "LensID", "LensType"]
        static let ownerNames: Set<String> = [
            "Artist", "XPAuthor", "Author", "Copyright", "CopyrightNotice", "Rights", "Creator", "By-line", "OwnerName", "CameraOwnerName",
            "CopyrightOwnerName", "ImageCreatorName", "CreatorAddress", "CreatorCity", "CreatorRegion", "CreatorPostalCode",
            "CreatorCountry", "CreatorWorkEmail", "CreatorWorkTelephone", "CreatorWorkURL",
        ]

        /// The tag's dimension and value kind, or `nil` when §16.6 withholds nothing of it.
        static func classify(_ tag: ExifToolTags.Tag) -> OracleTag? {
            let values = tag.values.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty && !$0.hasPrefix("(Binary data") }
            guard !values.isEmpty, !ignoredGroups.contains(tag.group), !tag.group.hasPrefix("ICC"),
                !tag.name.hasPrefix("Artwork"), !tag.name.hasPrefix("ManufactureDate"), !tag.name.hasSuffix("Ref")
            else { return nil }
            guard let found = meaning(group: tag.group, name: tag.name) else { return nil }
            let (dimension, kind) = found
            if kind == .date {
                // A date or time has digits; a setting named after one ("DateStampMode: Off") does not.
                let digits = values.map(RealMediaCorpusTests.digits)
                guard digits.contains(where: { $0.count >= 4 && $0.contains { $0 != "0" } }) else { return nil }
            }
            return OracleTag(group: tag.group, name: tag.name, values: values, dimension: dimension, kind: kind)
        }

        static func meaning(group: String, name: String) -> (Dimension, ValueKind)? {
            let isXMP = group.hasPrefix("XMP-")
            if name.contains("Date") || timeNames.contains(name) { return (.time, .date) }
            if coordinateNames.contains(name) || (isXMP && ["Latitude", "Longitude", "Altitude"].contains { name.hasSuffix($0) }) {
                return (.location, .coordinate)
            }
            if ownerNames.contains(name) { return (.owner, .text) }
            if placeNames.contains(name) || name.hasSuffix("Sublocation") || (name.hasSuffix("City") && !name.hasPrefix("Licensor"))
                || (group == "XMP-iptcExt" && (name.hasPrefix("LocationCreated") || name.hasPrefix("LocationShown")))
            {
                return (.location, .text)
            }
            if deviceNames.contains(name) || (name.contains("SerialNumber") && name != "SerialNumberFormat") { return (.device, .text) }
            if opaqueDeviceNames.contains(name) { return (.device, .opaque) }
            return nil
        }
    }
}

// MARK: - Where rial names the same tag

extension RealMediaCorpusTests {
    /// The tags of rial's facts that are the tag exiftool names `group:name`.
    ///
    /// | exiftool | rial (`MediaTag` name, scope) |
    /// |---|---|
    /// | `IFD0:X`, `IFD1:X`, `ExifIFD:X`, `GPS:X` | libexif's name `X` under `EXIF IFD0`, `EXIF IFD1`, `EXIF EXIF`, `EXIF GPS`; where the names differ: `ModifyDate` is `DateTime`, `CreateDate` is `DateTimeDigitized`, `SerialNumber` is `BodySerialNumber`, `LensInfo` is `LensSpecification`, `OwnerName` is `CameraOwnerName`, `HostComputer` is `0x013C` (libexif has no name for it) |
    /// | `XMP-ns:X` | `XMP ns:path`, Exempi's path with the prefix (`iptcCore` is `Iptc4xmpCore`, `iptcExt` `Iptc4xmpExt`), array indexes and struct nesting dropped as exiftool flattens it: `Iptc4xmpExt:LocationShown[1]/Iptc4xmpExt:City` is `LocationShownCity`, `plus:CopyrightOwner[1]/plus:CopyrightOwnerName` is `CopyrightOwnerName`, `Iptc4xmpCore:CreatorContactInfo/Iptc4xmpCore:CiAdrCity` is `CreatorCity`; names compared without case (`drone-dji:GpsLatitude` is `GPSLatitude`) |
    /// | `IPTC:X`, `IPTC2:X` | libiptcdata's name under `IPTC`: exiftool's without hyphens (`By-line` is `Byline`, `Sub-location` `Sublocation`), and `Province-State` is `State`, `Country-PrimaryLocationName` `CountryName`, `Country-PrimaryLocationCode` `CountryCode` |
    /// | `Keys:X` | FFmpeg's `com.apple.quicktime.x`; `GPSCoordinates` is `com.apple.quicktime.location.ISO6709`, `AndroidVersion` `com.android.version` |
    /// | `UserData:X`, `ItemList:X` | the atom rial names: `GPSCoordinates` and `LocationInformation` are `©xyz/loci`, `Artist` `©ART/©aut`, `Author` `©ART/©aut`, `auth` or `author`, `DateTimeOriginal` and `ContentCreateDate` `©day`, `Make` `©mak/manu`, `Model` `©mod/modl`, `Software` and `Encoder` `©too/©swr/©enc`, `Copyright` `copyright` |
    /// | `QuickTime:CreateDate` | `creation_time` under `container` (`mvhd`) |
    /// | `TrackN:MediaCreateDate` | `creation_time` under a `stream` (`mdhd`) |
    /// | `Pentax:X` in a movie | `TAGS`, the vendor atom it is read from |
    ///
    /// | `QuickTime:ModifyDate`, `TrackN:TrackCreateDate`, `TrackModifyDate`, `MediaModifyDate` | `mvhd.modification_time`, `tkhd.creation_time`, … under `container` or `track N` (MovieHeaderBoxes) |
    /// | a maker's group (`Canon`, `Olympus`, `Pentax`, …) in a photo | libexif's maker-note entry under `EXIF MakerNote`, by name |
    ///
    /// Nothing else has an equivalent: GoPro's `APP6` (GPMF) and Ricoh's `APP5` (`RMETA`) are
    /// found only as a place not read.
    enum Equivalence {
        static func candidates(for tag: OracleTag, in facts: MediaFacts) -> [MediaTag] {
            let group = tag.group, name = tag.name
            if let scope = exifScopes[group] {
                let names = Set([name] + (exifRenames[name] ?? []))
                return facts.tags.filter { $0.scope == scope && names.contains($0.name) }
            }
            if group.hasPrefix("XMP-") {
                let prefix = xmpPrefixes[String(group.dropFirst(4))] ?? String(group.dropFirst(4))
                return facts.tags.filter { rialTag in
                    guard rialTag.name.hasPrefix(XMPPropertyMeaning.tagPrefix) else { return false }
                    let path = String(rialTag.name.dropFirst(XMPPropertyMeaning.tagPrefix.count))
                    guard path.split(separator: ":").first.map({ $0.lowercased() == prefix.lowercased() }) == true else { return false }
                    return flattenedNames(path).contains(name.lowercased())
                }
            }
            if group == "IPTC" || group == "IPTC2" {
                let names = Set([name.replacingOccurrences(of: "-", with: "")] + (iptcRenames[name] ?? []))
                return facts.tags.filter { $0.scope == "IPTC" && names.contains($0.name) }
            }
            if group == "Keys" {
                let key = keysNames[name] ?? "com.apple.quicktime." + name.lowercased()
                return facts.tags.filter { $0.name == key }
            }
            if group == "UserData" || group == "ItemList" {
                let names = Set(userDataNames[name] ?? [])
                return facts.tags.filter { names.contains($0.name) }
            }
            if group == "QuickTime", name == "CreateDate" {
                return facts.tags.filter { $0.scope == "container" && $0.name == "creation_time" }
            }
            if group.hasPrefix("Track"), name == "MediaCreateDate" {
                return facts.tags.filter { $0.scope.hasPrefix("stream ") && $0.name == "creation_time" }
            }
            // The header times FFmpeg does not export, read from the boxes (MovieHeaderBoxes).
            if group == "QuickTime", name == "ModifyDate" {
                return facts.tags.filter { $0.scope == "container" && $0.name == "mvhd.modification_time" }
            }
            if group.hasPrefix("Track"), let number = Int(group.dropFirst(5)),
                let header = [
                    "TrackCreateDate": "tkhd.creation_time", "TrackModifyDate": "tkhd.modification_time", "MediaModifyDate": "mdhd.modification_time",
                ][name]
            {
                return facts.tags.filter { $0.scope == "track \(number - 1)" && $0.name == header }
            }
            if group == "Pentax", facts.container.kind == .isoMovie {
                return facts.tags.filter { $0.name == "TAGS" }
            }
            if group == "Pentax", name == "InternalSerialNumber" {
                // libexif gives Pentax's camera information as one entry: model, date, serial.
                return facts.tags.filter { $0.scope == "EXIF MakerNote" && $0.name == "CameraInfo" }
            }
            if makerNoteGroups.contains(group) {
                // libexif names a maker's entries in its own words ("Lens Type", "FirmwareVersion"):
                // the same name without spaces, or exiftool's with the maker's prefix.
                let wanted = name.lowercased()
                return facts.tags.filter { rialTag in
                    let own = rialTag.name.replacingOccurrences(of: " ", with: "").lowercased()
                    return rialTag.scope == "EXIF MakerNote" && (own == wanted || wanted.hasSuffix(own) && own.count >= 6)
                }
            }
            return []
        }

        /// The groups exiftool gives a maker's note.
        static let makerNoteGroups: Set<String> = [
            "Apple", "Canon", "CanonCustom", "Casio", "DJI", "FujiFilm", "Kodak", "Minolta", "Nikon", "Olympus", "Panasonic", "Pentax",
            "Ricoh", "Samsung", "Sanyo", "Sigma", "Sony",
        ]

        static let exifScopes = ["IFD0": "EXIF IFD0", "IFD1": "EXIF IFD1", "ExifIFD": "EXIF EXIF", "GPS": "EXIF GPS"]
        static let exifRenames: [String: [String]] = [
            "ModifyDate": ["DateTime"], "CreateDate": ["DateTimeDigitized"], "SerialNumber": ["BodySerialNumber"],
            "LensInfo": ["LensSpecification"], "OwnerName": ["CameraOwnerName"], "HostComputer": ["0x013C"], "SubSecTime": ["SubsecTime"],
        ]
        static let xmpPrefixes = ["iptcCore": "Iptc4xmpCore", "iptcExt": "Iptc4xmpExt"]
        /// IPTC Core's contact structure, whose fields exiftool names after the creator.
        static let creatorContactFields = [
            "ciadrextadr": "creatoraddress", "ciadrcity": "creatorcity", "ciadrregion": "creatorregion", "ciadrpcode": "creatorpostalcode",
            "ciadrctry": "creatorcountry", "ciemailwork": "creatorworkemail", "citelwork": "creatorworktelephone", "ciurlwork": "creatorworkurl",
        ]
        static let iptcRenames: [String: [String]] = [
            "Province-State": ["State"], "Country-PrimaryLocationName": ["CountryName"], "Country-PrimaryLocationCode": ["CountryCode"],
        ]
        static let keysNames = ["GPSCoordinates": "com.apple.quicktime.location.ISO6709", "AndroidVersion": "com.android.version"]
        static let userDataNames: [String: [String]] = [
            "GPSCoordinates": ["©xyz/loci"], "LocationInformation": ["©xyz/loci"], "Artist": ["©ART/©aut"],
            "Author": ["©ART/©aut", "auth", "author"], "DateTimeOriginal": ["©day"], "ContentCreateDate": ["©day"],
            "Make": ["©mak/manu"], "Model": ["©mod/modl"], "Software": ["©too/©swr/©enc"], "Encoder": ["©too/©swr/©enc"],
            "Copyright": ["copyright"],
        ]

        /// exiftool's names for an Exempi path, lowercased: the local names joined
        /// (`LocationShown[1]/City` is `locationshowncity`), and joined the way exiftool does when a
        /// field repeats its structure's name (`CopyrightOwner[1]/CopyrightOwnerName` is
        /// `copyrightownername`).
        static func flattenedNames(_ path: String) -> Set<String> {
            let parts = path.split(separator: "/").map { component -> String in
                let local = component.split(separator: ":").last.map(String.init) ?? String(component)
                return (local.split(separator: "[").first.map(String.init) ?? local).lowercased()
            }
            var folded: [String] = []
            for part in parts {
                if let last = folded.last, part.hasPrefix(last) { folded[folded.count - 1] = part } else { folded.append(part) }
            }
            var names: Set<String> = [parts.joined(), folded.joined()]
            if parts.first == "creatorcontactinfo", let field = parts.last, let name = creatorContactFields[field] { names.insert(name) }
            return names
        }
    }

    /// Where exiftool's tag could lie unread by rial, as the words of a place in `facts.unread`:
    /// a maker note (in a movie, the maker's `TAGS` atom), a movie's atom rial does not read whole
    /// (`auth`), GoPro's APP6, Ricoh's APP5 (`RMETA`), the IPTC-NAA block inside EXIF (exiftool's
    /// `IPTC2`), an XMP packet, the APP13 segment. A place of the EXIF thumbnail covers nothing: exiftool does
    /// not read the thumbnail's own metadata.
    static func unreadPlace(for tag: OracleTag, in facts: MediaFacts) -> String? {
        let words: [String]
        switch tag.group {
        case _ where Equivalence.makerNoteGroups.contains(tag.group) && facts.container.kind == .isoMovie: words = ["`tags`"]
        case _ where Equivalence.makerNoteGroups.contains(tag.group): words = ["makernote", "maker note"]
        case "UserData", "ItemList":
            // A movie's atom rial does not read whole: named with its code (`auth`).
            words = (Equivalence.userDataNames[tag.name] ?? []).flatMap { $0.split(separator: "/") }.map { "`\($0.lowercased())`" }
        case "GoPro": words = ["app6", "gopro"]
        case "RMETA": words = ["app5", "rmeta"]
        case "IPTC2": words = ["iptc/naa", "iptc-naa", "0x83bb"]
        case "IPTC": words = ["app13", "iptc"]
        case _ where tag.group.hasPrefix("XMP-"): words = ["xmp"]
        default: words = []
        }
        return facts.unread.first { place in
            !place.hasPrefix("EXIF thumbnail") && words.contains { place.lowercased().contains($0) }
        }
    }
}

// MARK: - Judging one tag

extension RealMediaCorpusTests {
    enum Verdict {
        case withheld, inPlaceNotRead, problem(Finding)
    }

    struct Finding {
        let tag: OracleTag
        /// What rial has under an equivalent name (empty: nothing).
        let candidates: [MediaTag]
        let reason: String
    }

    /// Each of the tag's values (a list's items may be spread over several of rial's tags,
    /// `dc:creator[1]`, `dc:creator[2]`) agrees with a tag of an equivalent name, and the audit
    /// names one of those; else the tag lies in a place rial did not read, or is a problem.
    static func judge(_ tag: OracleTag, facts: MediaFacts, leaks: [MediaPrivacyAudit.Leak]) -> Verdict {
        let candidates = Equivalence.candidates(for: tag, in: facts)
        // Each maker's module of libexif formats its values its own way: the name is the match.
        let isMakerNote = Equivalence.makerNoteGroups.contains(tag.group) && facts.container.kind != .isoMovie
        let agreeing = tag.values.map { value in candidates.filter { isMakerNote || valueAgrees(value, kind: tag.kind, $0) } }
        if agreeing.contains(where: \.isEmpty) {
            if unreadPlace(for: tag, in: facts) != nil { return .inPlaceNotRead }
            return .problem(
                Finding(
                    tag: tag, candidates: candidates,
                    reason: candidates.isEmpty ? "not found by rial" : "found by rial with another value"))
        }
        let named = agreeing.allSatisfy { matches in matches.contains { candidate in leaks.contains { $0.tag == candidate.name } } }
        guard named else {
            return .problem(
                Finding(
                    tag: tag, candidates: agreeing.flatMap { $0 },
                    reason: "found by rial, but the audit at \(strictest) does not name it"))
        }
        return .withheld
    }

    static func valueAgrees(_ value: String, kind: ValueKind, _ candidate: MediaTag) -> Bool {
        switch kind {
        case .coordinate, .opaque:
            return true
        case .date:
            let expected = digits(value), found = digits(candidate.value)
            return found.contains(expected) || (candidate.isValueTruncated && expected.hasPrefix(found))
        case .text:
            let expected = normalized(value), found = normalized(candidate.value)
            return found.contains(expected) || (candidate.isValueTruncated && expected.hasPrefix(found))
        }
    }

    /// The ASCII digits of a text, in order.
    static func digits(_ text: String) -> String { String(text.filter { $0.isASCII && $0.isNumber }) }

    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// One line per problem, then what rial reported, for the failure message.
    static func report(_ name: String, findings: [Finding], facts: MediaFacts, leaks: [MediaPrivacyAudit.Leak]) -> String {
        guard !findings.isEmpty else { return "" }
        var lines = ["\(name): \(findings.count) tags exiftool reports that rial does not withhold:"]
        for finding in findings {
            let seen = finding.candidates.map { "\($0.name) [\($0.scope)] = \(cut($0.value))" }
            lines.append(
                "  ✗ \(finding.tag.label) = \(cut(finding.tag.values.joined(separator: " | "))) [\(finding.tag.dimension.rawValue)] → \(finding.reason)"
                    + (seen.isEmpty ? "" : " (rial: \(seen.joined(separator: "; ")))"))
        }
        lines.append("  rial's tags: " + facts.tags.map { "\($0.name) [\($0.scope)]" }.joined(separator: ", "))
        lines.append("  rial's places not read: \(facts.unread); entries beyond the limit: \(facts.omittedTagCount)")
        lines.append("  the audit at \(strictest): " + leaks.map { "\($0.tag) (\($0.dimension))" }.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }

    static func cut(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(77)) + "…" : text
    }
}
