internal import CRialAVFormat
import RialMedia

/// The picture size an H.264 or HEVC stream's own parameter sets give: FFmpeg's parser (not a
/// decoder) reads the sequence parameter set from the codec configuration (`avcC`/`hvcC`) and
/// the first packet's slice, and gives the size the decoder would output (cropped by the
/// conformance window). The container's sample entry only declares a size; a few edited bytes
/// change it without touching the picture.
enum ParameterSetSize {
    /// The codecs whose parameter sets are read.
    static let codecs = [AV_CODEC_ID_H264, AV_CODEC_ID_HEVC]

    /// The size the stream's parameter sets give, or `nil` for another codec or when the parser
    /// finds no parameter set and slice in `packet`.
    static func read(_ parameters: UnsafePointer<AVCodecParameters>, firstPacket packet: UnsafePointer<AVPacket>) -> MediaImageSize? {
        guard codecs.contains(parameters.pointee.codec_id), packet.pointee.size > 0 else { return nil }
        var codecContext = avcodec_alloc_context3(nil)
        defer { avcodec_free_context(&codecContext) }
        guard let context = codecContext, avcodec_parameters_to_context(context, parameters) >= 0,
            let parser = av_parser_init(Int32(bitPattern: parameters.pointee.codec_id.rawValue))
        else { return nil }
        defer { av_parser_close(parser) }
        // The packet is a whole frame (a sample of the track): no frame boundaries to look for.
        parser.pointee.flags |= PARSER_FLAG_COMPLETE_FRAMES
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: Int32 = 0
        _ = av_parser_parse2(
            parser, context, &output, &outputSize, packet.pointee.data, packet.pointee.size,
            crial_av_nopts_value(), crial_av_nopts_value(), 0)
        let width = Int(parser.pointee.width), height = Int(parser.pointee.height)
        guard width > 0, height > 0 else { return nil }
        return MediaImageSize(width: width, height: height)
    }
}
