/// One ISO base media box's header (size and type, with the 64-bit size when the 32-bit one is
/// 1, and "to the end" when it is 0), read through a ``ByteWindow``: what ``BoxFraming`` checks
/// at the top level and ``MovieHeaderBoxes`` walks inside `moov`.
struct BoxHeader {
    /// The four type bytes.
    let type: ArraySlice<UInt8>
    /// The whole box's size, header included.
    let size: Int64
    /// 8, or 16 with a 64-bit size.
    let headerSize: Int64

    /// The header at `position` of a box that must end by `end`, or why it cannot be one.
    static func read(_ window: inout ByteWindow, at position: Int64, end: Int64) -> Result<BoxHeader, BoxProblem> {
        let remaining = end - position
        guard remaining >= 8, let slice = window.bytes(at: position, count: 8) else {
            return .failure(BoxProblem("\(remaining) bytes after the last box (at byte \(position)) are not a box"))
        }
        let header = Array(slice)
        let type = header[4..<8]
        var size = Int64(header[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        var headerSize: Int64 = 8
        if size == 1 {
            guard let large = window.bytes(at: position + 8, count: 8) else {
                return .failure(BoxProblem("the \(name(type)) box at byte \(position) is cut short"))
            }
            let value = large.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            guard let exact = Int64(exactly: value) else {
                return .failure(
                    BoxProblem("the \(name(type)) box at byte \(position) declares \(value) bytes, past the end of the file (\(remaining) present)"))
            }
            size = exact
            headerSize = 16
        } else if size == 0 {
            size = remaining  // "to the end of the file"
        }
        guard size >= headerSize else { return .failure(BoxProblem("the \(name(type)) box at byte \(position) declares an impossible size of \(size) bytes")) }
        guard size <= remaining else {
            return .failure(BoxProblem("the file ends inside its \(name(type)) box: \(size) bytes declared at byte \(position), \(remaining) present"))
        }
        return .success(BoxHeader(type: type, size: size, headerSize: headerSize))
    }

    /// Whether the type is `fourCC`.
    func isType(_ fourCC: String) -> Bool { type.elementsEqual(fourCC.utf8) }

    /// A box type for a message: its four characters when printable, else hex.
    static func name(_ bytes: ArraySlice<UInt8>) -> String {
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F || $0 == 0xA9 }) {
            return "'" + String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) + "'"
        }
        return "0x" + bytes.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
    }
}

/// Why bytes are not a box where one should be.
struct BoxProblem: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
