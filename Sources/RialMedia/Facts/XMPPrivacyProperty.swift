/// An XMP property that discloses where a photo or video was taken, or a device detail a privacy
/// level may withhold (`schema/SPEC.md` §16.6). No media library the probe uses parses XMP, so
/// the probe searches each whole packet for these local names, whatever their namespace prefix,
/// and reports each one found as a tag of its own (``tagName``): a finding may be a false
/// alarm, but a packet's padding or length cannot hide one.
public enum XMPPrivacyProperty: String, CaseIterable, Sendable {
    /// `exif:GPSLatitude`.
    case gpsLatitude = "GPSLatitude"
    /// `exif:GPSLongitude`.
    case gpsLongitude = "GPSLongitude"
    /// `xmp:CreatorTool`: the software that made the file.
    case creatorTool = "CreatorTool"
    /// `aux:SerialNumber`, `exifEX:BodySerialNumber`, `exifEX:LensSerialNumber`.
    case serialNumber = "SerialNumber"
    /// `photoshop:City`, `Iptc4xmpCore:City` (and `LocationShown`/`LocationCreated` parts).
    case city = "City"
    /// `photoshop:State`, `Iptc4xmpExt:ProvinceState`.
    case state = "State"
    /// `photoshop:Country`, `Iptc4xmpCore:CountryName`.
    case country = "Country"
    /// `Iptc4xmpCore:Location`, `Iptc4xmpExt:Sublocation`.
    case location = "Location"
    /// `Iptc4xmpExt:Sublocation`.
    case sublocation = "Sublocation"
    /// `drone-dji:GpsLatitude`, `drone-dji:GpsLongitude` and kin: a position under another name.
    case gps = "GpsL"
    /// `exif:DateTimeOriginal`, `exif:DateTimeDigitized`.
    case dateTimeOriginal = "DateTimeOriginal"
    /// `xmp:CreateDate`.
    case createDate = "CreateDate"
    /// `photoshop:DateCreated`.
    case dateCreated = "DateCreated"
    /// `aux:Lens`, `exifEX:LensModel`.
    case lens = "Lens"
    /// `dc:creator`: who made the file.
    case creator = "creator"
    /// `dc:rights`, `xmpRights:Owner`.
    case rights = "rights"
    /// `aux:OwnerName`, `exifEX:CameraOwnerName`.
    case owner = "OwnerName"

    /// The tag the probe reports a found property as: `XMP GPSLatitude`.
    public var tagName: String { Self.tagPrefix + rawValue }

    /// Whether it discloses a location: a position, or a place name.
    public var isLocation: Bool { [.gpsLatitude, .gpsLongitude, .gps, .city, .state, .country, .location, .sublocation].contains(self) }

    /// Whether it names a place rather than a position (allowed at `location=coarse`).
    public var isPlaceName: Bool { [.city, .state, .country].contains(self) }

    /// Whether it dates the capture.
    public var isDate: Bool { [.dateTimeOriginal, .createDate, .dateCreated].contains(self) }

    /// What starts the name of every tag this type makes.
    public static let tagPrefix = "XMP "

    /// The property a tag name reports, if it is one of these.
    /// - Parameter tagName: a tag's name.
    public init?(tagName: String) {
        guard tagName.hasPrefix(Self.tagPrefix) else { return nil }
        self.init(rawValue: String(tagName.dropFirst(Self.tagPrefix.count)))
    }

    /// The properties whose local name occurs in `packet`, in declaration order.
    /// - Parameter packet: an XMP packet's bytes, whole.
    public static func found<Bytes: Collection>(in packet: Bytes) -> [XMPPrivacyProperty] where Bytes.Element == UInt8 {
        let bytes = Array(packet)
        return allCases.filter { property in
            let name = Array(property.rawValue.utf8)
            guard bytes.count >= name.count else { return false }
            return (0...(bytes.count - name.count)).contains { start in bytes[start] == name[0] && bytes[start..<(start + name.count)].elementsEqual(name) }
        }
    }
}
