#if canImport(Glibc)
import Glibc
#endif
import RialArchive

/// A file written under a temporary name beside its destination and moved into place only
/// when complete, so a reader never sees half a package and a failure leaves nothing behind
/// (an interruption neither: the temporary file is listed in `PendingFiles` while it exists).
/// A ``TemporaryFile`` with the packager's errors and its writeback hints.
final class AtomicOutputFile {
    let destination: String
    private let file: TemporaryFile
    private let overwrite: Bool
    /// Bytes between two ``startWriteback(upTo:)`` hints.
    let writebackStep: UInt64
    /// Where the next writeback hint starts, and where the next drop starts.
    private var writebackOffset: UInt64 = 0
    private var droppedOffset: UInt64 = 0

    /// The temporary file's name, `.NAME.tmp-XXXXXX` beside the destination.
    var temporaryPath: String { file.path }
    var fileDescriptor: Int32 { file.fileDescriptor }

    /// Creates the temporary file.
    /// - Parameters:
    ///   - overwrite: whether an existing destination may be replaced on commit.
    ///   - like: a file whose permissions (and, where allowed, owner) the output takes, so
    ///     rewriting a private evidence file in place does not make it readable by others;
    ///     without one, 0666 narrowed by the umask, as any new file.
    ///   - writebackStep: bytes between two writeback hints (tests make it small).
    /// - Throws: ``PackagerError`` `.outputExists`, `.outputNotAFile` or `.writeFailed`.
    init(destination: String, overwrite: Bool, like original: String? = nil, writebackStep: UInt64 = 32 << 20) throws {
        try OutputDestination.check(destination, overwrite: overwrite)
        do {
            file = try TemporaryFile(destination: destination)
        } catch let error as ArchiveError {
            throw PackagerError(.writeFailed, error.reason)
        }
        do {
            try file.setMode(like: original)
        } catch {
            throw PackagerError(.writeFailed, error.reason)
        }
        self.destination = destination
        self.overwrite = overwrite
        self.writebackStep = max(writebackStep, 1)
    }

    /// Writes `bytes` at `offset` (used to patch tag files in after the payload is hashed).
    func write(_ bytes: [UInt8], at offset: UInt64) throws {
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pwrite(fileDescriptor, base + done, bytes.count - done, off_t(offset) + off_t(done))
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                // Nothing written and no error is a device that takes no more: not a reason to try for ever.
                throw PackagerError(.writeFailed, "writing \(temporaryPath): \(String(cString: strerror(result == 0 ? ENOSPC : errno)))")
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

    /// Flushes to disk and moves the file to its destination: by `rename()` with `overwrite`,
    /// else by `link()`, which fails if the destination appeared meanwhile, so nothing is
    /// clobbered without `--force`.
    func commit() throws {
        do {
            try file.commit(replacing: overwrite)
        } catch .exists {
            throw PackagerError(.outputExists, "\(destination) already exists; choose another name or pass --force to replace it")
        } catch .system(let reason) {
            throw PackagerError(.writeFailed, "moving the package to \(destination): \(reason)")
        }
    }
}
