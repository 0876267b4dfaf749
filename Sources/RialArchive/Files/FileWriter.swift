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

    /// Writes `bytes` to a temporary file beside `path` and moves it into place only when it is
    /// complete (``TemporaryFile``): a reader never sees half of it, and an interrupted run
    /// leaves nothing behind.
    /// - Parameters:
    ///   - existing: `.refuse` never replaces a file at `path`, not even one that appears while
    ///     writing; `.replace` replaces a regular file (never a directory).
    ///   - mode: the file's mode, narrowed by the umask.
    /// - Throws: ``ArchiveError`` `.outputExists` when `path` exists and is not to be replaced,
    ///   `.io` naming the path and the system's reason.
    package static func writeAtomically(_ bytes: [UInt8], to path: String, existing: Existing, mode: mode_t = 0o644) throws {
        let file = try TemporaryFile(destination: path)
        try file.setMode(mode)
        try bytes.withUnsafeBytes { try writeAll($0, to: file.fileDescriptor, path: file.path) }
        do {
            try file.commit(replacing: existing == .replace)
        } catch .exists {
            throw ArchiveError(.outputExists, "\(path) already exists")
        } catch .system(let reason) {
            throw ArchiveError(.io, "cannot write \(path): \(reason)")
        }
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
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                // Nothing written and no error is a device that takes no more: not a reason to try for ever.
                throw ArchiveError(.io, "writing \(path): \(String(cString: strerror(result == 0 ? ENOSPC : errno)))")
            }
            done += result
        }
    }
}
