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
            switch BoxHeader.read(&window, at: position, end: range.length) {
            case .failure(let problem): return problem.reason
            case .success(let header): position += header.size
            }
        }
        return nil
    }
}
