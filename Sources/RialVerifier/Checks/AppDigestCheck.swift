import RialFormat
import RialCrypto

/// The capture app's own integrity claim (`schema/SPEC.md` §8.5 check 14a): the SHA-256 and
/// SHA-512 its forensic manifest records for the media are the media's. The media's digests
/// are the ones the payload manifests are checked against, computed as the package was read.
struct AppDigestCheck: VerificationCheck {
    var needs: Set<Fact> { [.appDocuments, .metadata] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.judgesRialParts, let manifestPath = context.appFiles[.forensicManifest],
            let manifest = context.parsedAppManifest
        else { return [] }
        let namedPath = PackageLayout.mediaDirectory + manifest.fileName
        guard let location = context.appMedia, let media = context.inventory.files[location.path] else {
            if context.metadataSources?.isHashOnly == true {
                let why = "the package withholds its media (hash-only), so the digest the app recorded cannot be held against it"
                return [.notChecked(.appMediaSHA256, manifestPath, why), .notChecked(.appMediaSHA512, manifestPath, why)]
            }
            let held = context.payloadPaths(under: PackageLayout.mediaDirectory)
            return [
                .fail(
                    .appMediaMissing, manifestPath,
                    "the capture app's forensic manifest names the media \(manifest.fileName), which is not in the package, and no media file has the SHA-256 or SHA-512 it records",
                    expected: namedPath, actual: held.isEmpty ? "no media" : held.joined(separator: ", "))
            ]
        }
        let mediaPath = location.path
        var results: [CheckResult] = []
        if location.byContent {
            let name = String(mediaPath.dropFirst(PackageLayout.mediaDirectory.count))
            results.append(
                .pass(
                    .appMediaFoundByContent, mediaPath,
                    "the capture app's forensic manifest \(manifestPath) names the media \(manifest.fileName), which is not in the package; \(name) has the digest it records, so it is the recording, renamed after the app hashed it (a name is not covered by the app's digests or tokens)"
                ))
        }
        let claims: [(DigestAlgorithm, String, String, CheckResult.Code, CheckResult.Code)] = [
            (.sha256, "SHA-256", manifest.sha256, .appMediaSHA256, .appMediaSHA256Mismatch),
            (.sha512, "SHA-512", manifest.sha512, .appMediaSHA512, .appMediaSHA512Mismatch),
        ]
        for (algorithm, title, claimed, agreed, mismatch) in claims {
            guard let actual = media.digests[algorithm] else { continue }
            if actual == claimed {
                let key = algorithm == .sha256 ? "sha256Hash" : "sha512Hash"
                let size = manifest.fileSize.map { UInt64(clamping: $0) == media.size ? ", as is its fileSize (\($0) bytes)" : "" } ?? ""
                results.append(
                    .pass(
                        agreed, mediaPath,
                        "the \(title) the capture app recorded in \(manifestPath) (\(key), for its fileName \(manifest.fileName)) is the media's\(size)"))
            } else {
                results.append(
                    .fail(
                        mismatch, mediaPath,
                        "the media's \(title) is not the one the capture app recorded in \(manifestPath): the media is not what the app hashed, or the manifest was changed",
                        expected: claimed, actual: actual))
            }
        }
        if let size = manifest.fileSize, UInt64(clamping: size) != media.size {
            results.append(
                .fail(
                    .appMediaSizeMismatch, mediaPath, "the media's size is not the fileSize the capture app recorded in \(manifestPath)",
                    expected: String(size), actual: String(media.size)))
        }
        return results
    }
}
