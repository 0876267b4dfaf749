/// One metadata entry embedded in the media, named so that a privacy audit can point at it.
package struct MediaTag: Hashable, Sendable {
    /// The tag as the file names it: the QuickTime or 3GPP atoms FFmpeg reads the key from
    /// (`©mak/manu`; `©xyz/loci` when FFmpeg cannot say which of the two it was), the `mdta` key
    /// (`com.apple.quicktime.location.ISO6709`), the EXIF tag (`GPSLatitude`, `Make`), or a JPEG
    /// segment or HEIF item (`XMP`, `COM`, `APP13`). Other FFmpeg keys keep FFmpeg's name.
    package var name: String
    /// The reading library's key for it: FFmpeg's metadata key (`location`), libexif's tag name,
    /// or the same as ``name``.
    package var key: String
    /// Where it sits: `container`, `stream N`, `EXIF IFD0`, `EXIF EXIF`, `EXIF GPS`,
    /// `EXIF Interoperability`, `EXIF IFD1`, `JPEG`, `HEIF`.
    package var scope: String
    /// The value as text, at most the probe's value limit (valid UTF-8; bytes that are not UTF-8
    /// are read as Latin-1); see ``isValueTruncated``.
    package var value: String
    /// Whether ``value`` was cut at the limit.
    package var isValueTruncated: Bool

    /// The most UTF-8 bytes of a ``name``, ``key`` or ``scope`` (longer ones are cut).
    package static let maxNameBytes = 256

    /// - Parameters: each property, as documented on it.
    package init(name: String, key: String, scope: String, value: String, isValueTruncated: Bool = false) {
        self.name = name
        self.key = key
        self.scope = scope
        self.value = value
        self.isValueTruncated = isValueTruncated
    }
}
