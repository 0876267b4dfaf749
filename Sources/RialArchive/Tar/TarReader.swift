#if canImport(Glibc)
import Glibc
#endif
internal import CRialArchive

/// Reads a tar archive as a stream of entries, never touching the file system beyond the
/// archive itself.
///
/// Only the tar format is enabled (no compression filters, no other formats), and every
/// libarchive result other than `ARCHIVE_OK`, `ARCHIVE_WARN` included, is an error: a reader
/// that shrugs at warnings reads something other than what is there.
public final class TarReader {
    private let archive: OpaquePointer
    private let fileDescriptor: Int32
    private var currentHeader: EntryHeader?
    private var currentDataConsumed = false

    /// Size of the archive file, when it is a regular file.
    public let archiveSize: UInt64?

    /// Opens `path` for reading.
    /// - Throws: ``ArchiveError`` `.io` when the file cannot be opened, `.readFailed`.
    public init(path: String, blockSize: Int = 1 << 20) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw ArchiveError(.io, "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw ArchiveError(.io, "cannot stat \(path): \(String(cString: strerror(errno)))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw ArchiveError(.notAnArchive, "\(path) is a directory, not a package file")
        }
        archiveSize = (info.st_mode & S_IFMT) == S_IFREG ? UInt64(info.st_size) : nil
        guard let archive = archive_read_new() else {
            close(fd)
            throw ArchiveError(.readFailed, "archive_read_new failed")
        }
        self.archive = archive
        self.fileDescriptor = fd
        try ArchiveLocale.withUTF8 {
            try check(archive_read_support_format_tar(archive), "enable tar format")
            let opened = archive_read_open_fd(archive, fd, blockSize)
            if opened != ARCHIVE_OK {
                let message = errorString()
                throw ArchiveError(message.contains("Unrecognized archive format") ? .notAnArchive : .readFailed, "open \(path): \(message)")
            }
        }
    }

    deinit {
        archive_read_free(archive)
        close(fileDescriptor)
    }

    /// Bytes of the archive file read so far (libarchive reads ahead in whole blocks).
    public var bytesConsumed: UInt64 { UInt64(clamping: archive_filter_bytes(archive, -1)) }

    /// Bytes the tar format has consumed: after ``nextEntry()`` returned `nil`, the offset
    /// just past the end-of-archive marker.
    public var formatBytesConsumed: UInt64 { UInt64(clamping: archive_filter_bytes(archive, 0)) }

    /// After the end of the archive: whether any non-zero byte follows the end-of-archive
    /// marker. Zero padding (tar tools pad to 10 KiB records) carries nothing and is allowed.
    /// Reads the rest of the file with `pread`, in chunks, so memory stays flat.
    /// - Returns: the number of bytes after the marker and whether any of them is non-zero.
    public func trailingBytes() throws -> (count: UInt64, hasData: Bool) {
        guard let size = archiveSize else { return (0, false) }
        let end = formatBytesConsumed
        guard size > end else { return (0, false) }
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 64)
        defer { buffer.deallocate() }
        var offset = end
        while offset < size {
            let count = pread(fileDescriptor, buffer.baseAddress, min(chunk, Int(size - offset)), off_t(offset))
            if count < 0 {
                if errno == EINTR { continue }
                throw ArchiveError(.io, "reading after the end of the archive: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            if buffer.prefix(count).contains(where: { $0 != 0 }) { return (size - end, true) }
            offset += UInt64(count)
        }
        return (size - end, false)
    }

    /// Advances to the next entry, skipping any unread data of the current one.
    /// - Returns: the header, or `nil` at the end of the archive.
    /// - Throws: ``ArchiveError`` `.notAnArchive` when the bytes are not tar, `.readFailed`,
    ///   `.invalidName` when a name is not UTF-8.
    public func nextEntry() throws -> EntryHeader? {
        try ArchiveLocale.withUTF8 {
            var entry: OpaquePointer?
            let result = archive_read_next_header(archive, &entry)
            if result == ARCHIVE_EOF {
                currentHeader = nil
                return nil
            }
            guard result == ARCHIVE_OK, let entry else {
                let message = errorString()
                if archive_format(archive) == 0 || message.contains("Unrecognized archive format") {
                    throw ArchiveError(.notAnArchive, "not a tar archive: \(message)")
                }
                throw ArchiveError(.readFailed, "reading an entry header: \(message)")
            }
            guard let rawPath = archive_entry_pathname_utf8(entry) else {
                throw ArchiveError(.invalidName, "an entry name is not valid UTF-8")
            }
            let path = String(cString: rawPath)
            let linkTarget = archive_entry_hardlink_utf8(entry).map { String(cString: $0) }
                ?? archive_entry_symlink_utf8(entry).map { String(cString: $0) }
            let type = UInt32(archive_entry_filetype(entry)) & crial_ae_ifmt()
            let kind: EntryHeader.Kind
            if linkTarget != nil || archive_entry_sparse_count(entry) > 0 {
                kind = .other
            } else if type == crial_ae_ifreg() {
                kind = .regularFile
            } else if type == crial_ae_ifdir() {
                kind = .directory
            } else {
                kind = .other
            }
            let size = archive_entry_size_is_set(entry) != 0 ? UInt64(clamping: archive_entry_size(entry)) : 0
            let header = EntryHeader(
                path: path, kind: kind, size: size,
                mode: UInt32(archive_entry_perm(entry)),
                modificationTime: Int64(archive_entry_mtime(entry)),
                linkTarget: linkTarget
            )
            currentHeader = header
            currentDataConsumed = false
            return header
        }
    }

    /// Streams the current entry's data to `body` in the chunks libarchive holds (no copy).
    /// - Returns: the number of bytes delivered, which equals the header's size.
    /// - Throws: ``ArchiveError`` `.readFailed`, `.sizeMismatch` when the data and the header
    ///   disagree or the data has holes, or what `body` throws.
    @discardableResult
    public func readData(_ body: (UnsafeRawBufferPointer) throws -> Void) throws -> UInt64 {
        guard let header = currentHeader, !currentDataConsumed else { return 0 }
        currentDataConsumed = true
        var delivered: UInt64 = 0
        try ArchiveLocale.withUTF8 {
            while true {
                var buffer: UnsafeRawPointer?
                var size = 0
                var offset: la_int64_t = 0
                let result = archive_read_data_block(archive, &buffer, &size, &offset)
                if result == ARCHIVE_EOF { break }
                guard result == ARCHIVE_OK else {
                    throw ArchiveError(.readFailed, "\(header.path): reading data: \(errorString())")
                }
                guard offset == la_int64_t(clamping: delivered) else {
                    throw ArchiveError(.sizeMismatch, "\(header.path): data has a hole at offset \(delivered)")
                }
                if size > 0, let buffer {
                    try body(UnsafeRawBufferPointer(start: buffer, count: size))
                }
                delivered += UInt64(size)
            }
        }
        guard delivered == header.size else {
            throw ArchiveError(.sizeMismatch, "\(header.path): \(delivered) bytes of data, header says \(header.size)")
        }
        return delivered
    }

    /// Reads the current entry's data into memory, refusing more than `limit` bytes before
    /// reading any.
    /// - Throws: ``ArchiveError`` `.sizeMismatch` when the header's size exceeds `limit`.
    public func readAll(limit: UInt64) throws -> [UInt8] {
        guard let header = currentHeader else { return [] }
        guard header.size <= limit else {
            throw ArchiveError(.sizeMismatch, "\(header.path): \(header.size) bytes exceeds the limit of \(limit) for this file")
        }
        var out: [UInt8] = []
        out.reserveCapacity(Int(header.size))
        try readData { out.append(contentsOf: $0) }
        return out
    }

    private func check(_ result: Int32, _ what: String) throws {
        guard result == ARCHIVE_OK else { throw ArchiveError(.readFailed, "\(what): \(errorString())") }
    }

    private func errorString() -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "libarchive error \(archive_errno(archive))"
    }
}
