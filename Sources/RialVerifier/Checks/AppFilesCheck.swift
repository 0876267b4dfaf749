import RialFormat

/// Every file the capture app exported is accounted for (`schema/SPEC.md` §8.5 check 14a): each
/// one rial reads is read by exactly one reading, and each one it does not is named NOT CHECKED,
/// so that no claim passes by omission. The forensic manifest's own shape is judged here; its
/// digests by ``AppDigestCheck``, its tokens by the app timestamp check.
struct AppFilesCheck: VerificationCheck {
    var needs: Set<Fact> { [.appDocuments, .frameChain] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        guard context.judgesRialParts else { return [] }
        var results: [CheckResult] = []
        for (kind, paths) in context.appFiles.ambiguous.sorted(by: { $0.key < $1.key }) {
            for path in paths {
                results.append(
                    .fail(
                        .appFilesAmbiguous, path,
                        "\(paths.count) files read as \(kind.title) (\(paths.joined(separator: ", "))); a capture has one, so none of them is interpreted"))
            }
        }
        for path in context.appFiles.uninterpreted {
            results.append(
                .notChecked(
                    .appFileNotInterpreted, path,
                    "carried verbatim, not interpreted: the package's manifests and seal cover its bytes, but rial reads nothing it says"))
        }
        // Without a chain, nothing says which frame a depth keyframe belongs to.
        if context.parsedChain == nil {
            let depth = context.payloadPaths(under: PackageLayout.depthDirectory)
            if !depth.isEmpty {
                let listed = depth.prefix(3).joined(separator: ", ") + (depth.count > 3 ? ", …" : "")
                // A photo's one depth map belongs to the photo; its size is metadata.depth-resolution's.
                let reason =
                    depth.count == 1
                    ? "1 depth file carried verbatim, its values not interpreted: a photo's depth map, or a keyframe that no capture descriptor assigns to a frame (\(listed))"
                    : "\(depth.count) depth keyframes carried verbatim, not interpreted: without a capture descriptor nothing says which frame each belongs to (\(listed))"
                results.append(.notChecked(.appFileNotInterpreted, PackageLayout.depthDirectory, reason))
            }
        }
        if let path = context.appFiles[.forensicManifest] {
            switch context.appManifest {
            case .failure(let error)?:
                results.append(
                    .fail(.appManifestMalformed, path, "the capture app's forensic manifest cannot be read as schema/SPEC.md §2.2 defines it: \(error.reason)"))
            case .success(let manifest)? where !manifest.unreadKeys.isEmpty:
                results.append(
                    .notChecked(
                        .appManifestUnreadKeys, path,
                        "keys the forensic manifest's reading does not define, carried, not interpreted: \(manifest.unreadKeys.prefix(20).joined(separator: ", "))"
                    ))
            default:
                break
            }
        }
        return results
    }
}
