#if canImport(Glibc)
import Glibc
#endif
internal import CRialArchive

/// Runs libarchive calls under a UTF-8 `LC_CTYPE` on the calling thread.
///
/// libarchive converts entry names through the thread's `LC_CTYPE`. A Swift process starts in
/// the "C" locale, where libarchive 3.6 warns on non-ASCII names or crashes (`strlen(NULL)` in
/// `archive_write_header`). `uselocale` changes only this thread, so a library never alters its
/// host process's locale.
enum ArchiveLocale {
    // Created once and never freed: a locale object is small and shared by every thread.
    nonisolated(unsafe) private static let utf8: locale_t? = crial_new_utf8_ctype_locale()

    /// Calls `body` with the thread's locale set to C.UTF-8, then restores the previous one.
    /// - Throws: ``ArchiveError`` `.localeUnavailable` when the system has no C.UTF-8 locale,
    ///   or whatever `body` throws.
    static func withUTF8<T>(_ body: () throws -> T) throws -> T {
        guard let utf8 else {
            throw ArchiveError(
                .localeUnavailable, "the C.UTF-8 locale is not available; install glibc's locales (Debian: locales) or a libc with C.UTF-8 built in")
        }
        let previous = uselocale(utf8)
        defer { uselocale(previous) }
        return try body()
    }
}
