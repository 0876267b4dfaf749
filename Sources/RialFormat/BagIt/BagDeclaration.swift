/// `bagit.txt`, the bag declaration (RFC 8493 §2.1.1).
package struct BagDeclaration: Sendable, Hashable {
    package let version: String
    package let encoding: String

    /// The declaration this toolkit writes: BagIt 1.0, UTF-8 tag files.
    package static let current = BagDeclaration(version: "1.0", encoding: "UTF-8")

    package init(version: String, encoding: String) {
        self.version = version
        self.encoding = encoding
    }

    package func bytes() -> [UInt8] {
        Array("BagIt-Version: \(version)\nTag-File-Character-Encoding: \(encoding)\n".utf8)
    }

    /// Parses `bagit.txt`: exactly the two lines, in order.
    /// - Throws: ``FormatError`` `.invalidLine` or `.missingField`.
    package static func parse(_ bytes: [UInt8]) throws(FormatError) -> BagDeclaration {
        let lines = try TextLines.split(bytes, file: "bagit.txt")
        guard lines.count == 2 else {
            throw FormatError(.invalidLine, "bagit.txt must have exactly two lines, found \(lines.count)")
        }
        guard lines[0].hasPrefix("BagIt-Version: ") else {
            throw FormatError(.missingField, "bagit.txt line 1 must be \"BagIt-Version: M.N\"")
        }
        guard lines[1].hasPrefix("Tag-File-Character-Encoding: ") else {
            throw FormatError(.missingField, "bagit.txt line 2 must be \"Tag-File-Character-Encoding: ENCODING\"")
        }
        return BagDeclaration(
            version: String(lines[0].dropFirst("BagIt-Version: ".count)),
            encoding: String(lines[1].dropFirst("Tag-File-Character-Encoding: ".count))
        )
    }
}
