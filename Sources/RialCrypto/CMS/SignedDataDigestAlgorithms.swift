/// The `digestAlgorithms` SET of a CMS SignedData, read straight from its DER.
///
/// OpenSSL parses this SET but has no accessor for it, and no signature covers it: an
/// AlgorithmIdentifier written with NULL parameters instead of none would give a seal a second
/// valid byte form that anyone can make without the key. The profile (`schema/SPEC.md` §14.2)
/// allows exactly one form, which this compares byte for byte. The bytes have already been
/// read by OpenSSL and found canonical DER, so only definite lengths occur here; every length
/// is still checked against the bytes left.
enum SignedDataDigestAlgorithms {
    /// `SET { SEQUENCE { OID 2.16.840.1.101.3.4.2.1 } }`: SHA-256, parameters absent.
    static let profile: [UInt8] = [0x31, 0x0D, 0x30, 0x0B, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]

    /// The SET's whole encoding (tag, length, contents), or `nil` when the bytes are not a
    /// ContentInfo holding a SignedData as far as the SET.
    static func encoding(in der: [UInt8]) -> ArraySlice<UInt8>? {
        var reader = Reader(bytes: der[...])
        // ContentInfo SEQUENCE { contentType OID, [0] EXPLICIT SignedData SEQUENCE { version, digestAlgorithms, … } }
        guard var contentInfo = reader.enter(0x30) else { return nil }
        guard contentInfo.skip(0x06), var explicit = contentInfo.enter(0xA0), var signedData = explicit.enter(0x30),
            signedData.skip(0x02)
        else { return nil }
        return signedData.element(0x31)
    }

    private struct Reader {
        var bytes: ArraySlice<UInt8>

        /// The next element's tag, its contents' range and its end, when its tag is `tag`.
        private func header(_ tag: UInt8) -> (contents: Range<Int>, end: Int)? {
            var index = bytes.startIndex
            guard index < bytes.endIndex, bytes[index] == tag else { return nil }
            index += 1
            guard index < bytes.endIndex else { return nil }
            var length = Int(bytes[index])
            index += 1
            if length & 0x80 != 0 {
                let count = length & 0x7F
                guard (1...4).contains(count), bytes.endIndex - index >= count else { return nil }
                length = bytes[index..<index + count].reduce(0) { $0 << 8 | Int($1) }
                index += count
            }
            guard length <= bytes.endIndex - index else { return nil }
            return (index..<index + length, index + length)
        }

        mutating func enter(_ tag: UInt8) -> Reader? {
            guard let (contents, end) = header(tag) else { return nil }
            defer { bytes = bytes[end...] }
            return Reader(bytes: bytes[contents])
        }

        mutating func skip(_ tag: UInt8) -> Bool {
            guard let (_, end) = header(tag) else { return false }
            bytes = bytes[end...]
            return true
        }

        mutating func element(_ tag: UInt8) -> ArraySlice<UInt8>? {
            guard let (_, end) = header(tag) else { return nil }
            defer { bytes = bytes[end...] }
            return bytes[bytes.startIndex..<end]
        }
    }
}
