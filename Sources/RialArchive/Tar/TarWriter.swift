#if canImport(Glibc)
import Glibc
#endif
internal import CRialArchive

/// Writes an uncompressed POSIX pax tar archive with deterministic headers, streaming.
///
/// Headers carry uid/gid 0, no user or group names, the caller's modes and one fixed mtime;
/// libarchive's restricted pax format writes plain ustar headers and adds a pax extended header
/// only when a name or size needs it, so the same entries always give the same bytes.
package final class TarWriter {
    private let archive: OpaquePointer
    private var isClosed = false

    /// Opens a writer on an open file descriptor; the caller keeps ownership of `fileDescriptor`.
    /// - Throws: ``ArchiveError`` `.writeFailed`.
    package init(fileDescriptor: Int32) throws {
        guard let archive = archive_write_new() else { throw ArchiveError(.writeFailed, "archive_write_new failed") }
        self.archive = archive
        try ArchiveLocale.withUTF8 {
            try check(archive_write_set_format_pax_restricted(archive), "set pax format")
            try check(archive_write_add_filter_none(archive), "set no compression")
            // Write in 1 MiB blocks (libarchive's default is 10 KiB, one write(2) per 10 KiB of
            // media) and end right after the end-of-archive marker instead of padding the last
            // block: still a valid tar, and the same bytes every time.
            try check(archive_write_set_bytes_per_block(archive, 1 << 20), "set block size")
            try check(archive_write_set_bytes_in_last_block(archive, 1), "set last block size")
            try check(archive_write_open_fd(archive, fileDescriptor), "open output")
        }
    }

    deinit {
        if !isClosed { archive_write_close(archive) }
        archive_write_free(archive)
    }

    /// Bytes of archive written so far, counting what libarchive still buffers: the offset at
    /// which the next header, or the current entry's next data byte, will land.
    package var offset: UInt64 { UInt64(clamping: archive_filter_bytes(archive, 0)) }

    /// Writes a directory entry.
    package func addDirectory(path: String, mode: UInt32 = 0o755, modificationTime: Int64) throws {
        try writeHeader(path: path.hasSuffix("/") ? path : path + "/", type: crial_ae_ifdir(), mode: mode, size: 0, modificationTime: modificationTime)
        try finishEntry()
    }

    /// Writes a regular file entry whose data `body` supplies through the `write` closure it is
    /// given, in as many chunks as it likes.
    /// - Parameters:
    ///   - size: the exact number of bytes `body` will write.
    /// - Returns: the archive offset of the entry's first data byte.
    /// - Throws: ``ArchiveError`` `.sizeMismatch` when `body` writes more or fewer than `size`
    ///   bytes (libarchive would silently truncate or zero-pad), `.writeFailed`, or what `body` throws.
    @discardableResult
    package func addFile(
        path: String, size: UInt64, mode: UInt32 = 0o644, modificationTime: Int64,
        body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws -> UInt64 {
        try writeHeader(path: path, type: crial_ae_ifreg(), mode: mode, size: size, modificationTime: modificationTime)
        let dataOffset = offset
        var written: UInt64 = 0
        try body { chunk in
            guard chunk.count > 0, let base = chunk.baseAddress else { return }
            guard UInt64(chunk.count) <= size - written else {
                throw ArchiveError(.sizeMismatch, "\(path): more data than the \(size) bytes announced")
            }
            try ArchiveLocale.withUTF8 {
                let result = archive_write_data(archive, base, chunk.count)
                guard result == chunk.count else {
                    throw ArchiveError(.writeFailed, "\(path): writing data failed: \(errorString())")
                }
            }
            written += UInt64(chunk.count)
        }
        guard written == size else {
            throw ArchiveError(.sizeMismatch, "\(path): \(written) bytes written, \(size) announced")
        }
        try finishEntry()
        return dataOffset
    }

    /// Writes a regular file entry from bytes in memory.
    @discardableResult
    package func addFile(path: String, bytes: [UInt8], mode: UInt32 = 0o644, modificationTime: Int64) throws -> UInt64 {
        try addFile(path: path, size: UInt64(bytes.count), mode: mode, modificationTime: modificationTime) { write in
            try bytes.withUnsafeBytes { try write($0) }
        }
    }

    /// Writes the end-of-archive marker and flushes everything to the file descriptor.
    package func close() throws {
        guard !isClosed else { return }
        isClosed = true
        try ArchiveLocale.withUTF8 { try check(archive_write_close(archive), "close archive") }
    }

    private func writeHeader(path: String, type: UInt32, mode: UInt32, size: UInt64, modificationTime: Int64) throws {
        guard let entry = archive_entry_new() else { throw ArchiveError(.writeFailed, "archive_entry_new failed") }
        defer { archive_entry_free(entry) }
        try ArchiveLocale.withUTF8 {
            guard archive_entry_update_pathname_utf8(entry, path) != 0 else {
                throw ArchiveError(.invalidName, "\(path): name cannot be stored")
            }
            archive_entry_set_filetype(entry, type)
            archive_entry_set_perm(entry, mode_t(mode))
            archive_entry_set_size(entry, la_int64_t(clamping: size))
            // Outside 1970…2038-01-19 libarchive would add a pax mtime record, which the strict
            // profile refuses; a header's mtime is informative only (the package's time is in
            // rial/manifest.json), so it is clamped instead.
            archive_entry_set_mtime(entry, time_t(Self.headerTime(modificationTime)), 0)
            archive_entry_set_uid(entry, 0)
            archive_entry_set_gid(entry, 0)
            try check(archive_write_header(archive, entry), "write header for \(path)")
        }
    }

    /// `time` clamped to what libarchive writes without a pax record: 0…2^31 - 2 (measured:
    /// libarchive 3.7 adds a pax mtime from 2^31 - 1 on, and for negative times).
    static func headerTime(_ time: Int64) -> Int64 {
        min(max(time, 0), Int64(Int32.max) - 1)
    }

    private func finishEntry() throws {
        try ArchiveLocale.withUTF8 { try check(archive_write_finish_entry(archive), "finish entry") }
    }

    // ARCHIVE_WARN is a failure too: a warning while writing evidence means the bytes may not be
    // what was asked for.
    private func check(_ result: Int32, _ what: String) throws {
        guard result == ARCHIVE_OK else {
            throw ArchiveError(.writeFailed, "\(what): \(errorString())")
        }
    }

    private func errorString() -> String {
        LibarchiveMessage.of(archive)
    }
}
