#if canImport(Glibc)
import Glibc
#endif
import RialArchive

/// The few file-system writes a sample needs, with errors that say which path failed.
enum SampleFiles {
    static func makeEmptyDirectory(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw PackagerError(.invalidOption, "\(path) exists and is not a directory")
            }
            guard let handle = opendir(path) else {
                throw PackagerError(.writeFailed, "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." {
                    throw PackagerError(.invalidOption, "\(path) is not empty; give a new directory for the sample")
                }
            }
            return
        }
        try makeDirectory(path)
    }

    static func makeDirectory(_ path: String) throws {
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw PackagerError(.writeFailed, "cannot create \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Creates `path` (which must not exist) and lets `body` write it through a sink.
    static func write(_ path: String, _ body: ((inout [UInt8]) throws -> Void) throws -> Void) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw PackagerError(.writeFailed, "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        do {
            try body { bytes in try bytes.withUnsafeBytes { try FileWriter.writeAll($0, to: fd, path: path) } }
        } catch let error as ArchiveError {
            throw PackagerError(.writeFailed, error.reason)
        }
    }
}
