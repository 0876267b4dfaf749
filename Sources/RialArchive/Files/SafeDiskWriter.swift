#if canImport(Glibc)
import Glibc
#endif

/// Writes regular files and directories under one destination directory, and nowhere else,
/// without ever changing the process's working directory.
///
/// Four layers guard the destination: callers pass only paths the strict reader accepted
/// (``RialFormat/BagPath`` rules); this type refuses any path with an empty, `.` or `..`
/// component, a leading `/` or a NUL; every name is opened relative to the directory above it,
/// starting from the destination opened once, with `O_NOFOLLOW` (a symbolic link anywhere on
/// the way is refused, and cannot be swapped in between a check and a write); and files are
/// created with `O_EXCL`, so nothing is ever overwritten. Modes are fixed (0644, 0755),
/// whatever the umask; owners are never restored.
///
/// Why not libarchive's disk writer, which guards the same way: it resolves paths against the
/// process's working directory, so it had to make the destination the working directory while
/// it wrote. The working directory belongs to the whole process: two extractions on different
/// threads wrote into each other's destinations, and a child another thread started meanwhile
/// inherited a directory that was then deleted ("getcwd() failed"). libarchive has no way to
/// write relative to a directory handle, which is all this type adds.
package final class SafeDiskWriter {
    /// The destination, opened once: every path is resolved from it.
    private let directory: Int32
    /// The destination as the caller named it, for messages.
    private let destination: String

    private init(directory: Int32, destination: String) {
        self.directory = directory
        self.destination = destination
    }

    /// Runs `body` with a writer whose paths are relative to `destination`, an existing empty
    /// directory.
    /// - Throws: ``ArchiveError`` `.unsafeDestination` when `destination` is not an empty
    ///   directory (a symbolic link to one included), `.destinationUnwritable` when it cannot be
    ///   opened, or what `body` throws.
    package static func write<T>(into destination: String, _ body: (SafeDiskWriter) throws -> T) throws -> T {
        let directory = open(destination, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directory >= 0 else {
            let number = errno
            guard number == ELOOP || number == ENOTDIR else {
                throw ArchiveError(.destinationUnwritable, "cannot open \(destination): \(String(cString: strerror(number)))")
            }
            throw ArchiveError(
                .unsafeDestination, "\(destination) is not a directory that can be opened (a symbolic link is refused): \(String(cString: strerror(number)))")
        }
        defer { close(directory) }
        try requireEmpty(directory, destination)
        return try body(SafeDiskWriter(directory: directory, destination: destination))
    }

    private static func requireEmpty(_ directory: Int32, _ destination: String) throws {
        let copy = dup(directory)
        guard copy >= 0, let handle = fdopendir(copy) else {
            throw ArchiveError(.unsafeDestination, "\(destination) cannot be listed")
        }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." {
                throw ArchiveError(.unsafeDestination, "\(destination) is not empty; extraction needs a new, empty directory")
            }
        }
    }

    /// Creates a directory at `relativePath` under the destination; one that already exists
    /// (made for a file inside it that came first) is kept.
    package func makeDirectory(_ relativePath: String) throws {
        let (parent, name) = try openParent(of: relativePath)
        defer { close(parent) }
        close(try openDirectory(name, in: parent, for: relativePath))
    }

    /// Creates a regular file at `relativePath`, and the directories above it that do not exist
    /// yet, and fills it from `body`.
    /// - Throws: ``ArchiveError`` `.unsafeDestination` when the path would leave the destination
    ///   or the name exists, `.sizeMismatch` when `body` does not deliver exactly `size` bytes,
    ///   `.destinationUnwritable` when the system refuses (permissions, a full disk).
    package func writeFile(_ relativePath: String, size: UInt64, body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let (parent, name) = try openParent(of: relativePath)
        defer { close(parent) }
        let file = openat(parent, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw failure(writing: relativePath, errno) }
        var isOpen = true
        defer { if isOpen { close(file) } }
        guard fchmod(file, 0o644) == 0 else { throw failure(writing: relativePath, errno) }
        var written: UInt64 = 0
        try body { chunk in
            guard chunk.count > 0, let base = chunk.baseAddress else { return }
            guard UInt64(chunk.count) <= size - written else {
                throw ArchiveError(.sizeMismatch, "more data than the \(size) bytes announced", location: relativePath)
            }
            var offset = 0
            while offset < chunk.count {
                let count = Glibc.write(file, base + offset, chunk.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw failure(writing: relativePath, errno)
                }
                offset += count
            }
            written += UInt64(chunk.count)
        }
        guard written == size else { throw ArchiveError(.sizeMismatch, "\(written) of \(size) bytes", location: relativePath) }
        isOpen = false
        // A network file system may report a full disk only when the file is closed.
        guard close(file) == 0 else { throw failure(writing: relativePath, errno) }
    }

    /// The directory that holds `relativePath`'s last name, opened (the caller closes it), and
    /// that name. Directories on the way that do not exist yet are made.
    private func openParent(of relativePath: String) throws -> (parent: Int32, name: String) {
        let names = relativePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !relativePath.isEmpty, !relativePath.utf8.contains(0),
            !names.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }), let last = names.last
        else {
            throw ArchiveError(.unsafeDestination, "refusing to write \(relativePath): it would leave the destination")
        }
        var parent = dup(directory)
        guard parent >= 0 else { throw failure(writing: relativePath, errno) }
        for name in names.dropLast() {
            do {
                let next = try openDirectory(name, in: parent, for: relativePath)
                close(parent)
                parent = next
            } catch {
                close(parent)
                throw error
            }
        }
        return (parent, last)
    }

    /// Opens directory `name` in `parent`, never through a symbolic link, after making it
    /// (mode 0755) if it does not exist.
    private func openDirectory(_ name: String, in parent: Int32, for relativePath: String) throws -> Int32 {
        let made = mkdirat(parent, name, 0o700) == 0
        guard made || errno == EEXIST else { throw failure(writing: relativePath, errno) }
        let opened = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else { throw failure(writing: relativePath, errno) }
        if made, fchmod(opened, 0o755) != 0 {
            let number = errno
            close(opened)
            throw failure(writing: relativePath, number)
        }
        return opened
    }

    /// Why writing `relativePath` failed: a name that exists, or a symbolic link or file on the
    /// way, is the destination's shape (`.unsafeDestination`); anything else (permissions, a
    /// read-only file system, a full disk) is the disk's state (`.destinationUnwritable`), with
    /// the system's reason.
    private func failure(writing relativePath: String, _ number: Int32) -> ArchiveError {
        let reason = String(cString: strerror(number))
        if [EEXIST, ELOOP, ENOTDIR].contains(number) {
            let why = number == EEXIST ? "it exists already" : "a symbolic link or a file is on the way (\(reason))"
            return ArchiveError(.unsafeDestination, "refusing to write \(relativePath): \(why)")
        }
        return ArchiveError(.destinationUnwritable, "cannot write \(destination)/\(relativePath): \(reason)")
    }
}
