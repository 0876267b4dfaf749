#if canImport(Glibc)
import Glibc
#endif

/// Writes regular files and directories under one destination directory, and nowhere else,
/// without ever changing the process's working directory; if the work fails, removes what it
/// made, and nothing else.
///
/// Four layers guard the destination: callers pass only paths the strict reader accepted
/// (``RialFormat/BagPath`` rules); this type splits a path on the byte `/` and refuses one with
/// an empty, `.` or `..` component, a leading `/` or a NUL; every name is opened relative to the
/// directory above it, starting from the destination opened once, with `O_NOFOLLOW` (a symbolic
/// link anywhere on the way is refused, and cannot be swapped in between a check and a write);
/// and files are created with `O_EXCL`, so nothing is ever overwritten. A directory that exists
/// is entered only if this writer made one of that name. Modes are fixed (0644, 0755), whatever the umask;
/// owners are never restored.
///
/// Removal after a failure walks the same way: each object this writer made (a file, or a
/// directory made for an entry or on the way to one) is reached again from the destination
/// without following links and removed only if it is still that object (its device and inode),
/// deepest first. So neither writing nor cleaning up can be steered outside the destination by
/// a name renamed or replaced with a link meanwhile.
///
/// Why not libarchive's disk writer, which guards the same way: it resolves paths against the
/// process's working directory, so it had to make the destination the working directory while
/// it wrote. The working directory belongs to the whole process: two extractions on different
/// threads wrote into each other's destinations, and a child another thread started meanwhile
/// inherited a directory that was then deleted ("getcwd() failed"). libarchive has no way to
/// write relative to a directory handle, which is all this type adds.
package final class SafeDiskWriter {
    /// A file system object: what "the same object" means when it is reached again by name.
    private struct Identity: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// An object this writer made: its names from the destination, and which object it was.
    private struct Made {
        let names: [String]
        let identity: Identity
        let isDirectory: Bool
    }

    /// The destination, opened once: every path is resolved from it.
    private let directory: Int32
    /// The destination as the caller named it, for messages.
    private let destination: String
    /// What this writer made, in the order it made it.
    private var made: [Made] = []
    /// The directories among them, by their path below the destination, which later paths may
    /// enter. By path, not by inode: FAT and exFAT number an inode anew when it is read in again
    /// (a multi-GiB extraction under memory pressure), and a directory of this writer's would
    /// then read as someone else's. A directory renamed and replaced meanwhile is still inside
    /// the destination (every walk starts there, never through a link).
    private var madeDirectories: Set<String> = []

    private init(directory: Int32, destination: String) {
        self.directory = directory
        self.destination = destination
    }

    /// Runs `body` with a writer whose paths are relative to `destination`, an existing empty
    /// directory. When `body` throws, everything the writer made is removed before the error
    /// goes on.
    /// - Throws: ``ArchiveError`` `.unsafeDestination` when `destination` is not an empty
    ///   directory (a symbolic link to one included), `.destinationUnwritable` when it cannot be
    ///   opened or listed, or what `body` throws.
    package static func write<T>(into destination: String, _ body: (SafeDiskWriter) throws -> T) throws -> T {
        let directory = Self.retrying { open(destination, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
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
        let writer = SafeDiskWriter(directory: directory, destination: destination)
        do {
            return try body(writer)
        } catch {
            writer.removeMade()
            throw error
        }
    }

    private static func requireEmpty(_ directory: Int32, _ destination: String) throws {
        let copy = dup(directory)
        guard copy >= 0 else {
            throw ArchiveError(.destinationUnwritable, "cannot list \(destination): \(String(cString: strerror(errno)))")
        }
        guard let handle = fdopendir(copy) else {
            let number = errno
            close(copy)
            throw ArchiveError(.destinationUnwritable, "cannot list \(destination): \(String(cString: strerror(number)))")
        }
        defer { closedir(handle) }
        while true {
            errno = 0
            guard let entry = readdir(handle) else {
                // The end of the listing, or a failure to read it, which is not "empty".
                guard errno == 0 else { throw ArchiveError(.destinationUnwritable, "cannot list \(destination): \(String(cString: strerror(errno)))") }
                return
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." {
                throw ArchiveError(.unsafeDestination, "\(destination) is not empty; extraction needs a new, empty directory")
            }
        }
    }

    /// Creates a directory at `relativePath` under the destination; one this writer already
    /// made (for a file inside it that came first) is kept.
    /// - Throws: ``ArchiveError`` `.unsafeDestination` when the path would leave the destination
    ///   or something this writer did not make is in its place, `.destinationUnwritable`.
    package func makeDirectory(_ relativePath: String) throws {
        let names = try Self.names(of: relativePath)
        let parent = try openParent(names, for: relativePath)
        defer { close(parent) }
        close(try openDirectory(names, in: parent, for: relativePath))
    }

    /// Creates a regular file at `relativePath`, and the directories above it that do not exist
    /// yet, and fills it from `body`.
    /// - Throws: ``ArchiveError`` `.unsafeDestination` when the path would leave the destination
    ///   or the name exists, `.sizeMismatch` when `body` does not deliver exactly `size` bytes,
    ///   `.destinationUnwritable` when the system refuses (permissions, a full disk, a name too
    ///   long for the file system).
    package func writeFile(_ relativePath: String, size: UInt64, body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let names = try Self.names(of: relativePath)
        let parent = try openParent(names, for: relativePath)
        defer { close(parent) }
        let file = Self.retrying { openat(parent, names[names.count - 1], O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard file >= 0 else { throw failure(writing: relativePath, errno) }
        var isOpen = true
        defer { if isOpen { close(file) } }
        var info = stat()
        guard fstat(file, &info) == 0 else {
            // Not recorded, so not removed later: removed now, while it is surely the one made.
            let number = errno
            unlinkat(parent, names[names.count - 1], 0)
            throw failure(writing: relativePath, number)
        }
        made.append(Made(names: names, identity: Identity(info), isDirectory: false))
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
                if count < 0 && errno == EINTR { continue }
                // Nothing written and no error is a disk that takes no more.
                guard count > 0 else { throw failure(writing: relativePath, count == 0 ? ENOSPC : errno) }
                offset += count
            }
            written += UInt64(chunk.count)
        }
        guard written == size else { throw ArchiveError(.sizeMismatch, "\(written) of \(size) bytes", location: relativePath) }
        isOpen = false
        // A network file system may report a full disk only when the file is closed. EINTR
        // there is not a failure: Linux has closed the descriptor all the same.
        guard close(file) == 0 || errno == EINTR else { throw failure(writing: relativePath, errno) }
    }

    /// The names of `relativePath`, split on the byte `/` (a `/` followed by a combining mark is
    /// one Swift character, and still a separator to the kernel).
    /// - Throws: ``ArchiveError`` `.unsafeDestination` for a path that could leave the destination.
    private static func names(of relativePath: String) throws -> [String] {
        let parts = relativePath.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard !relativePath.isEmpty, !relativePath.utf8.contains(0),
            !parts.contains(where: { $0.isEmpty || $0.elementsEqual("..".utf8) || $0.elementsEqual(".".utf8) })
        else {
            throw ArchiveError(.unsafeDestination, "refusing to write \(relativePath): it would leave the destination")
        }
        // Lossless: a `/` byte is never part of a longer UTF-8 sequence.
        return parts.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The directory that holds the last of `names`, opened (the caller closes it). Directories
    /// on the way that do not exist yet are made.
    private func openParent(_ names: [String], for relativePath: String) throws -> Int32 {
        var parent = dup(directory)
        guard parent >= 0 else { throw failure(writing: relativePath, errno) }
        for depth in 1..<names.count {
            do {
                let next = try openDirectory(Array(names[..<depth]), in: parent, for: relativePath)
                close(parent)
                parent = next
            } catch {
                close(parent)
                throw error
            }
        }
        return parent
    }

    /// Opens the directory named by the last of `names` in `parent`, never through a symbolic
    /// link, after making it (mode 0755) if it does not exist. One that exists is entered only
    /// if this writer made one of that name: the destination was empty, so anything else was
    /// put there by someone else meanwhile.
    private func openDirectory(_ names: [String], in parent: Int32, for relativePath: String) throws -> Int32 {
        let name = names[names.count - 1]
        let key = names.joined(separator: "/")
        let isNew = Self.retrying { mkdirat(parent, name, 0o700) } == 0
        guard isNew || errno == EEXIST else { throw failure(writing: relativePath, errno) }
        var info = stat()
        if isNew {
            guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                let number = errno
                unlinkat(parent, name, AT_REMOVEDIR)
                throw ArchiveError(
                    .unsafeDestination, "refusing to write \(relativePath): \(key) changed as it was made (\(String(cString: strerror(number))))")
            }
            // Recorded before it is opened, so a failure from here on still removes it.
            made.append(Made(names: names, identity: Identity(info), isDirectory: true))
            madeDirectories.insert(key)
        }
        let opened = Self.retrying { openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard opened >= 0 else { throw failure(writing: relativePath, errno) }
        do {
            guard madeDirectories.contains(key) else {
                throw ArchiveError(.unsafeDestination, "refusing to write \(relativePath): \(key) was put there by someone else")
            }
            if isNew, fchmod(opened, 0o755) != 0 { throw failure(writing: relativePath, errno) }
        } catch {
            close(opened)
            throw error
        }
        return opened
    }

    /// Removes what this writer made, deepest first, each only if it is still the object made;
    /// what cannot be reached without following a link, or is not empty, or is another object
    /// now, is left.
    private func removeMade() {
        for object in made.reversed() {
            var parent = dup(directory)
            guard parent >= 0 else { continue }
            for name in object.names.dropLast() {
                let next = Self.retrying { openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
                close(parent)
                parent = next
                if parent < 0 { break }
            }
            guard parent >= 0 else { continue }
            defer { close(parent) }
            let name = object.names[object.names.count - 1]
            var info = stat()
            guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, Identity(info) == object.identity else { continue }
            unlinkat(parent, name, object.isDirectory ? AT_REMOVEDIR : 0)
        }
        made = []
        madeDirectories = []
    }

    /// `call` again for as long as a signal interrupts it.
    private static func retrying(_ call: () -> Int32) -> Int32 {
        var result = call()
        while result < 0 && errno == EINTR { result = call() }
        return result
    }

    /// Why writing `relativePath` failed: a name that exists, or a symbolic link or file on the
    /// way, is the destination's shape (`.unsafeDestination`); anything else (permissions, a
    /// read-only file system, a full disk, a name too long for the file system) is the disk's
    /// state (`.destinationUnwritable`), with the system's reason.
    private func failure(writing relativePath: String, _ number: Int32) -> ArchiveError {
        let reason = String(cString: strerror(number))
        if [EEXIST, ELOOP, ENOTDIR].contains(number) {
            let why = number == EEXIST ? "it exists already" : "a symbolic link or a file is on the way (\(reason))"
            return ArchiveError(.unsafeDestination, "refusing to write \(relativePath): \(why)")
        }
        return ArchiveError(.destinationUnwritable, "cannot write \(destination)/\(relativePath): \(reason)")
    }
}
