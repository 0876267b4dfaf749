/// A BagIt manifest or tag manifest (`manifest-<alg>.txt`, `tagmanifest-<alg>.txt`):
/// one line per file, `<hex digest> <path>`.
package struct BagManifest: Sendable, Hashable {
    /// One line: a file and its digest.
    package struct Entry: Sendable, Hashable {
        package let path: String
        package let digest: String
        package init(path: String, digest: String) {
            self.path = path
            self.digest = digest
        }
    }

    /// The digest algorithm named in the file name, e.g. `sha256`.
    package let algorithm: String
    /// Entries in file order.
    package let entries: [Entry]

    package init(algorithm: String, entries: [Entry]) {
        self.algorithm = algorithm
        self.entries = entries
    }

    /// Writes the manifest: entries sorted by path bytes, two spaces between digest and path
    /// (the `sha256sum` format, so `sha256sum -c` reads it), LF line ends.
    package func bytes() -> [UInt8] {
        let sorted = entries.sorted { UTF8Order.precedes($0.path, $1.path) }
        var text = ""
        for entry in sorted { text += "\(entry.digest)  \(ManifestPathEncoding.encode(entry.path))\n" }
        return Array(text.utf8)
    }

    /// Parses a manifest.
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - algorithm: the algorithm from the file name.
    ///   - digestByteCount: the digest length the algorithm produces.
    ///   - fileName: for messages.
    /// - Throws: ``FormatError`` `.invalidLine` naming the line, `.invalidHex` for a digest of the
    ///   wrong shape, `.invalidUTF8`.
    package static func parse(_ bytes: [UInt8], algorithm: String, digestByteCount: Int, fileName: String) throws(FormatError) -> BagManifest {
        // Over bytes: a manifest of many thousand lines is parsed without building a string per
        // character. Space, tab and hex digits are ASCII, which never occurs inside a multi-byte
        // UTF-8 sequence, and the file was validated as UTF-8 whole.
        let lines = try TextLines.ranges(bytes, file: fileName)
        var entries: [Entry] = []
        entries.reserveCapacity(lines.count)
        for (number, line) in lines.enumerated() {
            guard let gap = bytes[line].firstIndex(where: Self.isBlank) else {
                throw FormatError(.invalidLine, "\(fileName) line \(number + 1) has no path after the digest")
            }
            let start = bytes[gap..<line.upperBound].firstIndex { !Self.isBlank($0) } ?? line.upperBound
            guard start < line.upperBound else {
                throw FormatError(.invalidLine, "\(fileName) line \(number + 1) has no path after the digest")
            }
            // Digests are compared case-insensitively by RFC 8493; we normalise to lowercase.
            let digest = bytes[line.lowerBound..<gap]
            guard digest.count == digestByteCount * 2, let lowered = Self.lowercaseHex(digest) else {
                let text = String(decoding: digest, as: UTF8.self)
                throw FormatError(.invalidHex, "\(fileName) line \(number + 1): \(QuotedValue.quoted(text)) is not a \(algorithm) digest")
            }
            let path = String(decoding: bytes[start..<line.upperBound], as: UTF8.self)
            entries.append(Entry(path: ManifestPathEncoding.decode(path), digest: lowered))
        }
        return BagManifest(algorithm: algorithm, entries: entries)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// `digest` in lowercase when every byte is a hex digit, else `nil`.
    private static func lowercaseHex(_ digest: ArraySlice<UInt8>) -> String? {
        var hasCapital = false
        for byte in digest {
            guard isHexDigit(byte) else { return nil }
            hasCapital = hasCapital || byte < UInt8(ascii: "a") && byte >= UInt8(ascii: "A")
        }
        // Digests are written in lowercase by nearly every tool: taken as they are.
        guard hasCapital else { return String(decoding: digest, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: digest.count) { lowered in
            for (index, byte) in digest.enumerated() { lowered[index] = byte | (byte >= UInt8(ascii: "A") ? 0x20 : 0) }
            return digest.count
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): return true
        default: return false
        }
    }
}
