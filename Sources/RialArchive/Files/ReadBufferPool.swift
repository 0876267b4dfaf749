import Dispatch

/// Read buffers kept for reuse across files.
///
/// A freshly allocated 1 MiB buffer costs a page fault and a zeroed page for every 4 KiB the
/// first time it is written: with one new buffer per file, `rial chain compute` spent 30% of
/// its time in the kernel's `clear_page` (perf, 450 frame files and 150 depth files). Buffers
/// handed back here are handed out again instead; at most ``keep`` are kept, so memory stays
/// bounded however many threads read at once.
package final class ReadBufferPool: @unchecked Sendable {
    // @unchecked: `free` is touched only under `lock`.
    /// The pool every reader of 1 MiB chunks shares.
    package static let shared = ReadBufferPool(bufferSize: FileChunkReader.defaultChunkSize, keep: 8)

    /// Bytes per buffer.
    package let bufferSize: Int
    /// Most buffers kept for reuse; more in use at once are freed when handed back.
    package let keep: Int
    private var free: [UnsafeMutableRawBufferPointer] = []
    private let lock = DispatchSemaphore(value: 1)

    package init(bufferSize: Int, keep: Int) {
        self.bufferSize = bufferSize
        self.keep = keep
    }

    deinit {
        for buffer in free { buffer.deallocate() }
    }

    /// Lends `body` a buffer of ``bufferSize`` bytes, valid only during the call.
    package func withBuffer<Result>(_ body: (UnsafeMutableRawBufferPointer) throws -> Result) rethrows -> Result {
        let buffer = take()
        defer { give(buffer) }
        return try body(buffer)
    }

    /// A buffer of ``bufferSize`` bytes, to be handed back with ``give(_:)`` (for owners whose
    /// use does not fit one call, such as a tar reader's input buffer).
    func take() -> UnsafeMutableRawBufferPointer {
        lock.wait()
        let reused = free.popLast()
        lock.signal()
        return reused ?? .allocate(byteCount: bufferSize, alignment: 64)
    }

    /// Takes back a buffer from ``take()``.
    func give(_ buffer: UnsafeMutableRawBufferPointer) {
        precondition(buffer.count == bufferSize, "a buffer from elsewhere was given to the pool")
        lock.wait()
        let kept = free.count < keep
        if kept { free.append(buffer) }
        lock.signal()
        if !kept { buffer.deallocate() }
    }
}
