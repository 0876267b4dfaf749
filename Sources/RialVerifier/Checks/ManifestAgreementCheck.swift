import RialFormat
import RialCrypto

/// All payload manifests list the same files (RFC 8493 §3: every payload file in every
/// payload manifest). A file listed in one manifest only means the manifests were edited apart.
struct ManifestAgreementCheck: VerificationCheck {
    func run(_ context: VerificationContext) -> [CheckResult] {
        var sets: [(String, Set<String>)] = []
        for algorithm in DigestAlgorithm.allCases {
            let name = "manifest-\(algorithm.rawValue).txt"
            guard let manifest = try? context.bagManifest(name, algorithm: algorithm) else { continue }
            sets.append((name, Set(manifest.entries.map(\.path))))
        }
        guard sets.count >= 2 else {
            return [.notChecked(.bagManifestsAgree, "payload manifests", "fewer than two readable payload manifests to compare")]
        }
        var results: [CheckResult] = []
        let union = sets.reduce(Set<String>()) { $0.union($1.1) }
        for path in union.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let missingFrom = sets.filter { !$0.1.contains(path) }.map(\.0)
            if !missingFrom.isEmpty {
                results.append(.fail(.bagManifestsDisagree, path, "listed in some payload manifests but not in \(missingFrom.joined(separator: ", "))"))
            }
        }
        return results.isEmpty ? [.pass(.bagManifestsAgree, "payload manifests", "\(sets.map(\.0).joined(separator: " and ")) list the same \(union.count) files")] : results
    }
}
