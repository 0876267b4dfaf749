import RialFormat

/// The BagIt tag files' facts: the encoding `bagit.txt` declares for the others (§5.1), and
/// `bag-info.txt` read in it, and the manifests. Each is computed once, when a check first asks
/// (``Fact/tagEncoding``, ``Fact/bagInfo``, ``Fact/bagManifests``).
final class BagInfoProvider {
    private var encoding: FactMemo<TagFileEncoding?>
    private var info: FactMemo<Result<BagInfo, FormatError>?>
    /// Each manifest by file name, parsed: four checks read each one.
    private var manifests: [String: Result<BagManifest?, FormatError>] = [:]
    private let log: FactLog

    init(log: FactLog) {
        encoding = FactMemo(.tagEncoding, log: log)
        info = FactMemo(.bagInfo, log: log)
        self.log = log
    }

    /// The manifest `fileName`, parsed by `parse` the first time any check asks for it.
    func bagManifest(_ fileName: String, parse: () throws(FormatError) -> BagManifest?) throws(FormatError) -> BagManifest? {
        if let known = manifests[fileName] { return try known.get() }
        if manifests.isEmpty { log.record(.bagManifests) }
        let result = Result { () throws(FormatError) -> BagManifest? in try parse() }
        manifests[fileName] = result
        return try result.get()
    }

    /// The encoding of the other tag files: UTF-8 for a package (which must declare it; check 2
    /// fails any other) and for a bag whose declaration cannot be read (check 2 says why);
    /// `nil` for a bag that declares one rial does not read.
    func tagEncoding(_ context: VerificationContext) -> TagFileEncoding? {
        encoding.value {
            guard context.profile == .bag, let bytes = context.inventory.tagFileBytes[PackageLayout.bagDeclaration],
                let declaration = try? BagDeclaration.parse(bytes)
            else { return .utf8 }
            return TagFileEncoding(declared: declaration.encoding)
        }
    }

    /// `bag-info.txt`, parsed in the declared encoding; `nil` when absent (or not kept).
    func bagInfo(_ context: VerificationContext) -> Result<BagInfo, FormatError>? {
        info.value {
            let encoding = tagEncoding(context)
            return context.inventory.tagFileBytes[PackageLayout.bagInfo].map { bytes in
                Result { () throws(FormatError) -> BagInfo in try BagInfo.parse(Self.utf8(bytes, encoding, file: PackageLayout.bagInfo)) }
            }
        }
    }

    /// `bytes` of the tag file `file` as UTF-8, converted from `encoding`.
    /// - Throws: ``FormatError`` `.invalidUTF8` when they are not text in it, or there is no
    ///   encoding rial reads.
    static func utf8(_ bytes: [UInt8], _ encoding: TagFileEncoding?, file: String) throws(FormatError) -> [UInt8] {
        guard let encoding else {
            throw FormatError(.invalidUTF8, "\(file) is in an encoding rial does not read (bagit.txt declares it; rial reads \(TagFileEncoding.supported))")
        }
        return try encoding.utf8(bytes, file: file)
    }
}
