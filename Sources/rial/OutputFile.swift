#if canImport(Glibc)
import Glibc
#endif
import RialArchive

/// Writes a report file whole, replacing any earlier one; checks files the user names.
enum ReportFile {
    static func write(_ bytes: [UInt8], to path: String) throws {
        try FileWriter.write(bytes, to: path, existing: .replace)
    }

    /// Whether `path` is a regular file this process can read (checked before a long
    /// verification, so a typo is a usage error, not a NOT CHECKED line at the end).
    static func isReadableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, R_OK) == 0
    }
}
