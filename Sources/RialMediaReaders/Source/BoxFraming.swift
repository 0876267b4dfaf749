/// Checks that an ISO base media file's top-level boxes (MP4, MOV, HEIF) tile its bytes: each
/// box's size field leads exactly to the next box, and the last ends at the last byte.
///
/// FFmpeg reads what it can of a box cut short (a truncated `moov` gives a movie with a stream
/// of unknown type), which would let a damaged file report facts; reading only the size and
/// type fields of the top-level boxes, never their contents, finds the cut first.
enum BoxFraming {
    /// The most top-level boxes walked. A plain file has a handful; a fragmented recording has
    /// two a fragment (`moof`, `mdat`), and one fragment a frame for an hour at 240 fps is
    /// 1 728 000 boxes. The cap bounds the walk on a file of tiny boxes (SPEC §8.5 check 15a),
    /// and ``ByteWindow`` finds tiny boxes without a read each.
    static let maxBoxes = 2_000_000

    /// Why the boxes do not tile the range, or `nil` when they do.
    static func problem(in range: ByteRange) -> String? {
        var position: Int64 = 0
        var count = 0
        var window = ByteWindow(range)
        while position < range.length {
            count += 1
            guard count <= maxBoxes else { return "more than \(maxBoxes) top-level boxes" }
            let remaining = range.length - position
            guard let slice = window.bytes(at: position, count: 8) else {
                return "\(remaining) bytes after the last box (at byte \(position)) are not a box"
            }
            let header = Array(slice)
            let type = name(header[4..<8])
            var size = Int64(header[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            var headerSize: Int64 = 8
            if size == 1 {
                guard let large = window.bytes(at: position + 8, count: 8) else { return "the \(type) box at byte \(position) is cut short" }
                let value = large.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                guard let exact = Int64(exactly: value) else {
                    return "the \(type) box at byte \(position) declares \(value) bytes, past the end of the file (\(remaining) present)"
                }
                size = exact
                headerSize = 16
            } else if size == 0 {
                size = remaining    // "to the end of the file"
            }
            guard size >= headerSize else { return "the \(type) box at byte \(position) declares an impossible size of \(size) bytes" }
            guard size <= remaining else {
                return "the file ends inside its \(type) box: \(size) bytes declared at byte \(position), \(remaining) present"
            }
            position += size
        }
        return nil
    }

    /// A box type for a message: its four characters when printable, else hex.
    private static func name(_ bytes: ArraySlice<UInt8>) -> String {
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F || $0 == 0xA9 }) {
            return "'" + String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) + "'"
        }
        return "0x" + bytes.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
    }
}
