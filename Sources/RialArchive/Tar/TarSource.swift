#if canImport(Glibc)
import Glibc
#endif

/// The bytes of an archive, handed to libarchive chunk by chunk through its read callback, each
/// chunk first passed through the ``StrictTarProfile``. A rule broken anywhere in a chunk stops
/// the stream before libarchive sees that chunk, and is kept as ``failure``.
final class TarSource {
    private enum Input {
        case file(Int32)
        case memory(UnsafeMutableRawBufferPointer)
    }

    private let input: Input
    private let chunkSize: Int
    private var buffer: UnsafeMutableRawBufferPointer?
    private var memoryOffset = 0
    private(set) var profile: StrictTarProfile
    /// The first rule broken or read error met; once set, the stream is over.
    private(set) var failure: ArchiveError?
    private(set) var bytesRead: UInt64 = 0
    private(set) var reachedEnd = false
    /// A byte read while finding out whether a named pipe has a writer, served first.
    private var pending: UInt8?

    /// The archive's size, when it is a regular file or bytes in memory.
    let size: UInt64?
    /// Sees every byte of the input once, in order, as it is accepted (a receipt's SHA-256 of
    /// the whole package file is taken here, from the one read that is verified).
    var observer: ((UnsafeRawBufferPointer) -> Void)?

    /// Reads the file at `path` (a directory is refused). The file is opened once, without
    /// waiting: a named pipe no one writes to is refused at once instead of waited on.
    init(path: String, limits: ArchiveLimits, chunkSize: Int) throws(ArchiveError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            var entry = stat()
            if lstat(path, &entry) == 0, (entry.st_mode & S_IFMT) == S_IFSOCK {
                throw ArchiveError(.notAnArchive, "\(path) is a socket, not a package file")
            }
            if lstat(path, &entry) == 0, (entry.st_mode & S_IFMT) == S_IFLNK, stat(path, &entry) != 0 {
                throw ArchiveError(.io, "cannot open \(path): a symbolic link to a file that does not exist (\(reason))")
            }
            throw ArchiveError(.io, "cannot open \(path): \(reason)")
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
        if let kind = [S_IFCHR: "a character device", S_IFBLK: "a block device", S_IFSOCK: "a socket"][info.st_mode & S_IFMT] {
            close(fd)
            throw ArchiveError(.notAnArchive, "\(path) is \(kind), not a package file")
        }
        if (info.st_mode & S_IFMT) == S_IFIFO {
            // Without a writer a non-blocking read of a pipe ends at once (0); with one that has
            // written nothing yet it would block (EAGAIN). A byte that came is kept.
            var byte: UInt8 = 0
            let count = read(fd, &byte, 1)
            if count == 0 {
                close(fd)
                throw ArchiveError(.io, "\(path) is a named pipe with no writer: start what writes the package into it first, or pipe the package to `-`")
            }
            if count == 1 { pending = byte }
        }
        // Reads block from here on, as for any input.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        size = (info.st_mode & S_IFMT) == S_IFREG ? UInt64(info.st_size) : nil
        input = .file(fd)
        self.chunkSize = chunkSize
        profile = StrictTarProfile(limits: limits, archiveSize: size)
    }

    /// Reads standard input, as a stream (its size is never taken: a pipe has none, and a
    /// stream is read once whatever it is).
    init(standardInputWith limits: ArchiveLimits, chunkSize: Int) throws(ArchiveError) {
        let fd = dup(STDIN_FILENO)
        guard fd >= 0 else {
            throw ArchiveError(.io, "cannot read standard input: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw ArchiveError(.notAnArchive, "standard input is a directory, not a package file")
        }
        size = nil
        input = .file(fd)
        self.chunkSize = chunkSize
        profile = StrictTarProfile(limits: limits, archiveSize: nil)
    }

    /// Reads `bytes` (copied once; libarchive is handed pointers into the copy).
    init(bytes: [UInt8], limits: ArchiveLimits, chunkSize: Int) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
        input = .memory(UnsafeMutableRawBufferPointer(rebasing: copy[0..<bytes.count]))
        size = UInt64(bytes.count)
        self.chunkSize = chunkSize
        profile = StrictTarProfile(limits: limits, archiveSize: size)
    }

    deinit {
        switch input {
        case .file(let fd): close(fd)
        case .memory(let bytes): bytes.deallocate()
        }
        if let buffer {
            if buffer.count == ReadBufferPool.shared.bufferSize { ReadBufferPool.shared.give(buffer) } else { buffer.deallocate() }
        }
    }

    /// The input buffer: from the shared pool when it has the pool's size (a batch verifies
    /// thousands of packages, each would otherwise fault in a fresh MiB).
    private func newBuffer() -> UnsafeMutableRawBufferPointer {
        chunkSize == ReadBufferPool.shared.bufferSize
            ? ReadBufferPool.shared.take()
            : .allocate(byteCount: chunkSize, alignment: 64)
    }

    /// The next chunk, already accepted by the profile; empty at the end of the input or after
    /// a failure (see ``failure``).
    func nextChunk() -> UnsafeRawBufferPointer {
        guard failure == nil, !reachedEnd else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        let chunk: UnsafeRawBufferPointer
        switch input {
        case .memory(let bytes):
            let count = min(chunkSize, bytes.count - memoryOffset)
            chunk = UnsafeRawBufferPointer(rebasing: bytes[memoryOffset..<(memoryOffset + count)])
            memoryOffset += count
        case .file(let fd):
            let buffer = self.buffer ?? newBuffer()
            self.buffer = buffer
            var count = 0
            var offset = 0
            if let byte = pending {
                buffer[0] = byte
                pending = nil
                offset = 1
            }
            while true {
                count = read(fd, buffer.baseAddress.map { $0 + offset }, chunkSize - offset)
                if count >= 0 || errno != EINTR { break }
            }
            if count >= 0 { count += offset } else if offset > 0 { count = offset }
            guard count >= 0 else {
                failure = ArchiveError(.io, "reading the archive at byte \(bytesRead): \(String(cString: strerror(errno)))")
                return UnsafeRawBufferPointer(start: nil, count: 0)
            }
            chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
        }
        if chunk.isEmpty {
            reachedEnd = true
            do {
                try profile.finish()
            } catch {
                failure = error
            }
            return chunk
        }
        do {
            try profile.consume(chunk)
        } catch {
            failure = error
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        bytesRead += UInt64(chunk.count)
        observer?(chunk)
        return chunk
    }

    /// Reads the rest of the input through the profile (after libarchive has seen the end of
    /// the archive): only zero padding may follow, and the marker must be complete.
    /// - Throws: the profile's error, or a read error.
    func drain() throws(ArchiveError) {
        while failure == nil && !reachedEnd { _ = nextChunk() }
        if let failure { throw failure }
    }

    /// Takes the next entry the raw headers hold.
    func takeEntry() -> StrictTarProfile.Entry? {
        profile.takeEntry()
    }
}
