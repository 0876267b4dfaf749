internal import CRialAVFormat
import RialMedia

/// Reads a video stream's packets without decoding them: the first for the size its parameter
/// sets give (``ParameterSetSize``), and, for a movie whose header does not state the frame
/// count (a fragmented MP4), all of them to count the frames. `av_read_frame` reads a packet's
/// bytes; other streams are discarded, and the count stops at the limit.
struct MoviePacketScan {
    let context: UnsafeMutablePointer<AVFormatContext>
    let streamIndex: Int
    /// Whether to read every packet to count them; else the scan stops after the first.
    let countsFrames: Bool
    let limit: Int

    /// What the scan found.
    struct Result {
        /// The size the first packet's parameter sets give, when read.
        var streamSize: MediaImageSize?
        /// The number of packets of the stream; `nil` when not counted, when reading fails before
        /// the end, or the limit is reached first (the count is then unknown, not a lower bound).
        var frameCount: Int64?
    }

    func run() -> Result {
        var result = Result()
        var packet = av_packet_alloc()
        guard let current = packet, let stream = context.pointee.streams?[streamIndex], let parameters = stream.pointee.codecpar else { return result }
        defer { av_packet_free(&packet) }
        for index in 0..<Int(context.pointee.nb_streams) where index != streamIndex {
            context.pointee.streams?[index]?.pointee.discard = AVDISCARD_ALL
        }
        var counted: Int64 = 0
        while true {
            let status = av_read_frame(context, current)
            if status == crial_averror_eof() {
                if countsFrames { result.frameCount = counted }
                return result
            }
            guard status >= 0 else { return result }
            defer { av_packet_unref(current) }
            guard current.pointee.stream_index == Int32(streamIndex) else { continue }
            if counted == 0 { result.streamSize = ParameterSetSize.read(parameters, firstPacket: current) }
            counted += 1
            if !countsFrames || counted > limit { return result }
        }
    }
}
