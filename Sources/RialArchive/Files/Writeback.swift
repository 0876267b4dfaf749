internal import CRialArchive

#if canImport(Glibc)
import Glibc
#endif

/// Starting the disk writes of a file early, without waiting for them, and dropping what has
/// been written from the page cache.
package enum Writeback {
    /// Asks the kernel to begin writing the dirty pages of `count` bytes from `offset` to disk
    /// (Linux `sync_file_range(SYNC_FILE_RANGE_WRITE)`) and returns at once. A hint: it makes
    /// a later fsync quicker and keeps dirty memory low, and guarantees nothing; where it is
    /// not available it does nothing.
    package static func start(fileDescriptor: Int32, offset: UInt64, count: UInt64) {
        _ = crial_start_writeback(fileDescriptor, Int64(clamping: offset), Int64(clamping: count))
    }

    /// Asks the kernel to drop the file's cached pages in the range (`POSIX_FADV_DONTNEED`); pages
    /// not yet written to disk are kept (and written as usual); a `count` of 0 means to the end
    /// of the file. A hint, like ``start``.
    package static func drop(fileDescriptor: Int32, offset: UInt64, count: UInt64) {
        _ = posix_fadvise(fileDescriptor, off_t(clamping: offset), off_t(clamping: count), Int32(POSIX_FADV_DONTNEED))
    }
}
