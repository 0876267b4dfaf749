#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text taken from a media file's bytes, made safe to carry: valid UTF-8 and bounded.
package enum MediaText {
    /// The bytes as text: UTF-8 when they are valid UTF-8, else Latin-1 (so QuickTime's `©`
    /// atoms, written in Mac Roman and ISO 8859-1 alike as 0xA9, read as `©`), cut to at most
    /// `maxBytes` UTF-8 bytes on a character boundary.
    /// - Parameters:
    ///   - bytes: the stored bytes (a C string without its NUL).
    ///   - maxBytes: the most UTF-8 bytes to keep.
    /// - Returns: the text and whether it was cut.
    package static func decode<Bytes: Collection>(_ bytes: Bytes, maxBytes: Int) -> (text: String, isTruncated: Bool)
    where Bytes.Element == UInt8 {
        // Only a bounded prefix is examined: the rest would be cut anyway. Four more bytes than
        // the limit let a character that straddles it be recognised as UTF-8.
        let limit = max(0, maxBytes) &+ 4
        let prefix = Array(bytes.prefix(limit))
        let isCut = bytes.count > prefix.count
        var text: String
        if let utf8 = String(validating: prefix, as: UTF8.self) {
            text = utf8
        } else if isCut, let utf8 = String(validating: prefix.dropLast(trailingPartialCharacter(prefix)), as: UTF8.self) {
            text = utf8
        } else {
            text = String(String.UnicodeScalarView(prefix.map { Unicode.Scalar($0) }))
        }
        var isTruncated = isCut
        if text.utf8.count > maxBytes {
            text = cut(text, toUTF8Count: maxBytes)
            isTruncated = true
        }
        return (text, isTruncated)
    }

    /// A C string as ``decode(_:maxBytes:)`` reads bytes; `nil` for a null pointer. The string
    /// is read no further than the limit needs.
    package static func decode(cString: UnsafePointer<CChar>?, maxBytes: Int) -> (text: String, isTruncated: Bool)? {
        guard let cString else { return nil }
        let count = strnlen(cString, max(0, maxBytes) &+ 5)
        let bytes = UnsafeRawBufferPointer(start: cString, count: count).bindMemory(to: UInt8.self)
        return decode(bytes, maxBytes: maxBytes)
    }

    /// `text` cut to at most `count` UTF-8 bytes, on a Unicode scalar boundary.
    package static func cut(_ text: String, toUTF8Count count: Int) -> String {
        var result = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            let size = String(scalar).utf8.count
            guard used + size <= count else { break }
            result.append(scalar)
            used += size
        }
        return String(result)
    }

    /// How many bytes at the end of `bytes` belong to a UTF-8 sequence that the end cuts short.
    private static func trailingPartialCharacter(_ bytes: [UInt8]) -> Int {
        var count = 0
        for byte in bytes.reversed().prefix(3) {
            count += 1
            if byte & 0xC0 == 0xC0 { return count }  // the lead byte of the cut sequence
            if byte & 0xC0 != 0x80 { return 0 }  // ASCII: nothing cut short
        }
        return 0
    }
}
