internal import CRialArchive

/// The libarchive this process runs with, as the library itself says: a report names it among
/// what the verdict depended on.
public enum LibarchiveLibrary {
    /// `libarchive 3.6.2`: `archive_version_string()`.
    public static var version: String {
        archive_version_string().map { String(cString: $0) } ?? "libarchive (version unknown)"
    }
}
