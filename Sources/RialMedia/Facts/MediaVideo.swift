/// The video stream of a movie: what it is encoded as and how it is shown.
package struct MediaVideo: Hashable, Sendable {
    /// The stream's position in the container (ffprobe's `index`).
    package var streamIndex: Int
    /// FFmpeg's codec name: `h264`, `hevc`, ...
    package var codec: String
    /// The sample entry's four-character code (`avc1`, `hvc1`, `hev1`), when printable.
    package var codecTag: String?
    /// The encoded picture's width in pixels: from the stream's parameter sets when
    /// ``sizeSource`` is `.parameterSets`, else as the container declares it.
    package var codedWidth: Int
    /// The encoded picture's height in pixels (see ``codedWidth``).
    package var codedHeight: Int
    /// Where ``codedWidth`` and ``codedHeight`` come from.
    package var sizeSource: MediaSizeSource
    /// The size the container declares (the sample entry's width and height), which a few edited
    /// bytes can change without touching the stream: reported beside the stream's own size, and
    /// a finding when they differ.
    package var containerSize: MediaImageSize
    /// The width a player shows: the coded size turned by the display matrix, so coded width and
    /// height are swapped when ``rotation`` is 90 or 270.
    package var displayWidth: Int
    /// The height a player shows (see ``displayWidth``).
    package var displayHeight: Int
    /// The display matrix's rotation in degrees counterclockwise, in `0..<360`, as FFmpeg's
    /// `av_display_rotation_get` gives it (ffprobe's `rotation`, taken modulo 360); 0 without a
    /// display matrix.
    package var rotation: Double
    /// Whether the container declares another size than the stream's parameter sets encode.
    package var containerSizeDisagrees: Bool {
        sizeSource == .parameterSets && (containerSize.width != codedWidth || containerSize.height != codedHeight)
    }
    /// The stream's duration in its own time base, when the header states it.
    package var duration: MediaDuration?
    /// The number of frames (samples), when known.
    package var frameCount: Int64?
    /// Where ``frameCount`` comes from; `nil` when it is unknown.
    package var frameCountSource: MediaFrameCountSource?
    /// The average frame rate the header gives (frames over duration), ffprobe's `avg_frame_rate`.
    package var averageFrameRate: MediaRational?

    /// - Parameters: each property, as documented on it.
    package init(
        streamIndex: Int, codec: String, codecTag: String? = nil, codedWidth: Int, codedHeight: Int,
        sizeSource: MediaSizeSource = .container, containerSize: MediaImageSize? = nil,
        displayWidth: Int, displayHeight: Int, rotation: Double = 0, duration: MediaDuration? = nil,
        frameCount: Int64? = nil, frameCountSource: MediaFrameCountSource? = nil,
        averageFrameRate: MediaRational? = nil
    ) {
        self.streamIndex = streamIndex
        self.codec = codec
        self.codecTag = codecTag
        self.codedWidth = codedWidth
        self.codedHeight = codedHeight
        self.sizeSource = sizeSource
        self.containerSize = containerSize ?? MediaImageSize(width: codedWidth, height: codedHeight)
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.rotation = rotation
        self.duration = duration
        self.frameCount = frameCount
        self.frameCountSource = frameCountSource
        self.averageFrameRate = averageFrameRate
    }
}
