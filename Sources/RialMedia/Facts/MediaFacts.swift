/// What a media file says about itself, read from its container's headers and metadata by
/// ``MediaProbe`` in a child process. Nothing is decoded: sizes, codec and counts are what the
/// container states, which is what a player relies on.
///
/// A movie has ``video`` (and ``streams``); a photo has ``image``. Every embedded metadata entry
/// is listed in ``tags`` (up to the probe's limit, the rest counted in ``omittedTagCount``), so
/// that a privacy audit can name what the file carries; ``location``, ``make``, ``model``,
/// ``software`` and ``creationTime`` are the well-known ones among them, read for comparison.
package struct MediaFacts: Hashable, Sendable {
    /// The container: kind, format name and brands.
    package var container: MediaContainer
    /// Every stream of a movie, in container order; empty for a photo.
    package var streams: [MediaStream]
    /// The first video stream of a movie.
    package var video: MediaVideo?
    /// The picture of a photo.
    package var image: MediaImage?
    /// The movie's duration from its header (`mvhd`), in microseconds (FFmpeg's `AV_TIME_BASE`).
    package var duration: MediaDuration?
    /// When the media says it was made: `creation_time` (from `mvhd`, ISO 8601 as FFmpeg writes
    /// it), `com.apple.quicktime.creationdate`, or EXIF `DateTimeOriginal` (`YYYY:MM:DD HH:MM:SS`,
    /// local time unless `OffsetTimeOriginal` is in ``tags``). As stored: not interpreted.
    package var creationTime: MediaTagValue?
    /// The embedded position, if any.
    package var location: MediaLocation?
    /// The device maker (`com.apple.quicktime.make`, `©mak/manu`, EXIF `Make`).
    package var make: MediaTagValue?
    /// The device model (`com.apple.quicktime.model`, `©mod/modl`, EXIF `Model`).
    package var model: MediaTagValue?
    /// The software (`com.apple.quicktime.software`, `©too/©swr/©enc`, EXIF `Software`).
    package var software: MediaTagValue?
    /// Every embedded metadata entry, up to the limit.
    package var tags: [MediaTag]
    /// Entries beyond the limit: present in the file, not listed.
    package var omittedTagCount: Int
    /// Places of the file whose metadata the probe did not read, each saying why (a block over
    /// its limit, an item the library could not read): what they hold is not known, so an
    /// audit of what the file discloses cannot pass (`schema/SPEC.md` §16.6).
    package var unread: [String]

    /// The most places not read a probe lists; the last of them then says there are more.
    package static let maxUnread = 32

    /// Whether every place that can hold metadata was read and every entry listed.
    package var isMetadataComplete: Bool { omittedTagCount == 0 && unread.isEmpty }

    /// What was not read, for a message: the places, and the entries beyond the limit.
    package var unreadPlaces: [String] {
        unread + (omittedTagCount > 0 ? ["\(omittedTagCount) metadata entries beyond the probe's limit"] : [])
    }

    /// - Parameters: each property, as documented on it.
    package init(
        container: MediaContainer, streams: [MediaStream] = [], video: MediaVideo? = nil, image: MediaImage? = nil,
        duration: MediaDuration? = nil, creationTime: MediaTagValue? = nil, location: MediaLocation? = nil,
        make: MediaTagValue? = nil, model: MediaTagValue? = nil, software: MediaTagValue? = nil,
        tags: [MediaTag] = [], omittedTagCount: Int = 0, unread: [String] = []
    ) {
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
    package static let maxExactInteger = Int64(1) << 53 - 1
    /// The largest width or height a fact may state; a container that states more is unreadable.
    package static let maxDimension = 1 << 20

    /// The tags whose name is `name` (a file may repeat one in several scopes).
    /// - Parameter name: a ``MediaTag/name`` such as `©xyz/loci` or `GPSLatitude`.
    /// - Returns: the matching tags, in file order.
    package func tags(named name: String) -> [MediaTag] {
        tags.filter { $0.name == name }
    }
}
