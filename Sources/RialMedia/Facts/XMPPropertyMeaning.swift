/// What an XMP property discloses, judged by the meaning of its name whatever its namespace
/// (`schema/SPEC.md` §16.6): `exif:GPSLatitude`, `drone-dji:GpsLatitude` and
/// `Iptc4xmpExt:LocationShown[1]/Iptc4xmpExt:Sublocation` are all a position. The probe parses
/// each packet with Exempi (Adobe's XMP Toolkit) and reports every property that has a meaning
/// here as a tag named `XMP ` and its path (``tagName(path:)``), with its value.
package enum XMPPropertyMeaning: String, Sendable, CaseIterable {
    /// A position: latitude, longitude, altitude, any `GPS…` property, a sub-location (IPTC Core's
    /// `Location` is the sub-location: a street, a building).
    case coordinate
    /// A place name: city, state or province, country, location, world region.
    case placeName
    /// A date or time: `DateTimeOriginal`, `CreateDate`, `DateCreated`, `ModifyDate`, ...
    case date
    /// The camera's make or model (`tiff:Make`, `tiff:Model`).
    case makeOrModel
    /// Another device detail: a serial number, the lens, the software, the host computer.
    case deviceDetail
    /// Who made or owns the file: creator, rights, owner, artist, author, copyright, by-line.
    case owner

    /// What starts the name of every tag an XMP property becomes.
    package static let tagPrefix = "XMP "

    /// The meaning of the property at `path` (as Exempi gives it: `prefix:Name`, array items
    /// `[n]` and struct fields after `/`), judged by its last name without prefix and index;
    /// `nil` when it discloses none of these.
    package init?(path: String) {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        let unindexed = last.split(separator: "[").first.map(String.init) ?? last
        let name = (unindexed.split(separator: ":").last.map(String.init) ?? unindexed).lowercased()
        guard let meaning = Self.meaning(ofLocalName: name) else { return nil }
        self = meaning
    }

    /// The meaning of a tag this type names (`XMP exif:GPSLatitude`), if it is one.
    package init?(tagName: String) {
        guard tagName.hasPrefix(Self.tagPrefix) else { return nil }
        self.init(path: String(tagName.dropFirst(Self.tagPrefix.count)))
    }

    /// The tag a property at `path` is reported as.
    package static func tagName(path: String) -> String { tagPrefix + path }

    /// Device details first (a lens *model* is not the camera's), then positions before place
    /// names (a *sub*location is a position's neighbour).
    private static func meaning(ofLocalName name: String) -> Self? {
        if name.contains("serial") || name.hasPrefix("lens") || name == "creatortool" || name.contains("software") || name.contains("hostcomputer")
            || name.contains("firmware")
        {
            return .deviceDetail
        }
        if name == "make" || name == "model" { return .makeOrModel }
        if name.hasPrefix("gps") || name.contains("latitude") || name.contains("longitude") || name.contains("altitude")
            || name.contains("sublocation") || name == "location" || name.contains("coordinates")
        {
            return .coordinate
        }
        if name.contains("city") || name.contains("country") || name.hasSuffix("state") || name.contains("province")
            || name.contains("location") || name.contains("worldregion")
        {
            return .placeName
        }
        if name.contains("date") || name == "when" { return .date }
        // IPTC Core's creator contact (`CiAdrExtadr`, `CiEmailWork`, `CiTelWork`, ...) and PLUS's
        // `ImageCreatorName` say who made the photo and how to reach them.
        if name == "creator" || name == "rights" || name.contains("owner") || name == "artist" || name.contains("author")
            || name.contains("copyright") || name == "byline"
            || name.hasPrefix("ci")
                && (name.hasPrefix("ciadr") || name.hasPrefix("ciemail")
                    || name.hasPrefix("citel") || name.hasPrefix("ciurl"))
            || name.contains("creatorname")
        {
            return .owner
        }
        return nil
    }
}
