#if canImport(Glibc)
import Glibc
#endif
internal import CRialArchive

/// Reads a `.rialpkg` tar archive as a stream of entries, never touching the file system
/// beyond the archive itself, and only if it keeps to the strict profile.
///
/// Two readers look at every header. The bytes pass first through ``StrictTarProfile``, a
/// small independent parser that enforces the profile (see there) and the limits; then
/// libarchive, with only the tar format enabled (no filters, no other formats), reads them,
/// and its view of each entry (path, type, size) must equal the raw parser's: libarchive is
/// lenient in ways an attacker can use (it truncates a pax path at a NUL byte, accepts GNU
/// headers and base-256 sizes). Every libarchive result other than `ARCHIVE_OK`,
/// `ARCHIVE_WARN` included, is an error. After the end-of-archive marker the rest of the
/// input is read too: only zero padding may follow.
package final class TarReader {
    private let archive: OpaquePointer
    private let source: TarSource
    private var currentHeader: EntryHeader?
    private var currentDataConsumed = false

    /// Size of the archive, when it is a regular file or bytes in memory.
    package var archiveSize: UInt64? { source.size }

    /// Opens the archive file at `path`.
    /// - Throws: ``ArchiveError``: `.io` when the file cannot be opened, `.notAnArchive` when it
    ///   does not start like a tar archive, or the code of the profile rule its first chunk breaks.
    package convenience init(
        path: String, limits: ArchiveLimits = .default, chunkSize: Int = 1 << 20,
        observer: ((UnsafeRawBufferPointer) -> Void)? = nil
    ) throws {
        let source = try TarSource(path: path, limits: limits, chunkSize: chunkSize)
        source.observer = observer
        try self.init(source: source)
    }

    /// Reads the archive on standard input, once, as a stream: nothing of it is kept, so it
    /// cannot be read again.
    /// - Throws: as ``init(path:limits:chunkSize:)``.
    package convenience init(
        standardInputWith limits: ArchiveLimits = .default, chunkSize: Int = 1 << 20,
        observer: ((UnsafeRawBufferPointer) -> Void)? = nil
    ) throws {
        let source = try TarSource(standardInputWith: limits, chunkSize: chunkSize)
        source.observer = observer
        try self.init(source: source)
    }

    /// Reads an archive held in memory (tests and fuzzing).
    package convenience init(bytes: [UInt8], limits: ArchiveLimits = .default, chunkSize: Int = 1 << 20) throws {
        try self.init(source: TarSource(bytes: bytes, limits: limits, chunkSize: chunkSize))
    }

    private init(source: TarSource) throws {
        guard let archive = archive_read_new() else {
            throw ArchiveError(.readFailed, "archive_read_new failed")
        }
        self.archive = archive
        self.source = source
        try ArchiveLocale.withUTF8 {
            guard archive_read_support_format_tar(archive) == ARCHIVE_OK else {
                throw ArchiveError(.readFailed, "enable tar format: \(errorString())")
            }
            let opened = archive_read_open(archive, Unmanaged.passUnretained(source).toOpaque(), nil, tarSourceRead, nil)
            if let failure = source.failure { throw failure }
            guard opened == ARCHIVE_OK else {
                throw ArchiveError(.notAnArchive, "not a tar archive: \(errorString())")
            }
        }
    }

    deinit {
        archive_read_free(archive)
    }

    /// Bytes of the archive read so far (the reader runs ahead by up to one chunk).
    package var bytesConsumed: UInt64 { source.bytesRead }

    /// Advances to the next entry, skipping any unread data of the current one.
    /// - Returns: the header, or `nil` after the end-of-archive marker and the zero padding
    ///   after it.
    /// - Throws: ``ArchiveError`` with the code of the rule broken (see ``ArchiveError/Code``).
    package func nextEntry() throws -> EntryHeader? {
        try ArchiveLocale.withUTF8 {
            var entry: OpaquePointer?
            let result = archive_read_next_header(archive, &entry)
            if let failure = source.failure { throw failure }
            if result == ARCHIVE_EOF {
                currentHeader = nil
                try source.drain()
                if source.takeEntry() != nil || !source.profile.hasEnded {
                    throw ArchiveError(.headerMismatch, "libarchive saw the end of the archive where the raw headers continue")
                }
                return nil
            }
            guard result == ARCHIVE_OK, let entry else {
                throw ArchiveError(.readFailed, "reading an entry header: \(errorString())")
            }
            guard let raw = source.takeEntry() else {
                throw ArchiveError(.headerMismatch, "libarchive reports an entry the raw headers do not hold")
            }
            let header = try header(of: entry, matching: raw)
            currentHeader = header
            currentDataConsumed = false
            return header
        }
    }

    /// libarchive's view of `entry`, which must agree with the raw parser's.
    private func header(of entry: OpaquePointer, matching raw: StrictTarProfile.Entry) throws -> EntryHeader {
        let path = archive_entry_pathname_utf8(entry).map { String(cString: $0) }
        let type = UInt32(archive_entry_filetype(entry)) & crial_ae_ifmt()
        let isLink = archive_entry_hardlink_utf8(entry) != nil || archive_entry_symlink_utf8(entry) != nil
        let size = archive_entry_size_is_set(entry) != 0 ? archive_entry_size(entry) : -1
        let kind: EntryHeader.Kind = raw.isDirectory ? .directory : .regularFile
        let expectedType = raw.isDirectory ? crial_ae_ifdir() : crial_ae_ifreg()
        guard path == raw.storedPath, type == expectedType, !isLink, archive_entry_sparse_count(entry) == 0,
            size >= 0, UInt64(size) == raw.size
        else {
            throw ArchiveError(
                .headerMismatch,
                "libarchive reads this entry as \(Self.describe(path, type, size)), the raw header as \(Self.describe(raw.storedPath, expectedType, Int64(clamping: raw.size))); two readers disagree, so neither is trusted",
                location: raw.storedPath)
        }
        return EntryHeader(
            path: raw.storedPath, kind: kind, size: raw.size,
            mode: UInt32(archive_entry_perm(entry)),
            modificationTime: Int64(archive_entry_mtime(entry)), dataOffset: raw.dataOffset
        )
    }

    private static func describe(_ path: String?, _ type: UInt32, _ size: Int64) -> String {
        let kind = type == crial_ae_ifdir() ? "directory" : type == crial_ae_ifreg() ? "file" : "special entry"
        return "\(kind) \(path.map { "\"\($0.debugDescription.dropFirst().dropLast())\"" } ?? "(no UTF-8 name)") of \(size) bytes"
    }

    /// Streams the current entry's data to `body` in the chunks libarchive holds (no copy).
    /// - Returns: the number of bytes delivered, which equals the header's size.
    /// - Throws: ``ArchiveError`` `.readFailed`, `.sizeMismatch` when the data and the header
    ///   disagree or the data has holes, a profile error met further on in the input, or what
    ///   `body` throws.
    @discardableResult
    package func readData(_ body: (UnsafeRawBufferPointer) throws -> Void) throws -> UInt64 {
        guard let header = currentHeader, !currentDataConsumed else { return 0 }
        currentDataConsumed = true
        var delivered: UInt64 = 0
        try ArchiveLocale.withUTF8 {
            while true {
                var buffer: UnsafeRawPointer?
                var size = 0
                var offset: la_int64_t = 0
                let result = archive_read_data_block(archive, &buffer, &size, &offset)
                if let failure = source.failure { throw failure }
                if result == ARCHIVE_EOF { break }
                guard result == ARCHIVE_OK else {
                    throw ArchiveError(.readFailed, "reading data: \(errorString())", location: header.path)
                }
                guard offset == la_int64_t(clamping: delivered) else {
                    throw ArchiveError(.sizeMismatch, "data has a hole at offset \(delivered)", location: header.path)
                }
                if size > 0, let buffer {
                    try body(UnsafeRawBufferPointer(start: buffer, count: size))
                }
                delivered += UInt64(size)
            }
        }
        guard delivered == header.size else {
            throw ArchiveError(.sizeMismatch, "\(delivered) bytes of data, header says \(header.size)", location: header.path)
        }
        return delivered
    }

    /// Reads the current entry's data into memory, refusing more than `limit` bytes before
    /// reading any.
    /// - Throws: ``ArchiveError`` `.fileTooLarge` when the header's size exceeds `limit`.
    package func readAll(limit: UInt64) throws -> [UInt8] {
        guard let header = currentHeader else { return [] }
        guard header.size <= limit else {
            throw ArchiveError(.fileTooLarge, "\(header.size) bytes exceeds the limit of \(limit) for this file", location: header.path)
        }
        var out: [UInt8] = []
        out.reserveCapacity(Int(header.size))
        try readData { out.append(contentsOf: $0) }
        return out
    }

    private func errorString() -> String {
        LibarchiveMessage.of(archive)
    }
}

/// libarchive's read callback: the next chunk from the ``TarSource`` in `clientData`; 0 at the
/// end, -1 once the source has failed (the reader then throws the source's error).
private func tarSourceRead(
    _ archive: OpaquePointer?, _ clientData: UnsafeMutableRawPointer?,
    _ buffer: UnsafeMutablePointer<UnsafeRawPointer?>?
) -> la_ssize_t {
    guard let clientData, let buffer else { return -1 }
    let source = Unmanaged<TarSource>.fromOpaque(clientData).takeUnretainedValue()
    let chunk = source.nextChunk()
    if source.failure != nil { return -1 }
    buffer.pointee = chunk.baseAddress
    return la_ssize_t(chunk.count)
}
