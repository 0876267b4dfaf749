import RialFormat
import RialCrypto

/// Every payload file is listed in `manifest-<alg>.txt`, every listed file is present, and
/// every digest matches (RFC 8493 §3). A package must have SHA-256 and SHA-512 manifests; a
/// plain bag needs at least one manifest, and each one present is checked.
struct PayloadManifestCheck: CappedCheck {
    var needs: Set<Fact> { [.bagManifests] }

    /// Whether the manifests' agreement (``ManifestAgreementCheck``) is judged here too, from
    /// the paths each comparison listed: each manifest is then parsed once, and only its
    /// paths are kept while the next is parsed (a manifest may have a million lines).
    var judgesAgreement = false

    func run(_ context: VerificationContext, into results: inout CappedResults) {
        let present = manifestAlgorithms(context)
        let required: [DigestAlgorithm] = context.profile == .package ? [.sha256, .sha512] : []
        for algorithm in required where !present.contains(algorithm) {
            results.append(
                .fail(
                    .payloadManifest(algorithm).absent, "manifest-\(algorithm.rawValue).txt",
                    "the package has no \(algorithm.displayName) payload manifest"))
        }
        if context.profile == .bag && present.isEmpty {
            results.append(.fail(.bagManifestNone, "bag", "the bag has no payload manifest this verifier can read (RFC 8493 requires at least one)"))
        }
        let payload = context.payloadPaths
        var listed: [(String, Set<String>)] = []
        for algorithm in present {
            let comparison = ManifestComparison(
                codes: CheckResult.Code.payloadManifest(algorithm), fileName: "manifest-\(algorithm.rawValue).txt", algorithm: algorithm)
            if let paths = comparison.compare(context, mustList: payload, mayList: { $0.hasPrefix("data/") }, into: &results) {
                listed.append((comparison.fileName, paths))
            }
        }
        if judgesAgreement { ManifestAgreementCheck.compare(listed, into: &results) }
    }

    private func manifestAlgorithms(_ context: VerificationContext) -> [DigestAlgorithm] {
        DigestAlgorithm.allCases.filter { context.has("manifest-\($0.rawValue).txt") }
    }
}
