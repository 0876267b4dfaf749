import Foundation

/// Offsets in a tar archive found without a tar library, by walking its raw 512-byte headers:
/// how a test finds the bytes it then changes in place, independently of the reader it tests.
public enum RawTar {
    /// The archive offset of the data of the member named `name` (ustar headers only: the
    /// test packages' names are short and ASCII).
    /// - Throws: `CocoaError(.fileNoSuchFile)` when no member has that name.
    public static func dataOffset(of name: String, in data: Data) throws -> Int {
        var offset = 0
        while offset + 512 <= data.count {
            let header = data[offset..<offset + 512]
            let member = String(decoding: header.prefix(100).prefix { $0 != 0 }, as: UTF8.self)
            let sizeField = String(decoding: header.dropFirst(124).prefix(12).prefix { $0 != 0 && $0 != 0x20 }, as: UTF8.self)
            let size = Int(sizeField, radix: 8) ?? 0
            if member == name { return offset + 512 }
            if member.isEmpty { break }
            offset += 512 + (size + 511) / 512 * 512
        }
        throw CocoaError(.fileNoSuchFile)
    }
}
