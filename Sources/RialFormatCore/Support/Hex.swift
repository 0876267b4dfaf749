/// Lowercase hexadecimal, the only spelling of a digest this format writes or accepts.
package enum Hex {
    /// Encodes bytes as lowercase hex.
    package static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if let text = bytes.withContiguousStorageIfAvailable({ encode(contiguous: $0) }) { return text }
        return Array(bytes).withUnsafeBufferPointer { encode(contiguous: $0) }
    }

    /// Written straight into the string's storage: every file's digests are encoded, and a
    /// generic byte-by-byte append cost more than the digest's last block.
    private static func encode(contiguous bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { out in
            for (index, byte) in bytes.enumerated() {
                out[2 * index] = digit(byte >> 4)
                out[2 * index + 1] = digit(byte & 0x0F)
            }
            return bytes.count * 2
        }
    }

    /// The lowercase hex digit of a value below 16.
    package static func digit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// Decodes lowercase hex; uppercase, odd lengths and other characters are rejected.
    /// - Returns: the bytes, or `nil` when `text` is not lowercase hex.
    package static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { utf8 -> [UInt8]? in
            guard utf8.count % 2 == 0 else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(utf8.count / 2)
            var index = 0
            while index < utf8.count {
                guard let high = value(utf8[index]), let low = value(utf8[index + 1]) else { return nil }
                out.append(high << 4 | low)
                index += 2
            }
            return out
        }
    }

    /// Whether `text` is exactly `byteCount` bytes of lowercase hex.
    package static func isDigest(_ text: String, byteCount: Int) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.count == byteCount * 2 && bytes.allSatisfy { value($0) != nil } }
    }

    private static func value(_ char: UInt8) -> UInt8? {
        switch char {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return char - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return char - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
