#if canImport(Glibc)
import Glibc
#endif

/// The media's bytes, read in place: a range `[offset, offset + length)` of an open file (a
/// member of a `.rialpkg` tar), or bytes in memory (the fuzz target). Every read is clipped to
/// the range, so no library sees a byte outside it, and nothing is read ahead or cached here.
package final class ByteRange {
    private enum Storage {
        case file(descriptor: Int32, offset: Int64)
        case memory([UInt8])
    }

    private let storage: Storage
    /// How many bytes the media has.
    package let length: Int64

    /// `length` bytes at `offset` in the open file `descriptor`, which the caller keeps open and
    /// closes after this range is no longer used.
    package init(descriptor: Int32, offset: Int64, length: Int64) {
        storage = .file(descriptor: descriptor, offset: offset)
        self.length = length
    }

    /// Bytes in memory.
    package init(bytes: [UInt8]) {
        storage = .memory(bytes)
        length = Int64(bytes.count)
    }

    /// Reads up to `buffer.count` bytes at `position` (relative to the range's start).
    /// - Returns: the number of bytes read, 0 at or past the end, -1 on an I/O error.
    package func read(at position: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard position >= 0, position < length, let base = buffer.baseAddress else { return 0 }
        let count = Int(min(Int64(buffer.count), length - position))
        switch storage {
        case .memory(let bytes):
            return bytes.withUnsafeBytes { source in
                guard let start = source.baseAddress else { return 0 }
                base.copyMemory(from: start + Int(position), byteCount: count)
                return count
            }
        case .file(let descriptor, let offset):
            while true {
                let read = pread(descriptor, base, count, off_t(offset + position))
                if read < 0, errno == EINTR { continue }
                return read
            }
        }
    }

    /// Reads exactly `count` bytes at `position`; `nil` if the range ends first or the read fails.
    package func bytes(at position: Int64, count: Int) -> [UInt8]? {
        guard count >= 0, position >= 0, position <= length, Int64(count) <= length - position else { return nil }
        var result = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = result.withUnsafeMutableBytes { buffer in
                self.read(at: position + Int64(done), into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]))
            }
            guard read > 0 else { return nil }
            done += read
        }
        return result
    }
}
