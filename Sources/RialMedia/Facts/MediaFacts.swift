/// What a media file says about itself, read from its container's headers and metadata by
/// ``MediaProbe`` in a child process. Nothing is decoded: sizes, codec and counts are what the
/// container states, which is what a player relies on.
///
/// A movie has ``video`` (and ``streams``); a photo has ``image``. Every embedded metadata entry
/// is listed in ``tags`` (up to the probe's limit, the rest counted in ``omittedTagCount``), so
/// that a privacy audit can name what the file carries; ``location``, ``make``, ``model``,
/// ``software`` and ``creationTime`` are the well-known ones among them, read for comparison.
public struct MediaFacts: Hashable, Sendable {
    /// The container: kind, format name and brands.
    public var container: MediaContainer
    /// Every stream of a movie, in container order; empty for a photo.
    public var streams: [MediaStream]
    /// The first video stream of a movie.
    public var video: MediaVideo?
    /// The picture of a photo.
    public var image: MediaImage?
    /// The movie's duration from its header (`mvhd`), in microseconds (FFmpeg's `AV_TIME_BASE`).
    public var duration: MediaDuration?
    /// When the media says it was made: `creation_time` (from `mvhd`, ISO 8601 as FFmpeg writes
    /// it), `com.apple.quicktime.creationdate`, or EXIF `DateTimeOriginal` (`YYYY:MM:DD HH:MM:SS`,
    /// local time unless `OffsetTimeOriginal` is in ``tags``). As stored: not interpreted.
    public var creationTime: MediaTagValue?
    /// The embedded position, if any.
    public var location: MediaLocation?
    /// The device maker (`com.apple.quicktime.make`, `©mak/manu`, EXIF `Make`).
    public var make: MediaTagValue?
    /// The device model (`com.apple.quicktime.model`, `©mod/modl`, EXIF `Model`).
    public var model: MediaTagValue?
    /// The software (`com.apple.quicktime.software`, `©too/©swr/©enc`, EXIF `Software`).
    public var software: MediaTagValue?
    /// Every embedded metadata entry, up to the limit.
    public var tags: [MediaTag]
    /// Entries beyond the limit: present in the file, not listed.
    public var omittedTagCount: Int
    /// Places of the file whose metadata the probe did not read, each saying why (a block over
    /// its limit, an item the library could not read): what they hold is not known, so an
    /// audit of what the file discloses cannot pass (`schema/SPEC.md` §16.6).
    public var unread: [String]

    /// The most places not read a probe lists; the last of them then says there are more.
    public static let maxUnread = 32

    /// Whether every place that can hold metadata was read and every entry listed.
    public var isMetadataComplete: Bool { omittedTagCount == 0 && unread.isEmpty }

    /// What was not read, for a message: the places, and the entries beyond the limit.
    public var unreadPlaces: [String] {
        unread + (omittedTagCount > 0 ? ["\(omittedTagCount) metadata entries beyond the probe's limit"] : [])
    }

    /// - Parameters: each property, as documented on it.
    public init(container: MediaContainer, streams: [MediaStream] = [], video: MediaVideo? = nil, image: MediaImage? = nil,
                duration: MediaDuration? = nil, creationTime: MediaTagValue? = nil, location: MediaLocation? = nil,
                make: MediaTagValue? = nil, model: MediaTagValue? = nil, software: MediaTagValue? = nil,
                tags: [MediaTag] = [], omittedTagCount: Int = 0, unread: [String] = []) {
        self.container = container
        self.streams = streams
        self.video = video
        self.image = image
        self.duration = duration
        self.creationTime = creationTime
        self.location = location
        self.make = make
        self.model = model
        self.software = software
        self.tags = tags
        self.omittedTagCount = omittedTagCount
        self.unread = unread
    }

    /// The largest integer a fact may state (2^53 - 1): every JSON reader reads it exactly.
    /// A container that states more (a duration of 2^60 ticks) has the fact left out.
    public static let maxExactInteger = Int64(1) << 53 - 1
    /// The largest width or height a fact may state; a container that states more is unreadable.
    public static let maxDimension = 1 << 20

    /// The tags whose name is `name` (a file may repeat one in several scopes).
    /// - Parameter name: a ``MediaTag/name`` such as `©xyz/loci` or `GPSLatitude`.
    /// - Returns: the matching tags, in file order.
    public func tags(named name: String) -> [MediaTag] {
        tags.filter { $0.name == name }
    }
}
