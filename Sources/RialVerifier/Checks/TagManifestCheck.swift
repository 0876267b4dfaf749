import RialFormat
import RialCrypto

/// `tagmanifest-<alg>.txt` digests match the tag files. In a package both SHA-256 and SHA-512
/// tag manifests are required and must list every tag file but themselves; in a plain bag they
/// are optional and may list any subset (RFC 8493 §2.2.1).
struct TagManifestCheck: CappedCheck {
    var needs: Set<Fact> { [.bagManifests] }

    func run(_ context: VerificationContext, into results: inout CappedResults) {
        let present = DigestAlgorithm.allCases.filter { context.has("tagmanifest-\($0.rawValue).txt") }
        if context.profile == .package {
            for algorithm in [DigestAlgorithm.sha256, .sha512] where !present.contains(algorithm) {
                results.append(
                    .fail(
                        .tagManifest(algorithm).absent, "tagmanifest-\(algorithm.rawValue).txt",
                        "the package has no \(algorithm.displayName) tag manifest"))
            }
        } else if present.isEmpty {
            return results.append(
                .notPresent(.bagTagmanifest, "bag", "the bag has no tag manifest; its tag files (bag-info.txt, manifests) are not protected by digests"))
        }
        let isTagManifest = { (path: String) in path.hasPrefix("tagmanifest-") && !path.contains("/") }
        let mustList = context.profile == .package ? context.inventory.tagPaths.filter { !isTagManifest($0) } : []
        for algorithm in present {
            let comparison = ManifestComparison(
                codes: CheckResult.Code.tagManifest(algorithm), fileName: "tagmanifest-\(algorithm.rawValue).txt", algorithm: algorithm)
            comparison.compare(context, mustList: mustList, mayList: { !$0.hasPrefix("data/") && !isTagManifest($0) }, into: &results)
        }
    }
}
