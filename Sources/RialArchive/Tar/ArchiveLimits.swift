/// Hard bounds on what reading one archive may cost. Each is checked before anything is
/// allocated for the entry that would break it, and each has its own error code.
public struct ArchiveLimits: Sendable, Hashable {
    /// Most entries (files and directories). A package holds its media, one file per depth
    /// keyframe and a few dozen tag files; every entry costs the reader memory for its name
    /// and digests, so a million empty entries must be an error, not an allocation.
    public var maxEntries: Int = 100_000
    /// Longest entry path in bytes: a bag path's 1024 (RFC 8493 sets none; ours does) plus the
    /// top-level directory.
    public var maxPathBytes: Int = 1280
    /// Largest pax extended header (all its records), in bytes. Ours hold a path and a size.
    public var maxPaxHeaderBytes: Int = 8192
    /// Largest entry, when the archive's own size is unknown (a pipe). For a regular file the
    /// bound is the archive's size: nothing is compressed, so no entry can be larger.
    public var maxFileBytes: UInt64 = 1 << 40
    /// Most data in all entries together, when the archive's own size is unknown.
    public var maxTotalBytes: UInt64 = 1 << 42
    /// Most zero bytes read after the end-of-archive marker. Tar tools pad an archive to a
    /// whole record (GNU tar and bsdtar: 10 240 bytes; a blocking factor of 2 048 makes 1 MiB);
    /// without a bound, `cat pkg /dev/zero` would be read for ever.
    public var maxPaddingBytes: UInt64 = 1 << 20

    public init() {}

    public static let `default` = ArchiveLimits()
}
