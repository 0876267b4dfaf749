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

    /// The tag the probe reports a found property as: `XMP GPSLatitude`.
    public var tagName: String { Self.tagPrefix + rawValue }

    /// Whether it discloses a location (else a device detail).
    public var isLocation: Bool { self == .gpsLatitude || self == .gpsLongitude }

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
