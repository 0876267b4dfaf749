#if canImport(Glibc)
import Glibc
#endif
internal import CRialArchive
import Synchronization

/// Writes regular files and directories under one destination directory, and nowhere else.
///
/// Four layers guard the destination: callers pass only paths the strict reader accepted
/// (``RialFormat/BagPath`` rules); this type refuses any path with an empty, `.` or `..`
/// component or a leading `/`; libarchive's disk writer is given relative paths only and
/// refuses `..`, absolute paths and writing through symbolic links
/// (`SECURE_NODOTDOT | SECURE_SYMLINKS | SECURE_NOABSOLUTEPATHS`); and it never overwrites
/// (`NO_OVERWRITE`). Modes are fixed (0644, 0755); owners are never restored.
///
/// libarchive resolves relative paths against the working directory, so the writer exists
/// only inside ``write(into:_:)``, which makes the destination the working directory for the
/// duration (and restores the previous one): do not run it beside other work that depends on
/// the process's working directory. The working directory belongs to the process, so two
/// extractions in one process (a program extracting on several threads, parallel tests) take
/// turns: each holds ``workingDirectory`` from entering its destination to leaving it.
package final class SafeDiskWriter {
    /// Held while an extraction has made its destination the working directory; anything else
    /// in the process that changes the working directory (a test) holds it too.
    package static let workingDirectory = Mutex(())

    private let disk: OpaquePointer
    /// The destination as the caller named it, for messages.
    private let destination: String

    private init(destination: String) throws {
        self.destination = destination
        guard let disk = archive_write_disk_new() else { throw ArchiveError(.writeFailed, "archive_write_disk_new failed") }
        self.disk = disk
        let flags =
            ARCHIVE_EXTRACT_SECURE_NODOTDOT | ARCHIVE_EXTRACT_SECURE_SYMLINKS | ARCHIVE_EXTRACT_SECURE_NOABSOLUTEPATHS
            | ARCHIVE_EXTRACT_NO_OVERWRITE | ARCHIVE_EXTRACT_PERM
        guard archive_write_disk_set_options(disk, Int32(flags)) == ARCHIVE_OK else {
            throw ArchiveError(.writeFailed, "setting secure extraction options failed")
        }
    }

    deinit {
        archive_write_free(disk)
    }

    /// Runs `body` with a writer whose paths are relative to `destination`, an existing empty
    /// directory.
    /// - Throws: ``ArchiveError`` `.unsafeDestination` when `destination` is not an empty
    ///   directory (a symbolic link to one included) or cannot be entered, `.writeFailed`, or
    ///   what `body` throws. The previous working directory is restored in every case.
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
        let previous = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard previous >= 0 else { throw ArchiveError(.io, "cannot remember the working directory: \(String(cString: strerror(errno)))") }
        defer { close(previous) }
        // Set inside the lock; its default is never returned (the closure always assigns it).
        var outcome: Result<T, any Error> = .failure(ArchiveError(.writeFailed, "the extraction did not run"))
        workingDirectory.withLock { _ in
            outcome = Result {
                guard fchdir(directory) == 0 else {
                    throw ArchiveError(.destinationUnwritable, "cannot enter \(destination): \(String(cString: strerror(errno)))")
                }
                defer { fchdir(previous) }
                let writer = try SafeDiskWriter(destination: destination)
                let result = try body(writer)
                // Closing applies deferred directory modes, still relative to the destination.
                guard archive_write_close(writer.disk) == ARCHIVE_OK else {
                    throw ArchiveError(.writeFailed, "finishing the extraction: \(writer.errorString())")
                }
                return result
            }
        }
        return try outcome.get()
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

    /// Creates a directory at `relativePath` under the destination.
    package func makeDirectory(_ relativePath: String) throws {
        try write(relativePath, type: crial_ae_ifdir(), mode: 0o755, size: 0) { _ in }
    }

    /// Creates a regular file at `relativePath` and fills it from `body`.
    /// - Throws: ``ArchiveError`` `.unsafeDestination` when libarchive refuses the path,
    ///   `.sizeMismatch` when `body` does not deliver exactly `size` bytes, `.writeFailed`.
    package func writeFile(_ relativePath: String, size: UInt64, body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try write(relativePath, type: crial_ae_ifreg(), mode: 0o644, size: size, body: body)
    }

    private func write(
        _ relativePath: String, type: UInt32, mode: UInt32, size: UInt64,
        body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        guard !relativePath.isEmpty, !relativePath.hasPrefix("/"),
            !relativePath.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                .contains(where: { $0.isEmpty || $0.elementsEqual("..".utf8) || $0.elementsEqual(".".utf8) })
        else {
            throw ArchiveError(.unsafeDestination, "refusing to write \(relativePath): it would leave the destination")
        }
        guard let entry = archive_entry_new() else { throw ArchiveError(.writeFailed, "archive_entry_new failed") }
        defer { archive_entry_free(entry) }
        try ArchiveLocale.withUTF8 {
            guard archive_entry_update_pathname_utf8(entry, relativePath) != 0 else {
                throw ArchiveError(.invalidName, "name cannot be converted", location: relativePath)
            }
            archive_entry_set_filetype(entry, type)
            archive_entry_set_perm(entry, mode_t(mode))
            archive_entry_set_size(entry, la_int64_t(clamping: size))
            guard archive_write_header(disk, entry) == ARCHIVE_OK else {
                throw failure(writing: relativePath, refusal: .unsafeDestination)
            }
        }
        var written: UInt64 = 0
        try body { chunk in
            guard chunk.count > 0, let base = chunk.baseAddress else { return }
            guard UInt64(chunk.count) <= size - written else {
                throw ArchiveError(.sizeMismatch, "more data than the \(size) bytes announced", location: relativePath)
            }
            let result = archive_write_data(disk, base, chunk.count)
            guard result == chunk.count else { throw failure(writing: relativePath, refusal: .writeFailed) }
            written += UInt64(chunk.count)
        }
        guard written == size else { throw ArchiveError(.sizeMismatch, "\(written) of \(size) bytes", location: relativePath) }
        guard archive_write_finish_entry(disk) == ARCHIVE_OK else {
            throw failure(writing: relativePath, refusal: .writeFailed)
        }
    }

    /// Why writing `relativePath` failed: the system's refusal (permissions, a read-only file
    /// system, a full disk) is `.destinationUnwritable` with the system's reason; libarchive's
    /// own refusal (a `..`, a symbolic link on the way) is `refusal`.
    private func failure(writing relativePath: String, refusal: ArchiveError.Code) -> ArchiveError {
        let number = archive_errno(disk)
        // libarchive's own refusals carry ARCHIVE_ERRNO_MISC (-1), EINVAL or EILSEQ; an existing
        // name, a link or a file on the way is the destination's shape, not the disk's state.
        if number > 0, ![EINVAL, EILSEQ, EEXIST, ELOOP, ENOTDIR].contains(number) {
            return ArchiveError(.destinationUnwritable, "cannot write \(destination)/\(relativePath): \(String(cString: strerror(number)))")
        }
        return ArchiveError(
            refusal, refusal == .unsafeDestination ? "refusing to write \(relativePath): \(errorString())" : "\(relativePath): \(errorString())")
    }

    private func errorString() -> String {
        LibarchiveMessage.of(disk)
    }
}
