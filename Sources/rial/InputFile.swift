#if canImport(Glibc)
import Glibc
#endif

/// Files the user names for reading, checked before a long verification.
enum InputFile {
    /// Whether `path` is a regular file this process can read (checked before a long
    /// verification, so a typo is a usage error, not a NOT CHECKED line at the end).
    static func isReadableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, R_OK) == 0
    }
}
