import RialFormat
import RialCrypto

/// Every tag file of a package, built from the payload's records, in the order the writer
/// emits them (`schema/SPEC.md` §4).
///
/// Built twice per package: once with placeholder digests to lay out the archive before the
/// payload is read, once with the real ones. Every digest is fixed-width hex, so both builds
/// have the same sizes, which ``Packager`` checks before patching the real bytes in.
struct TagFileSet {
    struct TagFile {
        let path: String
        let bytes: [UInt8]
    }

    /// The tag files written before the payload, in order.
    let files: [TagFile]
    /// Tag files written after the payload, because they are made from the final
    /// `rial/manifest.json` (the seal). The tag manifests list them.
    let appended: [TagFile]

    /// The SHA-256 of `rial/manifest.json`: the one hash that names the package's content.
    let manifestSHA256: String

    /// - Parameter seal: makes `rial/seal/manifest.p7s` from the exact bytes of
    ///   `rial/manifest.json`; `nil` for an unsealed package. While laying out with placeholder
    ///   digests it may return anything: only its path reaches the tag manifests' layout.
    init(packageID: PackageID, created: Timestamp, bagInfoFields: [BagInfo.Field], payload: [PayloadRecord],
         chain: FrameChain? = nil, depthIndex: DepthIndex? = nil, seal: ((_ manifest: [UInt8]) throws -> [UInt8])? = nil) throws {
        let declaration = BagDeclaration.current.bytes()

        var info = BagInfo()
        let octets = payload.reduce(UInt64(0)) { $0 + $1.size }
        info.append("Payload-Oxum", PayloadOxum(octets: octets, fileCount: UInt64(payload.count)).description)
        info.append("Bagging-Date", created.dayString)
        info.append("External-Identifier", packageID.rawValue)
        info.append("Bag-Software-Agent", RialToolkit.bagSoftwareAgent)
        for field in bagInfoFields { info.append(field.label, field.value) }
        let bagInfo = info.bytes()

        let readme = Array(ReadmeText.make(packageID: packageID).utf8)
        let manifest256 = BagManifest(algorithm: "sha256", entries: payload.map { .init(path: $0.bagPath.rawValue, digest: $0.sha256) }).bytes()
        let manifest512 = BagManifest(algorithm: "sha512", entries: payload.map { .init(path: $0.bagPath.rawValue, digest: $0.sha512) }).bytes()

        let leading: [TagFile] = [
            TagFile(path: PackageLayout.bagDeclaration, bytes: declaration),
            TagFile(path: PackageLayout.bagInfo, bytes: bagInfo),
            TagFile(path: PackageLayout.readme, bytes: readme),
            TagFile(path: PackageLayout.payloadManifests[0], bytes: manifest256),
            TagFile(path: PackageLayout.payloadManifests[1], bytes: manifest512),
        ]

        // rial/ files the manifest lists (it cannot list itself), written after it.
        var rialFiles: [TagFile] = []
        if let chain { rialFiles.append(TagFile(path: PackageLayout.chain, bytes: chain.bytes())) }
        if let depthIndex { rialFiles.append(TagFile(path: PackageLayout.depthIndex, bytes: depthIndex.bytes())) }

        var records: [PackageManifest.FileRecord] = []
        for tag in leading + rialFiles {
            guard let role = FileRole(path: tag.path) else { continue }
            records.append(.init(path: tag.path, role: role, mediaType: MediaType.forExtension(BagPath.fileExtension(of: tag.path)),
                                 size: UInt64(tag.bytes.count),
                                 sha256: hex(try StreamingDigest.digest(.sha256, of: tag.bytes)),
                                 sha512: hex(try StreamingDigest.digest(.sha512, of: tag.bytes))))
        }
        for file in payload {
            guard let role = FileRole(path: file.bagPath.rawValue) else {
                throw PackagerError(.internalInconsistency, "no role for \(file.bagPath)")
            }
            records.append(.init(path: file.bagPath.rawValue, role: role, mediaType: MediaType.forExtension(file.bagPath.fileExtension),
                                 size: file.size, sha256: file.sha256, sha512: file.sha512))
        }
        let manifest = PackageManifest(
            packageID: packageID, created: created,
            tool: .init(name: RialToolkit.name, version: RialToolkit.version),
            capture: CaptureSummary(payloadPaths: payload.map(\.bagPath.rawValue)),
            chain: chain.map(ChainSummary.init),
            files: records
        ).bytes()
        manifestSHA256 = hex(try StreamingDigest.digest(.sha256, of: manifest))

        let tagged = leading + [TagFile(path: PackageLayout.manifest, bytes: manifest)] + rialFiles
        appended = try seal.map { [TagFile(path: PackageLayout.seal, bytes: try $0(manifest))] } ?? []
        var tagManifests: [TagFile] = []
        for (index, algorithm) in [DigestAlgorithm.sha256, .sha512].enumerated() {
            var entries: [BagManifest.Entry] = []
            for tag in tagged + appended {
                entries.append(.init(path: tag.path, digest: hex(try StreamingDigest.digest(algorithm, of: tag.bytes))))
            }
            tagManifests.append(TagFile(path: PackageLayout.tagManifests[index],
                                        bytes: BagManifest(algorithm: algorithm.rawValue, entries: entries).bytes()))
        }
        files = tagged + tagManifests
    }
}

func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes) }
