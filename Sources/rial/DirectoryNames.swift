#if canImport(Glibc)
import Glibc
#endif

/// The names in a directory, `.` and `..` left out, for options that take a directory of
/// files (`--trust-dir`, `--crl`, `--ocsp`).
enum DirectoryNames {
    /// - Returns: the names, in the order the file system gives them; `nil` when the directory
    ///   cannot be opened (`errno` says why).
    static func read(_ directory: String) -> [String]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
