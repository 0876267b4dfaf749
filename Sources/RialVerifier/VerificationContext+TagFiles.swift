import RialFormat
import RialCrypto

/// The BagIt text files read in the encoding `bagit.txt` declares (``BagInfoProvider``).
extension VerificationContext {
    /// A BagIt text file's bytes (`bag-info.txt`, a manifest, `fetch.txt`) as UTF-8, converted
    /// from the encoding `bagit.txt` declares (§5.1); `nil` when not kept.
    /// - Throws: ``FormatError`` `.invalidUTF8` when it is not text in that encoding, or the
    ///   encoding is one rial does not read.
    func tagText(_ path: String) throws(FormatError) -> [UInt8]? {
        let encoding = tagEncoding
        return try bytes(path).map { bytes throws(FormatError) in try BagInfoProvider.utf8(bytes, encoding, file: path) }
    }

    /// A payload or tag manifest, read in the declared encoding (§5.1) and parsed; in a plain
    /// bag a path written `./data/…` is read as `data/…` (BagIt 0.97 tools wrote it so, and
    /// bagit-python reads it so), and one written `*data/…` as `data/…` (md5sum's binary-mode
    /// mark, as `md5sum -b` writes it). `nil` when its bytes were not kept.
    /// - Throws: ``FormatError`` for a manifest that is not text in that encoding or does not parse.
    func bagManifest(_ fileName: String, algorithm: DigestAlgorithm) throws(FormatError) -> BagManifest? {
        try bagFacts.bagManifest(fileName) { () throws(FormatError) -> BagManifest? in try parseBagManifest(fileName, algorithm: algorithm) }
    }

    private func parseBagManifest(_ fileName: String, algorithm: DigestAlgorithm) throws(FormatError) -> BagManifest? {
        guard let text = try tagText(fileName) else { return nil }
        let manifest = try BagManifest.parse(text, algorithm: algorithm.rawValue, digestByteCount: algorithm.byteCount, fileName: fileName)
        guard profile == .bag, manifest.entries.contains(where: { Self.oldFormPrefix($0.path) > 0 }) else { return manifest }
        return BagManifest(
            algorithm: manifest.algorithm,
            entries: manifest.entries.map { entry in
                let prefix = Self.oldFormPrefix(entry.path)
                return prefix > 0 ? BagManifest.Entry(path: String(entry.path.dropFirst(prefix)), digest: entry.digest) : entry
            })
    }

    /// How many leading characters of a plain bag's manifest path are an older tool's marks, not
    /// the path: md5sum's binary-mode `*`, then `./`.
    static func oldFormPrefix(_ path: String) -> Int {
        let star = path.hasPrefix("*") && !path.hasPrefix("**") ? 1 : 0
        return star + (path.dropFirst(star).hasPrefix("./") ? 2 : 0)
    }
}
