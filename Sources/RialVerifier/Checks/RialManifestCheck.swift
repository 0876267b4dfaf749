import RialFormat
import RialCrypto

/// `rial/manifest.json` parses strictly, names this package, and lists every file that carries
/// evidence or a claim with the size, SHA-256 and SHA-512 the input actually has. This is
/// checked against our own digests of the stream, independently of the BagIt manifests, so
/// editing a BagIt manifest to match a changed file is still caught here.
struct RialManifestCheck: VerificationCheck {
    var needs: Set<Fact> { [.bagInfo, .rialManifest] }

    func run(_ context: VerificationContext) -> [CheckResult] {
        let subject = PackageLayout.manifest
        guard let parsed = context.manifest else {
            if context.has(subject) {
                return [.fail(.rialManifestUnreadable, subject, "rial/manifest.json is too large to read")]
            }
            return [
                context.profile == .package
                    ? .fail(.rialManifestMissing, subject, "the package has no rial/manifest.json")
                    : .notPresent(.rialManifest, subject, "a plain bag; no rial manifest to check")
            ]
        }
        let manifest: PackageManifest
        switch parsed {
        case .failure(let error): return [.fail(.rialManifestMalformed, subject, error.reason)]
        case .success(let value): manifest = value
        }

        var results: [CheckResult] = []
        if context.profile == .package, let root = context.inventory.rootName, manifest.packageID.rawValue != root {
            results.append(
                .fail(
                    .rialManifestPackageIdMismatch, "\(subject): package_id",
                    "the manifest names another package than the one it is in", expected: root, actual: manifest.packageID.rawValue))
        }
        if case .success(let info)? = context.bagInfo, let date = info.values("Bagging-Date").first, date != manifest.created.dayString {
            results.append(
                .fail(
                    .rialManifestCreatedMismatch, "\(subject): created",
                    "the manifest's creation day differs from bag-info.txt's Bagging-Date", expected: date, actual: manifest.created.dayString))
        }
        // The writer's canonical form is the only spelling: key order, file order, UTC times,
        // number and string forms. Anything else was not written by a conforming packer.
        if let bytes = context.bytes(subject), !manifest.bytes().hasSameBytes(as: bytes) {
            results.append(
                .fail(
                    .rialManifestNotCanonical, subject,
                    "rial/manifest.json is valid but not in the canonical form a packer writes (schema/SPEC.md §6.6); it was rewritten"))
        }
        results += checkFiles(manifest, context)
        results += checkCapture(manifest, context)
        if results.isEmpty {
            results.append(
                .pass(
                    .rialManifest, subject, "all \(manifest.files.count) listed files match their size, SHA-256 and SHA-512, and nothing else carries a claim"))
        }
        return results
    }

    private func checkFiles(_ manifest: PackageManifest, _ context: VerificationContext) -> [CheckResult] {
        var results: [CheckResult] = []
        var listed: Set<String> = []
        listed.reserveCapacity(manifest.files.count)
        for record in manifest.files {
            let subject = record.path
            guard listed.insert(record.path).inserted else {
                results.append(.fail(.rialManifestFileDuplicate, subject, "listed more than once in rial/manifest.json"))
                continue
            }
            if let problem = BagPath.problem(with: record.path) {
                results.append(.fail(.rialManifestFileInvalidPath, subject, "rial/manifest.json lists a path that \(problem)"))
                continue
            }
            if PackageLayout.isOutsideManifest(record.path) {
                results.append(.fail(.rialManifestFileNotAllowed, subject, "this file stands outside rial/manifest.json and may not be listed in it"))
                continue
            }
            if let expectedRole = FileRole(path: record.path), expectedRole != record.role {
                results.append(
                    .fail(
                        .rialManifestFileRoleMismatch, subject, "the role does not fit the path", expected: expectedRole.rawValue, actual: record.role.rawValue)
                )
            } else if FileRole(path: record.path) == nil {
                results.append(.fail(.rialManifestFileUnexpectedPath, subject, "no file may have this path in a package"))
            }
            guard let file = context.inventory.files[record.path] else {
                results.append(.fail(.rialManifestFileMissing, subject, "listed in rial/manifest.json but not in the package"))
                continue
            }
            if file.size != record.size {
                results.append(
                    .fail(
                        .rialManifestFileSizeMismatch, subject, "the file's size differs from rial/manifest.json",
                        expected: String(record.size), actual: String(file.size)))
            }
            // rial/manifest.json records exactly these two digests of a file, each with its own codes.
            let digests: [(DigestAlgorithm, String, checked: CheckResult.Code, mismatch: CheckResult.Code)] = [
                (.sha256, record.sha256, .rialManifestFileSha256, .rialManifestFileSha256Mismatch),
                (.sha512, record.sha512, .rialManifestFileSha512, .rialManifestFileSha512Mismatch),
            ]
            for (algorithm, expected, checked, mismatch) in digests {
                guard let actual = file.digests[algorithm] else {
                    results.append(.notChecked(checked, subject, "the \(algorithm.rawValue) digest was not computed"))
                    continue
                }
                if actual != expected {
                    results.append(
                        .fail(
                            mismatch, subject,
                            "\(algorithm.displayName) differs from rial/manifest.json: the file was changed",
                            expected: expected, actual: actual))
                }
            }
        }
        // Only what is missing is sorted: usually nothing.
        let unlisted = context.inventory.files.keys.filter { !PackageLayout.isOutsideManifest($0) && !listed.contains($0) }
        for path in unlisted.sorted(by: UTF8Order.precedes) {
            results.append(.fail(.rialManifestFileUnlisted, path, "present but not listed in rial/manifest.json: it was added or renamed"))
        }
        return results
    }

    private func checkCapture(_ manifest: PackageManifest, _ context: VerificationContext) -> [CheckResult] {
        let actual = CaptureSummary(payloadPaths: context.payloadPaths)
        let stated = manifest.capture
        let pairs: [(String, String, String)] = [
            ("kind", stated.kind, actual.kind),
            ("media_files", String(stated.mediaFiles), String(actual.mediaFiles)),
            ("depth_keyframes", String(stated.depthKeyframes), String(actual.depthKeyframes)),
            ("frame_files", String(stated.frameFiles), String(actual.frameFiles)),
            ("capture_app_files", String(stated.captureAppFiles), String(actual.captureAppFiles)),
        ]
        return pairs.filter { $0.1 != $0.2 }.map { field, expected, found in
            .fail(
                .rialManifestCaptureMismatch, "rial/manifest.json: capture.\(field)",
                "the capture summary does not match the files in the package", expected: expected, actual: found)
        }
    }
}
