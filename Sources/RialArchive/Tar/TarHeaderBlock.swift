/// An independent parse of one raw 512-byte ustar header, used to cross-check what
/// libarchive reports (libarchive is lenient where the strict profile is not: it accepts
/// GNU and v7 headers, base-256 numbers, and truncates a pax path at a NUL byte).
///
/// Field offsets are POSIX.1-2001 ustar's: name 0, mode 100, size 124, mtime 136,
/// chksum 148, typeflag 156, magic 257, version 263, prefix 345.
struct TarHeaderBlock {
    static let size = 512

    /// The name field (up to its first NUL), and the prefix field.
    let name: [UInt8]
    let prefix: [UInt8]
    let typeflag: UInt8
    /// The size field, octal.
    let size: UInt64

    /// The path the header itself spells: `prefix/name`, or `name` when there is no prefix.
    var ustarPath: [UInt8] { prefix.isEmpty ? name : prefix + [UInt8(ascii: "/")] + name }

    /// Whether all 512 bytes are zero (half of the end-of-archive marker).
    static func isZero(_ block: UnsafeRawBufferPointer) -> Bool {
        block.allSatisfy { $0 == 0 }
    }

    /// Parses `block` (exactly 512 bytes).
    /// - Throws: ``ArchiveError`` `.headerFormat` when it is not a POSIX ustar header,
    ///   `.headerChecksum`, `.headerNumber` for a size, mode, mtime or checksum field that is
    ///   not plain octal (base-256 and negative numbers included).
    init(_ block: UnsafeRawBufferPointer) throws(ArchiveError) {
        guard block[257..<265].elementsEqual("ustar\u{0}00".utf8) else {
            throw ArchiveError(
                .headerFormat,
                "a header is not a POSIX ustar/pax header (magic \(Self.printable(Array(block[257..<265])))); GNU, v7 and other tar dialects are outside the .rialpkg profile"
            )
        }
        let stored = try Self.octal(block, 148, 8, field: "checksum")
        // The checksum field itself counts as eight spaces.
        var sum: UInt64 = 8 * 0x20
        for index in 0..<148 { sum &+= UInt64(block[index]) }
        for index in 156..<Self.size { sum &+= UInt64(block[index]) }
        guard stored == sum else {
            throw ArchiveError(.headerChecksum, "a header's checksum is \(stored), its bytes sum to \(sum): the header is damaged or was edited")
        }
        _ = try Self.octal(block, 100, 8, field: "mode")
        _ = try Self.octal(block, 136, 12, field: "mtime")
        size = try Self.octal(block, 124, 12, field: "size")
        typeflag = block[156]
        name = Self.cString(block, 0, 100)
        prefix = Self.cString(block, 345, 155)
    }

    /// The bytes of a NUL-terminated (or full-width) text field.
    private static func cString(_ block: UnsafeRawBufferPointer, _ offset: Int, _ width: Int) -> [UInt8] {
        Array(block[offset..<(offset + width)].prefix { $0 != 0 })
    }

    /// A numeric field: optional leading spaces, octal digits, then NUL or space padding to
    /// the end of the field (a 12-byte size may use all 12 bytes for digits, as libarchive
    /// writes sizes from 8 GiB up). Anything else, base-256 binary included, is refused.
    static func octal(_ block: UnsafeRawBufferPointer, _ offset: Int, _ width: Int, field: String) throws(ArchiveError) -> UInt64 {
        let bytes = block[offset..<(offset + width)]
        if let first = bytes.first, first & 0x80 != 0 {
            let sign = first == 0xFF ? "a negative" : "a"
            throw ArchiveError(.headerNumber, "a header's \(field) field holds \(sign) base-256 binary number; the .rialpkg profile uses octal only")
        }
        var index = bytes.startIndex
        while index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") { index += 1 }
        var value: UInt64 = 0
        var digits = 0
        while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
            // At most 12 octal digits: 36 bits, no overflow possible.
            value = value << 3 | UInt64(bytes[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        let rest = bytes[index...]
        guard digits > 0, rest.allSatisfy({ $0 == 0 || $0 == UInt8(ascii: " ") }) else {
            throw ArchiveError(.headerNumber, "a header's \(field) field is not an octal number: \(printable(Array(bytes)))")
        }
        return value
    }

    /// Raw header bytes shown safely in a message.
    static func printable(_ bytes: [UInt8]) -> String {
        "\"" + bytes.map { (0x20..<0x7F).contains($0) && $0 != UInt8(ascii: "\"") ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }.joined() + "\""
    }
}
