/// A walk's view of a ``ByteRange``: reads a window of ``size`` bytes at a time, so a walk over
/// small structures (top-level boxes, a JPEG's entropy-coded bytes) costs a read per window, not
/// one per structure. Reads go forward from where the walk is; a jump outside the window reads
/// the window there.
struct ByteWindow {
    let range: ByteRange
    /// How much is read at once.
    static let size = 64 << 10
    private var start: Int64 = 0
    private var bytes: [UInt8] = []

    init(_ range: ByteRange) {
        self.range = range
    }

    /// The `count` bytes at `offset`; `nil` when the range ends first or the read fails.
    mutating func bytes(at offset: Int64, count: Int) -> ArraySlice<UInt8>? {
        guard count <= Self.size, offset >= 0 else { return nil }
        if offset < start || offset + Int64(count) > start + Int64(bytes.count) {
            let length = Int(min(Int64(Self.size), range.length - offset))
            guard length >= count, let read = range.bytes(at: offset, count: length) else { return nil }
            start = offset
            bytes = read
        }
        let first = Int(offset - start)
        return bytes[first..<(first + count)]
    }

    /// The byte at `offset`; `nil` past the end.
    mutating func byte(at offset: Int64) -> UInt8? {
        bytes(at: offset, count: 1)?.first
    }
}
