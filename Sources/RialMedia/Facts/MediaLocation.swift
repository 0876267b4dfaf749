/// A position embedded in the media: a QuickTime ISO 6709 string or EXIF GPS tags.
package struct MediaLocation: Hashable, Sendable {
    /// Degrees north, -90...90.
    package var latitude: Double
    /// Degrees east, -180...180.
    package var longitude: Double
    /// Metres above sea level, when stated.
    package var altitude: Double?
    /// The tag it was read from: `©xyz/loci`, `com.apple.quicktime.location.ISO6709`, `GPSLatitude`.
    package var tag: String
    /// The position as stored: the ISO 6709 string, or the EXIF tags' values as libexif writes them.
    package var text: String

    /// The largest altitude, up or down, a fact may state (metres); beyond it the altitude is left out.
    package static let maxAltitude = 1e9

    /// - Parameters: each property, as documented on it.
    package init(latitude: Double, longitude: Double, altitude: Double? = nil, tag: String, text: String) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.tag = tag
        self.text = text
    }
}
