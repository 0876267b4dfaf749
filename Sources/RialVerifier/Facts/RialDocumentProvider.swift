import RialFormat

/// rial's own documents, each read strictly from the tree the base step already parsed within
/// the budget (``ParsedDocuments``), once, when a check first asks: `rial/manifest.json`
/// (``Fact/rialManifest``), `rial/chain.json` (``Fact/frameChain``) and `rial/depth.json`
/// (``Fact/depthIndex``). Each is `nil` when the input does not have the file.
final class RialDocumentProvider {
    private var manifestMemo: FactMemo<Result<PackageManifest, FormatError>?>
    private var chainMemo: FactMemo<Result<FrameChain, FormatError>?>
    private var depthMemo: FactMemo<Result<DepthIndex, FormatError>?>

    init(log: FactLog) {
        manifestMemo = FactMemo(.rialManifest, log: log)
        chainMemo = FactMemo(.frameChain, log: log)
        depthMemo = FactMemo(.depthIndex, log: log)
    }

    func manifest(_ context: VerificationContext) -> Result<PackageManifest, FormatError>? {
        manifestMemo.value { context.documents.read(PackageLayout.manifest) { json throws(FormatError) in try PackageManifest(json: json) } }
    }

    /// The chain: the one the scan already parsed while recomputing it, else read here.
    func chain(_ context: VerificationContext) -> Result<FrameChain, FormatError>? {
        chainMemo.value {
            if let parsed = context.inventory.parsedChain { return .success(parsed) }
            return context.documents.read(PackageLayout.chain) { json throws(FormatError) in try FrameChain(json: json) }
        }
    }

    func depthIndex(_ context: VerificationContext) -> Result<DepthIndex, FormatError>? {
        depthMemo.value { context.documents.read(PackageLayout.depthIndex) { json throws(FormatError) in try DepthIndex(json: json) } }
    }
}
