/// One DER tag-length-value read from hostile bytes, or made to be written: the small
/// reader and writer the evidence record (RFC 4998) needs, with no dependency beyond Swift.
///
/// Reading is strict: single-byte tags only (no high tag numbers), definite minimal lengths,
/// at most 4 length bytes, nothing past the end. Every length is checked against what is
/// left before it is used, so no input traps or reads out of bounds.
package struct DERElement: Sendable, Equatable {
    /// The identifier octet (class, constructed bit and tag number).
    package let tag: UInt8
    /// The contents octets.
    package let contents: [UInt8]

    package static let sequence: UInt8 = 0x30
    package static let integer: UInt8 = 0x02
    package static let octetString: UInt8 = 0x04
    package static let objectIdentifier: UInt8 = 0x06
    package static let null: UInt8 = 0x05

    /// - Parameters:
    ///   - tag: the identifier octet.
    ///   - contents: the contents octets.
    package init(tag: UInt8, contents: [UInt8]) {
        self.tag = tag
        self.contents = contents
    }

    /// A constructed element (a SEQUENCE, or a context tag) around `children`.
    package init(tag: UInt8, children: [DERElement]) {
        self.init(tag: tag, contents: children.flatMap(\.encoded))
    }

    /// Whether the constructed bit is set.
    package var isConstructed: Bool { tag & 0x20 != 0 }

    /// The whole encoding: tag, minimal definite length, contents.
    package var encoded: [UInt8] { [tag] + Self.length(contents.count) + contents }

    /// A DER definite length: short form below 128, else long form, big-endian, minimal.
    package static func length(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    /// Reads exactly one element filling `bytes`.
    /// - Throws: ``CryptoError`` `.malformed` on anything not strict DER or trailing bytes.
    package init(der bytes: [UInt8]) throws(CryptoError) {
        var offset = 0
        let element = try Self.next(in: bytes, at: &offset)
        guard offset == bytes.count else { throw CryptoError(.malformed, "\(bytes.count - offset) bytes after the DER element") }
        self = element
    }

    /// The elements this constructed element's contents hold, in order.
    /// - Parameter limit: the most children read; more is malformed.
    /// - Throws: ``CryptoError`` `.malformed` when it is primitive, a child is not DER, or there are too many.
    package func children(limit: Int = 10_000) throws(CryptoError) -> [DERElement] {
        guard isConstructed else { throw CryptoError(.malformed, "a primitive element where a constructed one belongs") }
        var result: [DERElement] = []
        var offset = 0
        while offset < contents.count {
            guard result.count < limit else { throw CryptoError(.malformed, "more than \(limit) elements in one DER structure") }
            result.append(try Self.next(in: contents, at: &offset))
        }
        return result
    }

    /// The element at `offset`, advancing it past the element.
    private static func next(in bytes: [UInt8], at offset: inout Int) throws(CryptoError) -> DERElement {
        guard offset < bytes.count else { throw CryptoError(.malformed, "a DER element is cut short") }
        let tag = bytes[offset]
        guard tag & 0x1F != 0x1F else { throw CryptoError(.malformed, "a high tag number, which nothing here uses") }
        var position = offset + 1
        guard position < bytes.count else { throw CryptoError(.malformed, "a DER element has no length") }
        let first = bytes[position]
        position += 1
        var count = 0
        if first < 0x80 {
            count = Int(first)
        } else {
            let lengthBytes = Int(first & 0x7F)
            guard (1...4).contains(lengthBytes) else { throw CryptoError(.malformed, "an indefinite or over-long DER length") }
            guard lengthBytes <= bytes.count - position else { throw CryptoError(.malformed, "a DER length is cut short") }
            for index in position..<(position + lengthBytes) { count = count << 8 | Int(bytes[index]) }
            position += lengthBytes
            guard count >= 0x80, bytes[position - lengthBytes] != 0 else { throw CryptoError(.malformed, "a DER length not in its shortest form") }
        }
        guard count <= bytes.count - position else { throw CryptoError(.malformed, "a DER element is longer than what holds it") }
        let contents = Array(bytes[position..<(position + count)])
        offset = position + count
        return DERElement(tag: tag, contents: contents)
    }
}
