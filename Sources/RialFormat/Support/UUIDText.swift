/// UUIDs as the format writes them: lowercase, hyphenated, 36 characters (RFC 9562).
package enum UUIDText {
    /// A name-based UUID (RFC 9562 version 8) from the first 16 bytes of a SHA-256 digest:
    /// the same input always gives the same id, which keeps packing deterministic.
    package static func version8(fromDigest digest: [UInt8]) -> String? {
        guard digest.count >= 16 else { return nil }
        var bytes = Array(digest.prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 9562 variant
        return format(bytes)
    }

    /// A name-based UUID (RFC 9562 version 5) from the first 16 bytes of the SHA-1 digest of a
    /// namespace and a name: what tools outside rial (Python's `uuid.uuid5`) derive alike, and
    /// what UCO's advisory shape for IRIs accepts (versions 0–5; version 8 is not).
    package static func version5(fromDigest digest: [UInt8]) -> String? {
        guard digest.count >= 16 else { return nil }
        var bytes = Array(digest.prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50  // version 5
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 9562 variant
        return format(bytes)
    }

    /// A random UUID (RFC 9562 version 4) from the system's secure generator.
    package static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return format(bytes)
    }

    /// Whether `text` is a UUID in the written form: 8-4-4-4-12 lowercase hex digits.
    package static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (position, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(position) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) else { return false }
            }
        }
        return true
    }

    private static func format(_ bytes: [UInt8]) -> String {
        let hex = Hex.encode(bytes)
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return parts.joined(separator: "-")
    }
}
