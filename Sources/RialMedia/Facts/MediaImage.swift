/// The picture of a photo: a JPEG's frame, or a HEIF file's primary image and its depth map.
package struct MediaImage: Hashable, Sendable {
    /// `jpeg`, `hevc` (an HEIC photo), `av1` (AVIF); `nil` when the container does not say.
    package var codec: String?
    /// The stored size: a JPEG's frame header (SOF), a HEIF image's `ispe`.
    package var codedSize: MediaImageSize
    /// The size a viewer shows: turned by EXIF `Orientation` (JPEG) or by `irot` (HEIF).
    package var displaySize: MediaImageSize
    /// Degrees counterclockwise in `0..<360` (the convention of ``MediaVideo/rotation``) from a
    /// JPEG's EXIF `Orientation`; `nil` for HEIF, whose `irot` libheif applies to
    /// ``displaySize`` without stating the angle.
    package var rotation: Double?
    /// The depth image's size, for a HEIF photo that carries one (the first, if several).
    package var depthSize: MediaImageSize?
    /// How many top-level images a HEIF file holds (1 for an ordinary photo; 1 for a JPEG).
    package var imageCount: Int

    /// The largest ``imageCount`` stated; more are counted as this many.
    package static let maxImageCount = 65_536

    /// - Parameters: each property, as documented on it.
    package init(
        codec: String?, codedSize: MediaImageSize, displaySize: MediaImageSize, rotation: Double? = nil,
        depthSize: MediaImageSize? = nil, imageCount: Int = 1
    ) {
        self.codec = codec
        self.codedSize = codedSize
        self.displaySize = displaySize
        self.rotation = rotation
        self.depthSize = depthSize
        self.imageCount = imageCount
    }
}
