#if canImport(Glibc)
import Glibc
#endif
internal import CRialArchive

/// What libarchive says went wrong with `archive`, with the system's reason when it has one:
/// libarchive's own text for a failed write is "Write error", and a full disk must say "No
/// space left on device" (issue 35), which only `archive_errno` still knows.
enum LibarchiveMessage {
    static func of(_ archive: OpaquePointer?) -> String {
        let number = archive_errno(archive)
        let text = archive_error_string(archive).map { String(cString: $0) }
        // libarchive's own complaints carry ARCHIVE_ERRNO_MISC (-1), ARCHIVE_ERRNO_FILE_FORMAT
        // (EILSEQ) or ARCHIVE_ERRNO_PROGRAMMER (EINVAL): no system reason to add.
        guard number > 0, number != EILSEQ, number != EINVAL else { return text ?? "libarchive error \(number)" }
        let reason = String(cString: strerror(number))
        guard let text else { return reason }
        return text.contains(reason) ? text : "\(text) (\(reason))"
    }
}
