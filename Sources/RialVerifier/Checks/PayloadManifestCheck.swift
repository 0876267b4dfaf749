import RialFormat
import RialCrypto

/// Every payload file is listed in `manifest-<alg>.txt`, every listed file is present, and
/// every digest matches (RFC 8493 §3). A package must have SHA-256 and SHA-512 manifests; a
/// plain bag needs at least one manifest, and each one present is checked.
struct PayloadManifestCheck: VerificationCheck {
    func run(_ context: VerificationContext) -> [CheckResult] {
        var results = CappedResults()
        run(context, into: &results)
        return results.results
    }

    func run(_ context: VerificationContext, into results: inout CappedResults) {
        let present = manifestAlgorithms(context)
        let required: [DigestAlgorithm] = context.profile == .package ? [.sha256, .sha512] : []
        for algorithm in required where !present.contains(algorithm) {
            results.append(.fail(.payloadManifest(algorithm).absent, "manifest-\(algorithm.rawValue).txt",
                                 "the package has no \(algorithm.displayName) payload manifest"))
        }
        if context.profile == .bag && present.isEmpty {
            results.append(.fail(.bagManifestNone, "bag", "the bag has no payload manifest this verifier can read (RFC 8493 requires at least one)"))
        }
        let payload = context.inventory.payloadPaths
        for algorithm in present {
            let comparison = ManifestComparison(codes: CheckResult.Code.payloadManifest(algorithm), fileName: "manifest-\(algorithm.rawValue).txt", algorithm: algorithm)
            comparison.compare(context, mustList: payload, mayList: { $0.hasPrefix("data/") }, into: &results)
        }
    }

    private func manifestAlgorithms(_ context: VerificationContext) -> [DigestAlgorithm] {
        DigestAlgorithm.allCases.filter { context.has("manifest-\($0.rawValue).txt") }
    }
}
