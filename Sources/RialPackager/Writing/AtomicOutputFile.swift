#if canImport(Glibc)
import Glibc
#endif
import RialArchive

/// A file written under a temporary name beside its destination and moved into place only
/// when complete, so a reader never sees half a package and a failure leaves nothing behind.
final class AtomicOutputFile {
    let destination: String
    let temporaryPath: String
    let fileDescriptor: Int32
    private var isCommitted = false
    private let overwrite: Bool
    /// Bytes between two ``startWriteback(upTo:)`` hints.
    let writebackStep: UInt64
    /// Where the next writeback hint starts, and where the next drop starts.
    private var writebackOffset: UInt64 = 0
    private var droppedOffset: UInt64 = 0

    /// Creates the temporary file.
    /// - Parameters:
    ///   - overwrite: whether an existing destination may be replaced on commit.
    ///   - like: a file whose permissions (and, where allowed, owner) the output takes, so
    ///     rewriting a private evidence file in place does not make it readable by others;
    ///     without one, 0666 narrowed by the umask, as any new file.
    ///   - writebackStep: bytes between two writeback hints (tests make it small).
    /// - Throws: ``PackagerError`` `.outputExists` or `.writeFailed`.
    init(destination: String, overwrite: Bool, like original: String? = nil, writebackStep: UInt64 = 32 << 20) throws {
        if !overwrite, access(destination, F_OK) == 0 {
            throw PackagerError(.outputExists, "\(destination) already exists; choose another name or pass --force to replace it")
        }
        let slash = destination.lastIndex(of: "/")
        let directory = slash.map { String(destination[..<$0]) } ?? "."
        let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
        var template = Array("\(directory.isEmpty ? "/" : directory)/.\(name).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else {
            throw PackagerError(.writeFailed, "cannot create a temporary file in \(directory): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        if let original, stat(original, &info) == 0 {
            _ = fchown(fd, info.st_uid, info.st_gid)  // Only root may give a file away; failing is fine.
            fchmod(fd, info.st_mode & 0o7777)
        } else {
            let mask = umask(0o022)
            umask(mask)
            fchmod(fd, 0o666 & ~mask)
        }
        self.destination = destination
        self.temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.fileDescriptor = fd
        self.overwrite = overwrite
        self.writebackStep = max(writebackStep, 1)
    }

    deinit {
        if !isCommitted {
            close(fileDescriptor)
            unlink(temporaryPath)
        }
    }

    /// Writes `bytes` at `offset` (used to patch tag files in after the payload is hashed).
    func write(_ bytes: [UInt8], at offset: UInt64) throws {
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pwrite(fileDescriptor, base + done, bytes.count - done, off_t(offset) + off_t(done))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw PackagerError(.writeFailed, "writing \(temporaryPath): \(String(cString: strerror(errno)))")
            }
            done += result
        }
    }

    /// Once `offset` is at least `writebackStep` bytes past the last time: asks the kernel to
    /// start writing to disk what has been written since, without waiting, and to drop from
    /// the page cache the step before, whose writing started a step ago (drop-behind).
    ///
    /// The disk then works while the packer hashes, and ``commit()``'s fsync finds little left
    /// (1 GiB: 0.26 s before, 8 ms after). Dropping keeps the package from filling the page
    /// cache: a pack of many GiB evicts nothing else, and recycles a few MiB of page cache
    /// instead of taking a fresh page for every 4 KiB written, which on this project's
    /// (virtual) machines cost more kernel time than the copy (1 GiB pack: 1.7–2.9 s of system
    /// time without dropping, 0.5 s with). Only hints: where they are not available or fail,
    /// `commit()` still flushes everything.
    func startWriteback(upTo offset: UInt64) {
        guard offset >= writebackOffset + writebackStep else { return }
        // `offset` may count bytes the tar writer still buffers; start from what is in the file.
        let written = size()
        guard written > writebackOffset else { return }
        Writeback.start(fileDescriptor: fileDescriptor, offset: writebackOffset, count: written - writebackOffset)
        // Pages still dirty or being written are kept by the kernel; only clean ones go.
        if writebackOffset > droppedOffset {  // a count of 0 would mean "to the end of the file"
            Writeback.drop(fileDescriptor: fileDescriptor, offset: droppedOffset, count: writebackOffset - droppedOffset)
            droppedOffset = writebackOffset
        }
        writebackOffset = written
    }

    /// The file's current size.
    func size() -> UInt64 {
        var info = stat()
        return fstat(fileDescriptor, &info) == 0 ? UInt64(info.st_size) : 0
    }

    /// Flushes to disk and moves the file to its destination.
    func commit() throws {
        guard fsync(fileDescriptor) == 0 else {
            throw PackagerError(.writeFailed, "flushing \(temporaryPath): \(String(cString: strerror(errno)))")
        }
        // All of it is on disk now: a verification that follows reads the package from the
        // disk, not from what the kernel kept of the writes.
        Writeback.drop(fileDescriptor: fileDescriptor, offset: 0, count: 0)
        close(fileDescriptor)
        isCommitted = true
        if overwrite {
            guard rename(temporaryPath, destination) == 0 else {
                let message = String(cString: strerror(errno))
                unlink(temporaryPath)
                throw PackagerError(.writeFailed, "moving the package to \(destination): \(message)")
            }
        } else {
            // link() fails if the destination appeared meanwhile: never clobber without --force.
            let linked = link(temporaryPath, destination)
            let linkErrno = errno
            unlink(temporaryPath)
            guard linked == 0 else {
                if linkErrno == EEXIST {
                    throw PackagerError(.outputExists, "\(destination) already exists; choose another name or pass --force to replace it")
                }
                throw PackagerError(.writeFailed, "moving the package to \(destination): \(String(cString: strerror(linkErrno)))")
            }
        }
    }
}
