#if canImport(Glibc)
import Glibc
#endif
internal import CRialAVFormat

/// A custom `AVIOContext` over a ``ByteRange``: libavformat reads and seeks through these
/// callbacks only, so it sees the range and nothing else, and opens no file of its own.
final class AVIOBridge {
    private let range: ByteRange
    private var position: Int64 = 0
    /// The context to hand to `AVFormatContext.pb`; owned here, freed in `deinit`.
    private(set) var context: UnsafeMutablePointer<AVIOContext>?

    /// FFmpeg's reads go through a buffer of this size.
    static let bufferSize: Int32 = 32_768

    /// - Returns: `nil` when FFmpeg cannot allocate the buffer or the context.
    init?(range: ByteRange) {
        self.range = range
        guard let buffer = av_malloc(Int(Self.bufferSize)) else { return nil }
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        guard
            let context = avio_alloc_context(
                buffer.assumingMemoryBound(to: UInt8.self), Self.bufferSize, 0, opaque,
                AVIOBridge.readPacket, nil, AVIOBridge.seek)
        else {
            av_free(buffer)
            return nil
        }
        self.context = context
    }

    deinit {
        // The context's buffer may have been replaced by FFmpeg; free the one it holds now.
        if let context {
            av_freep(&context.pointee.buffer)
        }
        avio_context_free(&context)
    }

    private static func bridge(_ opaque: UnsafeMutableRawPointer?) -> AVIOBridge? {
        opaque.map { Unmanaged<AVIOBridge>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let readPacket: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = { opaque, buffer, size in
        guard let bridge = bridge(opaque), let buffer, size > 0 else { return crial_averror(EINVAL) }
        let read = bridge.range.read(at: bridge.position, into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(size)))
        if read < 0 { return crial_averror(EIO) }
        if read == 0 { return crial_averror_eof() }
        bridge.position += Int64(read)
        return Int32(read)
    }

    private static let seek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
        guard let bridge = bridge(opaque) else { return Int64(crial_averror(EINVAL)) }
        if whence & AVSEEK_SIZE != 0 { return bridge.range.length }
        let base: Int64
        switch whence & ~AVSEEK_FORCE {
        case SEEK_SET: base = 0
        case SEEK_CUR: base = bridge.position
        case SEEK_END: base = bridge.range.length
        default: return Int64(crial_averror(EINVAL))
        }
        let (target, overflow) = base.addingReportingOverflow(offset)
        guard !overflow, target >= 0, target <= bridge.range.length else { return Int64(crial_averror(EINVAL)) }
        bridge.position = target
        return target
    }
}
