#if canImport(Glibc)
import Glibc
#endif

/// Reads one regular file from disk in fixed-size chunks, so memory stays flat however large
/// the file is.
///
/// The file is opened with `O_NOFOLLOW` (a symbolic link is refused, not followed), checked to
/// be a regular file on the open descriptor, and must keep its size while it is read.
package struct FileChunkReader {
    /// The default chunk: large enough that per-call overhead is noise next to hashing.
    package static let defaultChunkSize = 1 << 20

    package let path: String
    package let size: UInt64

    private let fileDescriptor: Int32

    /// Opens `path`.
    /// - Throws: ``ArchiveError`` `.io` when it cannot be opened or is not a regular file.
    package init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            throw ArchiveError(.io, "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw ArchiveError(.io, "\(path) is not a regular file")
        }
        self.path = path
        self.size = UInt64(info.st_size)
        self.fileDescriptor = fd
    }

    /// Delivers the whole file to `body` chunk by chunk, then closes it. Call once.
    /// - Throws: ``ArchiveError`` `.io` on a read error, `.fileChanged` when the file grows or
    ///   shrinks while being read, or what `body` throws.
    package func streamAndClose(chunkSize: Int = defaultChunkSize, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        precondition(chunkSize > 0, "FileChunkReader.streamAndClose with an empty chunk")
        func stream(_ buffer: UnsafeMutableRawBufferPointer) throws {
            try readAndClose { fill in
                while true {
                    let count = try fill(buffer)
                    if count == 0 { break }
                    try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                }
            }
        }
        let pool = ReadBufferPool.shared
        guard chunkSize == pool.bufferSize else {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
            defer { buffer.deallocate() }
            return try stream(buffer)
        }
        try pool.withBuffer(stream)
    }

    /// Hands `body` a `fill` function that reads the file's next bytes into the buffer it is
    /// given and returns how many (0 at the end), for callers that bring their own buffers
    /// (``DigestPipeline``); closes the file when `body` returns. Call once. `body` must read
    /// to the end (until `fill` returns 0).
    /// - Throws: ``ArchiveError`` `.io` on a read error, `.fileChanged` when the file grows or
    ///   shrinks while being read or `body` returns before its end, or what `body` throws.
    package func readAndClose(_ body: (_ fill: (UnsafeMutableRawBufferPointer) throws -> Int) throws -> Void) throws {
        defer { close(fileDescriptor) }
        var total: UInt64 = 0
        var reachedEnd = false
        try body { buffer in
            // An empty buffer would read 0 bytes, which means "the end" to everyone.
            precondition(buffer.count > 0 && buffer.baseAddress != nil, "FileChunkReader asked to fill an empty buffer")
            guard !reachedEnd, let base = buffer.baseAddress else { return 0 }
            while true {
                let count = read(fileDescriptor, base, buffer.count)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw ArchiveError(.io, "reading \(path): \(String(cString: strerror(errno)))")
                }
                if count == 0 {
                    reachedEnd = true
                    return 0
                }
                total += UInt64(count)
                guard total <= size else { throw ArchiveError(.fileChanged, "\(path) grew while it was being read") }
                return count
            }
        }
        guard reachedEnd else {
            throw ArchiveError(.fileChanged, "\(path): reading stopped after \(total) of its \(size) bytes")
        }
        guard total == size else { throw ArchiveError(.fileChanged, "\(path) shrank while it was being read") }
    }

    /// Reads a small file whole, refusing one larger than `limit` before reading it.
    package static func readAll(path: String, limit: UInt64) throws -> [UInt8] {
        let reader = try FileChunkReader(path: path)
        guard reader.size <= limit else {
            close(reader.fileDescriptor)
            throw ArchiveError(.io, "\(path) is \(reader.size) bytes, more than the \(limit) allowed for it")
        }
        var out: [UInt8] = []
        out.reserveCapacity(Int(reader.size))
        try reader.streamAndClose { out.append(contentsOf: $0) }
        return out
    }

    /// The first `count` bytes of a file (fewer when it is shorter), without reading the rest:
    /// enough to recognise a container by its signature.
    package static func readHead(path: String, count: Int) throws -> [UInt8] {
        let reader = try FileChunkReader(path: path)
        defer { close(reader.fileDescriptor) }
        var head = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = head.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(reader.fileDescriptor, base + filled, count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw ArchiveError(.io, "reading \(path): \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            filled += got
        }
        return Array(head.prefix(filled))
    }
}
