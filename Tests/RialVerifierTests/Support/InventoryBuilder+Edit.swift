import RialFormat
import RialCrypto
@testable import RialVerifier

/// Files added, removed or replaced, with the manifests that cover them recomputed or, to make
/// one stale on purpose, left as they were.
extension InventoryBuilder {
    /// The statements about the files that ``recomputeManifests(_:)`` can make again.
    enum Manifest: CaseIterable {
        /// `manifest-sha256.txt`, `manifest-sha512.txt` and `bag-info.txt`'s `Payload-Oxum`.
        case payload
        /// `rial/manifest.json`: its file records and capture summary. Rewriting it changes the
        /// package's fingerprint, so a custody log made before no longer links to it.
        case rial
    }

    /// Rewrites the chosen manifests to state the files as they are now: the payload manifests
    /// (and `Payload-Oxum`, when `bag-info.txt` parses) first, then `rial/manifest.json` (which
    /// lists them), keeping its package id, creation time and tool.
    mutating func recomputeManifests(_ which: Set<Manifest> = Set(Manifest.allCases)) throws {
        let payload = files.filter { $0.key.hasPrefix("data/") }
        if which.contains(.payload) {
            for algorithm in [DigestAlgorithm.sha256, .sha512] {
                let entries = payload.map { BagManifest.Entry(path: $0.key, digest: Self.digests(of: $0.value)[algorithm] ?? "") }
                files["manifest-\(algorithm.rawValue).txt"] = BagManifest(algorithm: algorithm.rawValue, entries: entries).bytes()
            }
            let oxum = PayloadOxum(octets: payload.values.reduce(0) { $0 + UInt64($1.count) }, fileCount: UInt64(payload.count))
            try setBagInfo("Payload-Oxum", [oxum.description])
        }
        if which.contains(.rial) { try recomputeRialManifest() }
    }

    /// Rewrites `rial/manifest.json` over the files as they are now, keeping its package id,
    /// creation time and tool.
    private mutating func recomputeRialManifest() throws {
        let payload = files.filter { $0.key.hasPrefix("data/") }
        let existing = try files[PackageLayout.manifest].map { try PackageManifest(json: StrictJSONParser.parse($0)) }
        let listed = files.keys.filter { !PackageLayout.isOutsideManifest($0) }.sorted()
        let records = listed.compactMap { path -> PackageManifest.FileRecord? in
            guard let bytes = files[path], let role = FileRole(path: path) else { return nil }
            let digests = Self.digests(of: bytes)
            return PackageManifest.FileRecord(
                path: path, role: role, mediaType: MediaType.forExtension(BagPath.fileExtension(of: path)),
                size: UInt64(bytes.count), sha256: digests[.sha256] ?? "", sha512: digests[.sha512] ?? "")
        }
        let manifest = PackageManifest(
            packageID: try existing?.packageID ?? PackageID(Self.packageID), created: existing?.created ?? Self.created,
            tool: existing?.tool ?? .init(name: RialToolkit.name, version: RialToolkit.version),
            capture: CaptureSummary(payloadPaths: payload.keys.sorted()), files: records)
        files[PackageLayout.manifest] = manifest.bytes()
    }

    /// Stores `bytes` as `path` (a new file or a replacement), then recomputes `manifests`;
    /// by default none, so the manifests still state the files as they were.
    mutating func put(_ path: String, _ bytes: [UInt8], recomputing manifests: Set<Manifest> = []) throws {
        files[path] = bytes
        try recomputeManifests(manifests)
    }

    /// Removes `path`, then recomputes `manifests`; by default none.
    mutating func remove(_ path: String, recomputing manifests: Set<Manifest> = []) throws {
        guard files.removeValue(forKey: path) != nil else { throw BuilderError("no \(path) to remove") }
        try recomputeManifests(manifests)
    }

    /// Writes the tag manifests over the tag files as they are now and stops recomputing them,
    /// so that a later edit leaves them stale, as an edit by someone who does not rewrite them.
    mutating func freezeTagManifests() {
        files.merge(Self.tagManifests(of: files)) { _, new in new }
        coversTagManifests = false
    }

    /// Drops `path`'s line from the payload manifest of `algorithm`, and nothing else.
    mutating func unlist(_ path: String, fromPayloadManifest algorithm: DigestAlgorithm) throws {
        let name = "manifest-\(algorithm.rawValue).txt"
        guard let bytes = files[name] else { throw BuilderError("no \(name)") }
        let manifest = try BagManifest.parse(bytes, algorithm: algorithm.rawValue, digestByteCount: algorithm.byteCount, fileName: name)
        guard manifest.entries.contains(where: { $0.path == path }) else { throw BuilderError("\(name) does not list \(path)") }
        files[name] = BagManifest(algorithm: algorithm.rawValue, entries: manifest.entries.filter { $0.path != path }).bytes()
    }

    /// Sets `label`'s values in `bag-info.txt` where the first of them stood (at the end when
    /// absent); no values removes the label. The rest of the file is kept in order.
    mutating func setBagInfo(_ label: String, _ values: [String]) throws {
        guard let bytes = files[PackageLayout.bagInfo] else { throw BuilderError("no bag-info.txt") }
        let fields = try BagInfo.parse(bytes).fields
        let replacement = values.map { BagInfo.Field(label, $0) }
        let matches = { (field: BagInfo.Field) in field.label.lowercased() == label.lowercased() }
        var edited = fields
        if let first = fields.firstIndex(where: matches) {
            edited = Array(fields[..<first]) + replacement + fields[first...].dropFirst().filter { !matches($0) }
        } else {
            edited += replacement
        }
        files[PackageLayout.bagInfo] = BagInfo(fields: edited).bytes()
    }

    /// A plain RFC 8493 bag with no `rial/` at all, as a directory bag the verifier is pointed
    /// at: `bagit.txt`, a `bag-info.txt` with `Payload-Oxum` and `Bagging-Date`, two payload
    /// files and both payload manifests, no tag manifests and no top-level directory name.
    static func plainBag() throws -> InventoryBuilder {
        var builder = InventoryBuilder()
        builder.rootName = nil
        builder.coversTagManifests = false
        builder.files[PackageLayout.bagDeclaration] = BagDeclaration.current.bytes()
        builder.files["data/report.txt"] = Array("a report\n".utf8)
        builder.files["data/photos/one.jpg"] = Array("not really a photo".utf8)
        var info = BagInfo()
        info.append("Payload-Oxum", "0.0")
        info.append("Bagging-Date", created.dayString)
        builder.files[PackageLayout.bagInfo] = info.bytes()
        try builder.recomputeManifests([.payload])
        return builder
    }
}
