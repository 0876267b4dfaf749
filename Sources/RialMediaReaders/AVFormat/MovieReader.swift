#if canImport(Glibc)
import Glibc
#endif
internal import CRialAVFormat
import RialMedia

/// Reads an MP4/MOV with FFmpeg's `mov` demuxer: the container's header (`moov`) and its
/// metadata, and nothing is decoded. The demuxer is chosen here, never probed for, so no other
/// FFmpeg demuxer sees the bytes; it opens no other file (`io_open` refuses, `enable_drefs` off).
struct MovieReader {
    /// FFmpeg's name for the one demuxer used, also its whitelist.
    static let demuxer = "mov,mp4,m4a,3gp,3g2,mj2"

    let range: ByteRange
    let fileType: ContainerSniffer.FileType?
    let limits: MediaProbeLimits

    /// The demuxer's options: every udta atom, known or not, becomes a key (named by its four
    /// characters), and an XMP packet becomes "xmp": what the privacy audit must see; external
    /// data references (`dref`) are not followed.
    static let demuxerOptions: [(key: String, value: String)] = [("export_all", "1"), ("export_xmp", "1"), ("enable_drefs", "0")]

    /// The options given to the demuxer: ``demuxerOptions``; a test adds one this FFmpeg does
    /// not have to see that a leftover is reported, never dropped silently.
    var options: [(key: String, value: String)] = Self.demuxerOptions

    /// What FFmpeg makes of the movie.
    func read() -> MediaProbeReply {
        AVLog.capture()
        // No one block larger than the memory limit: FFmpeg refuses it (ENOMEM) before asking
        // for it, in the probe and in the fuzz target alike.
        av_max_alloc(min(limits.memoryBytes, Int(Int32.max)))
        guard let bridge = AVIOBridge(range: range) else { return .tooMuchMemory(reason: "cannot allocate FFmpeg's I/O context") }
        var context: UnsafeMutablePointer<AVFormatContext>? = avformat_alloc_context()
        guard let allocated = context else {
            return .tooMuchMemory(reason: "cannot allocate FFmpeg's format context")
        }
        configure(allocated, bridge: bridge)
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for (key, value) in options where av_dict_set(&dictionary, key, value, 0) < 0 {
            avformat_free_context(allocated)
            return .tooMuchMemory(reason: "cannot set FFmpeg's option \(key)")
        }
        // On failure avformat_open_input frees the context (not the custom I/O) and sets it to NULL.
        let status = avformat_open_input(&context, nil, av_find_input_format("mov"), &dictionary)
        guard status >= 0, let opened = context else { return failure(status, doing: "reading the movie header") }
        defer { avformat_close_input(&context) }
        // What the demuxer took is removed from `dictionary`: one left over is an option this FFmpeg
        // does not have, and without `export_all` the audit would miss atoms (fail closed).
        if av_dict_count(dictionary) > 0 {
            let left = options.map(\.key).filter { av_dict_get(dictionary, $0, nil, 0) != nil }
            return .unreadable(
                reason: "this FFmpeg's mov demuxer does not take the option(s) \(left.joined(separator: ", ")), which reading the metadata whole needs")
        }
        guard opened.pointee.nb_streams > 0 else { return .unreadable(reason: "the movie header declares no stream") }
        let facts = facts(opened)
        if let video = facts.video {
            for (size, said) in [
                (video.containerSize, "the video stream states"),
                (MediaImageSize(width: video.codedWidth, height: video.codedHeight), "the video's parameter sets give"),
            ]
            where max(size.width, size.height) > MediaFacts.maxDimension {
                return .unreadable(reason: "\(said) a picture of \(size) pixels")
            }
        }
        return .facts(facts)
    }

    private func configure(_ context: UnsafeMutablePointer<AVFormatContext>, bridge: AVIOBridge) {
        context.pointee.pb = bridge.context
        context.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        context.pointee.probesize = Int64(limits.probeBytes)
        context.pointee.format_probesize = Int32(clamping: limits.probeBytes)
        context.pointee.max_analyze_duration = Int64(AV_TIME_BASE)
        context.pointee.max_streams = Int32(clamping: limits.maxStreams)
        context.pointee.format_whitelist = av_strdup(Self.demuxer)
        context.pointee.io_open = Self.refuseToOpen
    }

    /// The `io_open` FFmpeg calls for any other file or URL: refused.
    private static let refuseToOpen:
        @convention(c) (
            UnsafeMutablePointer<AVFormatContext>?, UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>?,
            UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?
        ) -> Int32 = { _, _, _, _, _ in
            crial_averror(EPERM)
        }

    /// The reply for an FFmpeg error: out of memory, or unreadable with FFmpeg's words.
    func failure(_ status: Int32, doing step: String) -> MediaProbeReply {
        let logged = AVLog.firstError
        var reason = "\(step): \(AVLog.describe(status))"
        if !logged.isEmpty { reason += " (\(logged))" }
        reason = MediaText.cut(reason, toUTF8Count: MediaProbeReply.maxReasonBytes)
        // FFmpeg reports a stream beyond `max_streams` as ENOMEM; its log says which it was.
        if status == crial_averror(ENOMEM), !logged.contains("max_streams") { return .tooMuchMemory(reason: reason) }
        return .unreadable(reason: reason)
    }

    private func facts(_ context: UnsafeMutablePointer<AVFormatContext>) -> MediaFacts {
        var tags = TagList(limits: limits)
        // The header's own walk first: it tells which of FFmpeg's keys are user-data atoms.
        var headerTags = TagList(limits: limits)
        let userData = MovieHeaderBoxes.read(range, into: &headerTags)
        let formatMetadata = MovieMetadata(context.pointee.metadata, userData: userData)
        formatMetadata.collect(into: &tags, scope: "container")
        tags.append(headerTags)
        var exported = formatMetadata.exportedCodes()
        var streams: [MediaStream] = []
        var video: MediaVideo?
        let count = Int(context.pointee.nb_streams)
        for index in 0..<count {
            guard let stream = context.pointee.streams?[index] else { continue }
            let parameters = stream.pointee.codecpar
            let type = parameters.map { av_get_media_type_string($0.pointee.codec_type) }.map { MediaReaderText.string($0) } ?? ""
            let codec = parameters.map { MediaReaderText.string(avcodec_get_name($0.pointee.codec_id)) } ?? "none"
            streams.append(MediaStream(index: index, type: type.isEmpty ? "unknown" : type, codec: codec))
            let streamMetadata = MovieMetadata(stream.pointee.metadata, userData: userData)
            streamMetadata.collect(into: &tags, scope: "stream \(index)")
            exported.formUnion(streamMetadata.exportedCodes())
            // A subtitle, data or timed-metadata track (GoPro gpmd, GPS text) carries what it says
            // in its samples, which the probe does not read: a place not read (fails closed).
            if let parameters,
                parameters.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE || parameters.pointee.codec_type == AVMEDIA_TYPE_DATA
                    || parameters.pointee.codec_type == AVMEDIA_TYPE_ATTACHMENT || parameters.pointee.codec_type == AVMEDIA_TYPE_UNKNOWN
            {
                tags.markUnread("stream \(index) (\(type.isEmpty ? "unknown" : type), \(codec)): its samples may carry positions or times and are not read")
            }
            if video == nil, let parameters, parameters.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
                video = videoFacts(stream, index: index, codec: codec, parameters: parameters)
            }
        }
        // An atom FFmpeg read without exporting (an `mdta` item's index, `\0\0\0\u{1}`, is read
        // as its key's value).
        for code in userData.subtracting(exported).subtracting(VendorAtom.readByFFmpeg).sorted() where !code.hasPrefix("\u{0}") {
            tags.markUnread("the movie: the `\(code)` atom, which FFmpeg reads without exporting what it holds")
        }
        if let stated = video {
            video = scanned(stated, context)
        }
        let duration = context.pointee.duration
        return MediaFacts(
            container: MediaContainer(
                kind: .isoMovie, formatName: Self.demuxer, majorBrand: fileType?.majorBrand,
                compatibleBrands: fileType?.compatibleBrands ?? []),
            streams: streams,
            video: video,
            duration: Self.duration(duration, timeBase: AVRational(num: 1, den: AV_TIME_BASE)),
            creationTime: formatMetadata.first(of: ["com.apple.quicktime.creationdate", "creation_time"], limits: limits),
            location: formatMetadata.location(limits: limits),
            make: formatMetadata.first(of: ["com.apple.quicktime.make", "make", "TAGS"], limits: limits),
            model: formatMetadata.first(of: ["com.apple.quicktime.model", "model"], limits: limits),
            software: formatMetadata.first(of: ["com.apple.quicktime.software", "encoder"], limits: limits),
            tags: tags.tags,
            omittedTagCount: tags.omittedCount, unread: tags.unread
        )
    }

    /// The video's facts with what its packets show: the size its parameter sets give (turned by
    /// the display matrix as the declared size is) and, when the header states none, the number
    /// of frames counted.
    private func scanned(_ stated: MediaVideo, _ context: UnsafeMutablePointer<AVFormatContext>) -> MediaVideo {
        var video = stated
        let scan = MoviePacketScan(
            context: context, streamIndex: video.streamIndex, countsFrames: video.frameCount == nil,
            limit: limits.maxCountedPackets
        ).run()
        if let size = scan.streamSize {
            video.codedWidth = size.width
            video.codedHeight = size.height
            video.sizeSource = .parameterSets
            let isQuarterTurn = Self.isQuarterTurn(video.rotation)
            video.displayWidth = isQuarterTurn ? size.height : size.width
            video.displayHeight = isQuarterTurn ? size.width : size.height
        }
        if video.frameCount == nil, let frames = scan.frameCount {
            video.frameCount = frames
            video.frameCountSource = .packets
        }
        return video
    }

    private static func isQuarterTurn(_ rotation: Double) -> Bool {
        abs(rotation.truncatingRemainder(dividingBy: 180) - 90) < 0.5
    }

    private func videoFacts(
        _ stream: UnsafeMutablePointer<AVStream>, index: Int, codec: String,
        parameters: UnsafeMutablePointer<AVCodecParameters>
    ) -> MediaVideo {
        let width = Int(max(0, parameters.pointee.width))
        let height = Int(max(0, parameters.pointee.height))
        let rotation = Self.rotation(of: stream)
        let isQuarterTurn = Self.isQuarterTurn(rotation)
        let timeBase = stream.pointee.time_base
        // A track whose sample tables FFmpeg rejected ("missing mandatory atoms") has no index,
        // and its duration is in the media header's time scale, not the stream's time base: not
        // a duration. The movie header's (`mvhd`) is then the one ffprobe and exiftool report.
        // A stated 0 is no duration either.
        let duration = avformat_index_get_entries_count(stream) > 0 ? stream.pointee.duration : crial_av_nopts_value()
        let rate = stream.pointee.avg_frame_rate
        let frames = stream.pointee.nb_frames
        return MediaVideo(
            streamIndex: index,
            codec: codec,
            codecTag: Self.fourCC(parameters.pointee.codec_tag),
            codedWidth: width,
            codedHeight: height,
            sizeSource: .container,
            containerSize: MediaImageSize(width: width, height: height),
            displayWidth: isQuarterTurn ? height : width,
            displayHeight: isQuarterTurn ? width : height,
            rotation: rotation,
            duration: duration == 0 ? nil : Self.duration(duration, timeBase: timeBase),
            frameCount: Self.isStated(frames) ? frames : nil,
            frameCountSource: Self.isStated(frames) ? .header : nil,
            averageFrameRate: rate.num > 0 ? MediaRational(Int64(rate.num), Int64(rate.den)) : nil
        )
    }

    /// A duration FFmpeg states, unless it is unknown (`AV_NOPTS_VALUE`), negative, or too large
    /// to be stated exactly (``MediaFacts/maxExactInteger``).
    static func duration(_ ticks: Int64, timeBase: AVRational) -> MediaDuration? {
        guard ticks != crial_av_nopts_value(), isStated(ticks) || ticks == 0 else { return nil }
        return MediaRational(Int64(timeBase.num), Int64(timeBase.den)).flatMap { MediaDuration(ticks: ticks, timeBase: $0) }
    }

    /// A count or length above 0 and within ``MediaFacts/maxExactInteger``.
    static func isStated(_ value: Int64) -> Bool {
        value > 0 && value <= MediaFacts.maxExactInteger
    }

    /// The display matrix's rotation, counterclockwise, in `0..<360`; 0 without a valid matrix.
    static func rotation(of stream: UnsafeMutablePointer<AVStream>) -> Double {
        var size = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 9 * 4 else { return 0 }
        let angle = UnsafeRawPointer(data).withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        return normalized(angle)
    }

    /// An angle in `0..<360`, rounded to a millionth of a degree so that a matrix's rounding
    /// (89.99999999999999) reads as the angle meant; non-finite angles (a degenerate matrix) read as 0.
    static func normalized(_ angle: Double) -> Double {
        guard angle.isFinite else { return 0 }
        var degrees = (angle * 1e6).rounded() / 1e6
        degrees = degrees.truncatingRemainder(dividingBy: 360)
        if degrees < 0 { degrees += 360 }
        return degrees >= 360 ? 0 : degrees + 0  // + 0 turns -0 into 0
    }

    /// A sample entry's code as four printable characters, else `nil`.
    static func fourCC(_ tag: UInt32) -> String? {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: tag >> (8 * $0)) }
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
