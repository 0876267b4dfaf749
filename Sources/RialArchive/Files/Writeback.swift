internal import CRialArchive

/// Starting the disk writes of a file early, without waiting for them.
public enum Writeback {
    /// Asks the kernel to begin writing the dirty pages of `count` bytes from `offset` to disk
    /// (Linux `sync_file_range(SYNC_FILE_RANGE_WRITE)`) and returns at once. A hint: it makes
    /// a later fsync quicker and keeps dirty memory low, and guarantees nothing; where it is
    /// not available it does nothing.
    public static func start(fileDescriptor: Int32, offset: UInt64, count: UInt64) {
        _ = crial_start_writeback(fileDescriptor, Int64(clamping: offset), Int64(clamping: count))
    }
}
