/// The picture of a photo: a JPEG's frame, or a HEIF file's primary image and its depth map.
public struct MediaImage: Hashable, Sendable {
    /// `jpeg`, `hevc` (an HEIC photo), `av1` (AVIF); `nil` when the container does not say.
    public var codec: String?
    /// The stored size: a JPEG's frame header (SOF), a HEIF image's `ispe`.
    public var codedSize: MediaImageSize
    /// The size a viewer shows: turned by EXIF `Orientation` (JPEG) or by `irot` (HEIF).
    public var displaySize: MediaImageSize
    /// Degrees counterclockwise in `0..<360` (the convention of ``MediaVideo/rotation``) from a
    /// JPEG's EXIF `Orientation`; `nil` for HEIF, whose `irot` libheif applies to
    /// ``displaySize`` without stating the angle.
    public var rotation: Double?
    /// The depth image's size, for a HEIF photo that carries one (the first, if several).
    public var depthSize: MediaImageSize?
    /// How many top-level images a HEIF file holds (1 for an ordinary photo; 1 for a JPEG).
    public var imageCount: Int

    /// The largest ``imageCount`` stated; more are counted as this many.
    public static let maxImageCount = 65_536

    /// - Parameters: each property, as documented on it.
    public init(codec: String?, codedSize: MediaImageSize, displaySize: MediaImageSize, rotation: Double? = nil,
                depthSize: MediaImageSize? = nil, imageCount: Int = 1) {
        self.codec = codec
        self.codedSize = codedSize
        self.displaySize = displaySize
        self.rotation = rotation
        self.depthSize = depthSize
        self.imageCount = imageCount
    }
}
