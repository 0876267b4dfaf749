#if canImport(Glibc)
import Glibc
#endif

/// Writes whole files and whole buffers, retrying short writes and `EINTR`, so callers never
/// hand-roll the `write(2)` loop.
package enum FileWriter {
    /// How an existing file at the path is treated.
    package enum Existing: Sendable {
        /// Refuse: the file must not exist (`O_EXCL`).
        case refuse
        /// Replace its contents.
        case replace
    }

    /// Creates `path` with `mode` (0644 by default; the umask may only narrow it) and writes
    /// `bytes`.
    /// - Throws: ``ArchiveError`` `.io`, naming the path and the system's reason.
    package static func write(_ bytes: [UInt8], to path: String, existing: Existing, mode: mode_t = 0o644) throws {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (existing == .refuse ? O_EXCL : O_TRUNC)
        let fd = open(path, flags, mode)
        guard fd >= 0 else { throw ArchiveError(.io, "cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        try bytes.withUnsafeBytes { try writeAll($0, to: fd, path: path) }
    }

    /// Removes a file this process wrote, when a later step failed; errors are ignored.
    package static func remove(_ path: String) {
        unlink(path)
    }

    /// Writes all of `bytes` to `fd` at its current offset.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, path: String) throws {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let result = Glibc.write(fd, base + done, bytes.count - done)
            if result < 0 {
                if errno == EINTR { continue }
                throw ArchiveError(.io, "writing \(path): \(String(cString: strerror(errno)))")
            }
            done += result
        }
    }
}
