#if canImport(Glibc)
import Glibc
#endif

/// Whether a file can be written at a path, checked before any work starts: a command that
/// reads gigabytes must not find out at the end that it cannot put the result where it was told.
package enum OutputPath {
    /// Why a file cannot be written at a path.
    package enum Problem: Equatable, Sendable, CustomStringConvertible {
        /// A file is there and was not to be replaced.
        case exists(String)
        /// Something other than a regular file is there (a directory, a device, …); nothing
        /// replaces it, not even `--force`.
        case notAFile(String, kind: String)
        /// The directory it would go in is missing, not a directory, or not writable.
        case unwritableDirectory(String, reason: String)

        /// Says what is wrong, naming the path; the caller adds what the user can do.
        package var description: String {
            switch self {
            case .exists(let path):
                "\(path) already exists"
            case .notAFile(let path, let kind):
                "\(path) is \(kind), not a file"
            case .unwritableDirectory(let directory, let reason):
                "cannot write into \(directory): \(reason)"
            }
        }

        /// ``description`` and what to do about it, for a command whose `--force` replaces an
        /// existing file (`canReplace`) or that never replaces one.
        package func advice(canReplace: Bool) -> String {
            switch self {
            case .exists:
                "\(description); choose another name\(canReplace ? " or pass --force to replace it" : ", or move it away first")"
            case .notAFile(_, let kind):
                "\(description); give the path of a file to write\(canReplace ? " (--force replaces a file, never \(kind))" : "")"
            case .unwritableDirectory:
                description
            }
        }
    }

    /// The problem with writing a file at `path`, or `nil` when nothing stands in the way yet.
    /// - Parameter replacing: whether an existing regular file may be replaced.
    package static func problem(with path: String, replacing: Bool) -> Problem? {
        var info = stat()
        if lstat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG, S_IFLNK:
                // A link is replaced, never followed (rename and link work on the name).
                if !replacing { return .exists(path) }
            case S_IFDIR:
                return .notAFile(path, kind: "a directory")
            default:
                return .notAFile(path, kind: "not a regular file")
            }
        }
        let directory = parent(of: path)
        var parentInfo = stat()
        guard stat(directory, &parentInfo) == 0 else {
            return .unwritableDirectory(directory, reason: String(cString: strerror(errno)))
        }
        guard (parentInfo.st_mode & S_IFMT) == S_IFDIR else {
            return .unwritableDirectory(directory, reason: "not a directory")
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            return .unwritableDirectory(directory, reason: String(cString: strerror(errno)))
        }
        return nil
    }

    /// The directory a file at `path` goes in: `.` for a bare name, `/` for one at the root.
    package static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let directory = trimmed[..<slash]
        return directory.isEmpty ? "/" : String(directory)
    }
}
