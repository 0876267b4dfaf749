import RialFormat
import RialCrypto

/// Every tag file of a package, built from the payload's records, in the order the writer
/// emits them (`schema/SPEC.md` §4).
///
/// Built twice per package: once with placeholder digests to lay out the archive before the
/// payload is read, once with the real ones. Every digest is fixed-width hex, so both builds
/// have the same sizes, which ``Packager`` checks before patching the real bytes in.
struct TagFileSet {
    /// The tag files written before the payload, in order.
    let files: [PackageFile]
    /// Tag files written after the payload, because they are made from the final
    /// `rial/manifest.json` (the seal, the custody log's first events). The tag manifests
    /// list them.
    let appended: [PackageFile]

    /// The SHA-256 of `rial/manifest.json`: the one hash that names the package's content.
    let manifestSHA256: String

    /// - Parameter readmeAppStep: README.txt's step 9, for a package made from the capture
    ///   app's export that holds its forensic manifest and media.
    /// - Parameter appended: makes the files that follow the payload from the exact bytes of
    ///   `rial/manifest.json`. While laying out with placeholder digests it may return any
    ///   bytes: only the paths reach the tag manifests' layout.
    init(
        packageID: PackageID, created: Timestamp, bagInfoFields: [BagInfo.Field], payload: [PayloadRecord],
        chain: FrameChain? = nil, depthIndex: DepthIndex? = nil, metadata: [PackageFile] = [], readmeAppStep: ReadmeText.AppManifestStep? = nil,
        appended: (_ manifest: [UInt8]) throws -> [PackageFile]
    ) throws {
        let declaration = BagDeclaration.current.bytes()

        var info = BagInfo()
        let octets = payload.reduce(UInt64(0)) { $0 + $1.size }
        info.append("Payload-Oxum", PayloadOxum(octets: octets, fileCount: UInt64(payload.count)).description)
        info.append("Bagging-Date", created.dayString)
        info.append("External-Identifier", packageID.rawValue)
        info.append("Bag-Software-Agent", RialToolkit.bagSoftwareAgent)
        for field in bagInfoFields { info.append(field.label, field.value) }
        let bagInfo = info.bytes()

        let hashOnly = metadata.contains { $0.path == PackageLayout.hashOnlyPayload }
        let readme = Array(ReadmeText.make(packageID: packageID, hashOnly: hashOnly, appManifest: readmeAppStep).utf8)
        let manifest256 = BagManifest(algorithm: "sha256", entries: payload.map { .init(path: $0.bagPath.rawValue, digest: $0.sha256) }).bytes()
        let manifest512 = BagManifest(algorithm: "sha512", entries: payload.map { .init(path: $0.bagPath.rawValue, digest: $0.sha512) }).bytes()

        let leading: [PackageFile] = [
            PackageFile(path: PackageLayout.bagDeclaration, bytes: declaration),
            PackageFile(path: PackageLayout.bagInfo, bytes: bagInfo),
            PackageFile(path: PackageLayout.readme, bytes: readme),
            PackageFile(path: PackageLayout.payloadManifests[0], bytes: manifest256),
            PackageFile(path: PackageLayout.payloadManifests[1], bytes: manifest512),
        ]

        // rial/ files the manifest lists (it cannot list itself), written after it.
        var rialFiles: [PackageFile] = []
        if let chain { rialFiles.append(PackageFile(path: PackageLayout.chain, bytes: chain.bytes())) }
        if let depthIndex { rialFiles.append(PackageFile(path: PackageLayout.depthIndex, bytes: depthIndex.bytes())) }
        rialFiles += metadata

        var records: [PackageManifest.FileRecord] = []
        for tag in leading + rialFiles {
            guard let role = FileRole(path: tag.path) else { continue }
            records.append(
                .init(
                    path: tag.path, role: role, mediaType: MediaType.forExtension(BagPath.fileExtension(of: tag.path)),
                    size: UInt64(tag.bytes.count),
                    sha256: hex(try StreamingDigest.digest(.sha256, of: tag.bytes)),
                    sha512: hex(try StreamingDigest.digest(.sha512, of: tag.bytes))))
        }
        for file in payload {
            guard let role = FileRole(path: file.bagPath.rawValue) else {
                throw PackagerError(.internalInconsistency, "no role for \(file.bagPath)")
            }
            records.append(
                .init(
                    path: file.bagPath.rawValue, role: role, mediaType: MediaType.forExtension(file.bagPath.fileExtension),
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

        let tagged = leading + [PackageFile(path: PackageLayout.manifest, bytes: manifest)] + rialFiles
        self.appended = try appended(manifest)
        var tagManifests: [PackageFile] = []
        for (index, algorithm) in [DigestAlgorithm.sha256, .sha512].enumerated() {
            var entries: [BagManifest.Entry] = []
            for tag in tagged + self.appended {
                entries.append(.init(path: tag.path, digest: hex(try StreamingDigest.digest(algorithm, of: tag.bytes))))
            }
            tagManifests.append(
                PackageFile(
                    path: PackageLayout.tagManifests[index],
                    bytes: BagManifest(algorithm: algorithm.rawValue, entries: entries).bytes()))
        }
        files = tagged + tagManifests
    }
}

func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes) }
