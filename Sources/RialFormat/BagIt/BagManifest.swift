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
        let sorted = entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
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
        var entries: [Entry] = []
        for (number, line) in try TextLines.split(bytes, file: fileName).enumerated() {
            let scalars = Array(line.unicodeScalars)
            guard let gap = scalars.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                throw FormatError(.invalidLine, "\(fileName) line \(number + 1) has no path after the digest")
            }
            var start = gap
            while start < scalars.count, scalars[start] == " " || scalars[start] == "\t" { start += 1 }
            let digest = String(String.UnicodeScalarView(scalars[..<gap]))
            let path = String(String.UnicodeScalarView(scalars[start...]))
            guard !path.isEmpty else {
                throw FormatError(.invalidLine, "\(fileName) line \(number + 1) has no path after the digest")
            }
            // Digests are compared case-insensitively by RFC 8493; we normalise to lowercase.
            let lowered = digest.lowercased()
            guard Hex.isDigest(lowered, byteCount: digestByteCount) else {
                throw FormatError(.invalidHex, "\(fileName) line \(number + 1): \(QuotedValue.quoted(digest)) is not a \(algorithm) digest")
            }
            entries.append(Entry(path: ManifestPathEncoding.decode(path), digest: lowered))
        }
        return BagManifest(algorithm: algorithm, entries: entries)
    }
}
