import RialFormat
import RialCrypto

/// All payload manifests list the same files (RFC 8493 §3: every payload file in every
/// payload manifest). A file listed in one manifest only means the manifests were edited apart.
struct ManifestAgreementCheck: CappedCheck {
    var needs: Set<Fact> { [.bagManifests] }

    func run(_ context: VerificationContext, into results: inout CappedResults) {
        var sets: [(String, Set<String>)] = []
        for algorithm in DigestAlgorithm.allCases {
            let name = "manifest-\(algorithm.rawValue).txt"
            guard let manifest = try? context.bagManifest(name, algorithm: algorithm) else { continue }
            sets.append((name, Set(manifest.entries.map(\.path))))
        }
        Self.compare(sets, into: &results)
    }

    /// The agreement of the manifests named in `sets` (file name, paths it lists), those that
    /// could be read, in algorithm order. ``PayloadManifestCheck`` calls this with the paths
    /// its comparisons listed, so that the verifier parses each manifest once.
    static func compare(_ sets: [(String, Set<String>)], into results: inout CappedResults) {
        guard sets.count >= 2 else {
            return results.append(.notChecked(.bagManifestsAgree, "payload manifests", "fewer than two readable payload manifests to compare"))
        }
        // Only the paths some manifest lacks are sorted and reported: a manifest of a million
        // lines costs no sort when the manifests agree.
        var disagreeing: Set<String> = []
        for (_, listed) in sets {
            for other in sets where other.1.count != listed.count || !other.1.isSuperset(of: listed) {
                disagreeing.formUnion(listed.subtracting(other.1))
            }
        }
        for path in disagreeing.sorted(by: UTF8Order.precedes) {
            let missingFrom = sets.filter { !$0.1.contains(path) }.map(\.0)
            results.append(
                .fail(
                    .bagManifestsDisagree, path.utf8.count <= 1024 ? path : QuotedValue.excerpt(path),
                    "listed in some payload manifests but not in \(missingFrom.joined(separator: ", "))"))
        }
        if disagreeing.isEmpty {
            results.append(.pass(.bagManifestsAgree, "payload manifests", "\(sets.map(\.0).joined(separator: " and ")) list the same \(sets[0].1.count) files"))
        }
    }
}
