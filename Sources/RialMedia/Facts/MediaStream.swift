/// One stream a movie container declares, whatever its type.
package struct MediaStream: Hashable, Sendable {
    /// The stream's position in the container, from 0 (ffprobe's `index`).
    package var index: Int
    /// `video`, `audio`, `subtitle`, `data`, `attachment` or `unknown` (FFmpeg's media types).
    package var type: String
    /// FFmpeg's codec name (`h264`, `hevc`, `aac`), or `none`.
    package var codec: String

    /// - Parameters:
    ///   - index: the stream's position in the container.
    ///   - type: its media type.
    ///   - codec: its codec name.
    package init(index: Int, type: String, codec: String) {
        self.index = index
        self.type = type
        self.codec = codec
    }
}
