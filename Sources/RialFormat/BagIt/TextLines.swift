/// Splits a BagIt text file into lines: RFC 8493 allows LF, CR LF or CR as terminators.
enum TextLines {
    /// Decodes `bytes` as UTF-8 and splits it into lines (no terminators, no trailing empty line).
    /// - Throws: ``FormatError`` `.invalidUTF8`.
    static func split(_ bytes: [UInt8], file: String) throws(FormatError) -> [String] {
        try ranges(bytes, file: file).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The byte ranges of the lines of `bytes`, which must be UTF-8 (no terminators, no trailing
    /// empty line). CR and LF never occur inside a multi-byte UTF-8 sequence, so the file is
    /// split on its bytes, without decoding a character.
    /// - Throws: ``FormatError`` `.invalidUTF8`.
    static func ranges(_ bytes: [UInt8], file: String) throws(FormatError) -> [Range<Int>] {
        guard isValidUTF8(bytes) else {
            throw FormatError(.invalidUTF8, "\(file) is not valid UTF-8")
        }
        var lines: [Range<Int>] = []
        var start = 0
        var index = 0
        let count = bytes.count
        while index < count {
            switch bytes[index] {
            case 0x0A:
                lines.append(start..<index)
                index += 1
                start = index
            case 0x0D:
                lines.append(start..<index)
                index += 1
                // CR LF is one terminator.
                if index < count, bytes[index] == 0x0A { index += 1 }
                start = index
            default:
                index += 1
            }
        }
        if start < count { lines.append(start..<count) }
        return lines
    }

    /// Whether `bytes` is valid UTF-8 (an all-ASCII buffer is, without building a string).
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        if bytes.allSatisfy({ $0 < 0x80 }) { return true }
        return String(validating: bytes, as: UTF8.self) != nil
    }
}
