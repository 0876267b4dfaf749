/// Where a video's frame count comes from.
package enum MediaFrameCountSource: String, Hashable, Sendable {
    /// The container's header states it (the sample count of an MP4/MOV track, `stsz`).
    case header
    /// Counted by reading the stream's packets one by one without decoding them (a fragmented
    /// MP4, whose header does not state it).
    case packets
}
