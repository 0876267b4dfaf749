internal import CRialAVFormat

/// Counts a video stream's frames by reading its packets, for a movie whose header does not
/// state the count (a fragmented MP4). `av_read_frame` reads a packet's bytes but decodes
/// nothing; other streams are discarded, and the count stops at the limit.
struct MovieFrameCounter {
    let context: UnsafeMutablePointer<AVFormatContext>
    let streamIndex: Int
    let limit: Int

    /// The number of packets of the stream; `nil` when reading fails before the end or the
    /// limit is reached first (the count is then unknown, not a lower bound).
    func count() -> Int64? {
        guard limit > 0 else { return nil }
        var packet = av_packet_alloc()
        guard let current = packet else { return nil }
        defer { av_packet_free(&packet) }
        for index in 0..<Int(context.pointee.nb_streams) where index != streamIndex {
            context.pointee.streams?[index]?.pointee.discard = AVDISCARD_ALL
        }
        var counted: Int64 = 0
        while true {
            let status = av_read_frame(context, current)
            if status == crial_averror_eof() { return counted }
            guard status >= 0 else { return nil }
            if current.pointee.stream_index == Int32(streamIndex) { counted += 1 }
            av_packet_unref(current)
            if counted > limit { return nil }
        }
    }
}
