#if canImport(Glibc)
import Glibc
#endif
internal import CRialArchive

/// Writes regular files and directories under one destination directory, and nowhere else.
///
/// Three layers guard the destination: callers pass only paths that passed ``RialFormat/BagPath``
/// validation; this type refuses any relative path with an empty, `.` or `..` component or a
/// leading `/`; and libarchive's disk writer refuses `..` and writing through symbolic links
/// (`SECURE_NODOTDOT | SECURE_SYMLINKS`) and never overwrites (`NO_OVERWRITE`). The destination
/// is resolved once with `realpath`, so the absolute paths handed to libarchive have no link
/// or `..` in them; `SECURE_NOABSOLUTEPATHS` is therefore not set (every path given to
/// libarchive is absolute by construction). Modes are fixed (0644, 0755); owners are never restored.
public final class SafeDiskWriter {
    private let disk: OpaquePointer
    public let destination: String

    /// - Parameter destination: an existing, empty directory.
    /// - Throws: ``ArchiveError`` `.unsafeDestination` when it is not, `.writeFailed`.
    public init(destination: String) throws {
        guard let handle = opendir(destination) else {
            throw ArchiveError(.unsafeDestination, "\(destination) is not a directory that can be read")
        }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." {
                throw ArchiveError(.unsafeDestination, "\(destination) is not empty; extraction needs a new, empty directory")
            }
        }
        guard let resolved = realpath(destination, nil) else {
            throw ArchiveError(.unsafeDestination, "cannot resolve \(destination): \(String(cString: strerror(errno)))")
        }
        defer { free(resolved) }
        guard let disk = archive_write_disk_new() else { throw ArchiveError(.writeFailed, "archive_write_disk_new failed") }
        self.disk = disk
        self.destination = String(cString: resolved)
        let flags = ARCHIVE_EXTRACT_SECURE_NODOTDOT | ARCHIVE_EXTRACT_SECURE_SYMLINKS
            | ARCHIVE_EXTRACT_NO_OVERWRITE | ARCHIVE_EXTRACT_PERM
        guard archive_write_disk_set_options(disk, Int32(flags)) == ARCHIVE_OK else {
            throw ArchiveError(.writeFailed, "setting secure extraction options failed")
        }
    }

    deinit {
        archive_write_close(disk)
        archive_write_free(disk)
    }

    /// Creates a directory at `relativePath` under the destination.
    public func makeDirectory(_ relativePath: String) throws {
        try write(relativePath, type: crial_ae_ifdir(), mode: 0o755, size: 0) { _ in }
    }

    /// Creates a regular file at `relativePath` and fills it from `body`.
    /// - Throws: ``ArchiveError`` `.unsafeDestination` when libarchive refuses the path,
    ///   `.sizeMismatch` when `body` does not deliver exactly `size` bytes, `.writeFailed`.
    public func writeFile(_ relativePath: String, size: UInt64, body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try write(relativePath, type: crial_ae_ifreg(), mode: 0o644, size: size, body: body)
    }

    private func write(_ relativePath: String, type: UInt32, mode: UInt32, size: UInt64,
                       body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        guard !relativePath.isEmpty, !relativePath.hasPrefix("/"),
              !relativePath.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }) else {
            throw ArchiveError(.unsafeDestination, "refusing to write \(relativePath): it would leave the destination")
        }
        guard let entry = archive_entry_new() else { throw ArchiveError(.writeFailed, "archive_entry_new failed") }
        defer { archive_entry_free(entry) }
        try ArchiveLocale.withUTF8 {
            let target = destination == "/" ? "/" + relativePath : destination + "/" + relativePath
            guard archive_entry_update_pathname_utf8(entry, target) != 0 else {
                throw ArchiveError(.invalidName, "\(relativePath): name cannot be converted")
            }
            archive_entry_set_filetype(entry, type)
            archive_entry_set_perm(entry, mode_t(mode))
            archive_entry_set_size(entry, la_int64_t(clamping: size))
            guard archive_write_header(disk, entry) == ARCHIVE_OK else {
                throw ArchiveError(.unsafeDestination, "refusing to write \(relativePath): \(errorString())")
            }
        }
        var written: UInt64 = 0
        try body { chunk in
            guard chunk.count > 0, let base = chunk.baseAddress else { return }
            guard UInt64(chunk.count) <= size - written else {
                throw ArchiveError(.sizeMismatch, "\(relativePath): more data than the \(size) bytes announced")
            }
            let result = archive_write_data(disk, base, chunk.count)
            guard result == chunk.count else { throw ArchiveError(.writeFailed, "\(relativePath): \(errorString())") }
            written += UInt64(chunk.count)
        }
        guard written == size else { throw ArchiveError(.sizeMismatch, "\(relativePath): \(written) of \(size) bytes") }
        guard archive_write_finish_entry(disk) == ARCHIVE_OK else {
            throw ArchiveError(.writeFailed, "\(relativePath): \(errorString())")
        }
    }

    private func errorString() -> String {
        archive_error_string(disk).map { String(cString: $0) } ?? "libarchive error \(archive_errno(disk))"
    }
}
