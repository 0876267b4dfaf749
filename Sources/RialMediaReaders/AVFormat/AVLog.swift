internal import CRialAVFormat

/// FFmpeg's first error message ("moov atom not found"), kept for the unreadable outcome's reason
/// instead of being printed: the probe's standard error is not a report. The only caller of
/// the shim's log functions (see `CRialAVFormat/shim.h` for why there must be one).
enum AVLog {
    /// Captures FFmpeg's error messages from now on, starting with none.
    static func capture() {
        crial_av_log_capture()
    }

    /// The first message at error level or worse since ``capture()``, without its newline.
    static var firstError: String {
        MediaReaderText.string(crial_av_log_first()).trimmingTrailingNewlines()
    }

    /// FFmpeg's text for an error code (`av_strerror`).
    static func describe(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard av_strerror(code, &buffer, buffer.count) == 0 else { return "error \(code)" }
        return MediaReaderText.string(buffer)
    }
}
