/// The character encoding `bagit.txt` declares for the other tag files
/// (`Tag-File-Character-Encoding`, RFC 8493 §2.1.1). A `.rialpkg` is always UTF-8; a plain bag
/// made by another tool may be in one of the encodings below, which rial reads by converting the
/// tag file to UTF-8 before parsing it (the digests are over the file's own bytes).
package enum TagFileEncoding: Sendable, Hashable {
    case utf8
    /// ISO-8859-1: each byte is the code point of the same value.
    case latin1
    /// UTF-16 with a byte order mark, or in the order the name states.
    case utf16(bigEndian: Bool?)

    /// The encoding a declared name means, case-insensitively (`UTF-8`, `ISO-8859-1`,
    /// `latin-1`, `UTF-16`, `UTF-16BE`, `UTF-16LE`, `US-ASCII`, as Python's codecs spell
    /// them too); `nil` for one rial does not read.
    package init?(declared name: String) {
        switch name.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "utf-8", "utf8", "us-ascii", "ascii": self = .utf8
        case "iso-8859-1", "iso8859-1", "latin-1", "latin1", "l1": self = .latin1
        case "utf-16", "utf16": self = .utf16(bigEndian: nil)
        case "utf-16be": self = .utf16(bigEndian: true)
        case "utf-16le": self = .utf16(bigEndian: false)
        default: return nil
        }
    }

    /// The encodings rial reads, as said in messages.
    package static let supported = "UTF-8, ISO-8859-1, UTF-16 (with a byte order mark), UTF-16BE, UTF-16LE"

    /// `bytes` converted to UTF-8.
    /// - Parameter file: for messages.
    /// - Throws: ``FormatError`` `.invalidUTF8` when the bytes are not text in this encoding
    ///   (an odd length or a lone surrogate in UTF-16; a UTF-16 file without a byte order mark).
    package func utf8(_ bytes: [UInt8], file: String) throws(FormatError) -> [UInt8] {
        switch self {
        case .utf8:
            return bytes
        case .latin1:
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            for byte in bytes {
                if byte < 0x80 {
                    out.append(byte)
                } else {
                    out += [0xC0 | byte >> 6, 0x80 | byte & 0x3F]
                }
            }
            return out
        case .utf16(let declaredOrder):
            var body = bytes[...]
            var bigEndian = declaredOrder
            if declaredOrder == nil {
                // "UTF-16" needs a byte order mark to say its order.
                if bytes.starts(with: [0xFE, 0xFF]) { bigEndian = true } else if bytes.starts(with: [0xFF, 0xFE]) { bigEndian = false }
                guard bigEndian != nil else {
                    throw FormatError(.invalidUTF8, "\(file) is declared UTF-16 but has no byte order mark")
                }
                body = body.dropFirst(2)
            }
            guard body.count % 2 == 0 else {
                throw FormatError(.invalidUTF8, "\(file) is declared UTF-16 but has an odd number of bytes")
            }
            var units: [UInt16] = []
            units.reserveCapacity(body.count / 2)
            var index = body.startIndex
            while index < body.endIndex {
                let first = UInt16(body[index]), second = UInt16(body[index + 1])
                units.append(bigEndian == true ? first << 8 | second : second << 8 | first)
                index += 2
            }
            var out: [UInt8] = []
            var iterator = units.makeIterator()
            var decoder = UTF16()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): out += Array(String(scalar).utf8)
                case .emptyInput: return out
                case .error: throw FormatError(.invalidUTF8, "\(file) is not valid UTF-16")
                }
            }
        }
    }
}
