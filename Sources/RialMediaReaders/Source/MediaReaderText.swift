import RialMedia

/// Library messages (C strings in fixed buffers) as bounded, valid text.
enum MediaReaderText {
    /// The NUL-terminated text in `buffer`, at most ``MediaProbeReply/maxReasonBytes`` bytes.
    static func string(_ buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return MediaText.decode(bytes, maxBytes: MediaProbeReply.maxReasonBytes).text
    }

    /// A C string from a library, bounded; `""` for a null pointer.
    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        MediaText.decode(cString: pointer, maxBytes: MediaProbeReply.maxReasonBytes)?.text ?? ""
    }
}
