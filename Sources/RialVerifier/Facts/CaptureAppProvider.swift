import RialFormat

/// The capture app's documents, read once when a check first asks: its forensic manifest and
/// hash chain (``Fact/appDocuments``), and the metadata files, the app's and rial's
/// (``Fact/metadata``). The app's files are where the base step recognised them
/// (``VerificationContext/appFiles``).
final class CaptureAppProvider {
    /// The forensic manifest and hash chain; each `nil` when the input has no such file.
    struct Documents {
        let manifest: Result<AppForensicManifest, FormatError>?
        let chain: Result<AppHashChain, FormatError>?
    }

    private var documents: FactMemo<Documents>
    private var metadata: FactMemo<MetadataSources>

    init(log: FactLog) {
        documents = FactMemo(.appDocuments, log: log)
        metadata = FactMemo(.metadata, log: log)
    }

    func documents(_ context: VerificationContext) -> Documents {
        documents.value {
            let tooLarge = FormatError(.limitExceeded, "it is larger than a verifier reads into memory")
            let chain = context.appFiles[.hashChain].map { path in
                context.documents.read(path) { json throws(FormatError) in try AppHashChain(json: json) } ?? .failure(tooLarge)
            }
            let manifest = context.appFiles[.forensicManifest].map { path in
                let source = String(path.split(separator: "/").last ?? "")
                return context.documents.read(path) { json throws(FormatError) in try AppForensicManifest(json: json, source: source) } ?? .failure(tooLarge)
            }
            return Documents(manifest: manifest, chain: chain)
        }
    }

    func metadataSources(_ context: VerificationContext) -> MetadataSources {
        metadata.value { MetadataSources(context) }
    }
}
