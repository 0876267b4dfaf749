/// The kinds of container the probe accepts; anything else is
/// ``MediaProbeOutcome/unsupported(container:)``.
package enum MediaContainerKind: String, Hashable, Sendable, CaseIterable {
    /// ISO base media file format or QuickTime: MP4, MOV, M4V, 3GP (FFmpeg's `mov` demuxer).
    case isoMovie = "iso-movie"
    /// A HEIF still image (HEIC and other brands libheif reads).
    case heif
    /// A JPEG (JFIF or EXIF) still image.
    case jpeg
}

/// What kind of file the media is, by its content (never by its name).
package struct MediaContainer: Hashable, Sendable {
    /// The kind of container.
    package var kind: MediaContainerKind
    /// The reading library's name for the format: FFmpeg's `mov,mp4,m4a,3gp,3g2,mj2`, or `heif`,
    /// or `jpeg`.
    package var formatName: String
    /// The `ftyp` major brand (`isom`, `qt  `, `heic`), as four characters; `nil` without `ftyp`
    /// (a JPEG, or a QuickTime file from before `ftyp`).
    package var majorBrand: String?
    /// The `ftyp` compatible brands, in file order.
    package var compatibleBrands: [String]

    /// - Parameters:
    ///   - kind: the kind of container.
    ///   - formatName: the reading library's name for it.
    ///   - majorBrand: the `ftyp` major brand, if any.
    ///   - compatibleBrands: the `ftyp` compatible brands.
    package init(kind: MediaContainerKind, formatName: String, majorBrand: String? = nil, compatibleBrands: [String] = []) {
        self.kind = kind
        self.formatName = formatName
        self.majorBrand = majorBrand
        self.compatibleBrands = compatibleBrands
    }
}
