import RialFormat
import RialCrypto

/// `rial/manifest.json` parses strictly, names this package, and lists every file that carries
/// evidence or a claim with the size, SHA-256 and SHA-512 the input actually has. This is
/// checked against our own digests of the stream, independently of the BagIt manifests, so
/// editing a BagIt manifest to match a changed file is still caught here.
struct RialManifestCheck: VerificationCheck {
    func run(_ context: VerificationContext) -> [CheckResult] {
        let subject = PackageLayout.manifest
        guard let parsed = context.manifest else {
            if context.has(subject) {
                return [.fail("rial.manifest.unreadable", subject, "rial/manifest.json is too large to read")]
            }
            return [context.profile == .package
                ? .fail("rial.manifest.missing", subject, "the package has no rial/manifest.json")
                : .notPresent("rial.manifest", subject, "a plain bag; no rial manifest to check")]
        }
        let manifest: PackageManifest
        switch parsed {
        case .failure(let error): return [.fail("rial.manifest.malformed", subject, error.reason)]
        case .success(let value): manifest = value
        }

        var results: [CheckResult] = []
        if context.profile == .package, let root = context.inventory.rootName, manifest.packageID.rawValue != root {
            results.append(.fail("rial.manifest.package-id.mismatch", "\(subject): package_id",
                                 "the manifest names another package than the one it is in", expected: root, actual: manifest.packageID.rawValue))
        }
        if case .success(let info)? = context.bagInfo, let date = info.values("Bagging-Date").first, date != manifest.created.dayString {
            results.append(.fail("rial.manifest.created.mismatch", "\(subject): created",
                                 "the manifest's creation day differs from bag-info.txt's Bagging-Date", expected: date, actual: manifest.created.dayString))
        }
        // The writer's canonical form is the only spelling: key order, file order, UTC times,
        // number and string forms. Anything else was not written by a conforming packer.
        if let bytes = context.bytes(subject), manifest.bytes() != bytes {
            results.append(.fail("rial.manifest.not-canonical", subject,
                                 "rial/manifest.json is valid but not in the canonical form a packer writes (schema/SPEC.md §6.6); it was rewritten"))
        }
        results += checkFiles(manifest, context)
        results += checkCapture(manifest, context)
        if results.isEmpty {
            results.append(.pass("rial.manifest", subject, "all \(manifest.files.count) listed files match their size, SHA-256 and SHA-512, and nothing else carries a claim"))
        }
        return results
    }

    private func checkFiles(_ manifest: PackageManifest, _ context: VerificationContext) -> [CheckResult] {
        var results: [CheckResult] = []
        var listed: Set<String> = []
        for record in manifest.files {
            let subject = record.path
            guard listed.insert(record.path).inserted else {
                results.append(.fail("rial.manifest.file.duplicate", subject, "listed more than once in rial/manifest.json"))
                continue
            }
            if let problem = BagPath.problem(with: record.path) {
                results.append(.fail("rial.manifest.file.invalid-path", subject, "rial/manifest.json lists a path that \(problem)"))
                continue
            }
            if PackageLayout.isOutsideManifest(record.path) {
                results.append(.fail("rial.manifest.file.not-allowed", subject, "this file stands outside rial/manifest.json and may not be listed in it"))
                continue
            }
            if let expectedRole = FileRole(path: record.path), expectedRole != record.role {
                results.append(.fail("rial.manifest.file.role-mismatch", subject, "the role does not fit the path", expected: expectedRole.rawValue, actual: record.role.rawValue))
            } else if FileRole(path: record.path) == nil {
                results.append(.fail("rial.manifest.file.unexpected-path", subject, "no file may have this path in a package"))
            }
            guard let file = context.inventory.files[record.path] else {
                results.append(.fail("rial.manifest.file.missing", subject, "listed in rial/manifest.json but not in the package"))
                continue
            }
            if file.size != record.size {
                results.append(.fail("rial.manifest.file.size-mismatch", subject, "the file's size differs from rial/manifest.json",
                                     expected: String(record.size), actual: String(file.size)))
            }
            for (algorithm, expected) in [(DigestAlgorithm.sha256, record.sha256), (.sha512, record.sha512)] {
                guard let actual = file.digests[algorithm] else {
                    results.append(.notChecked("rial.manifest.file.\(algorithm.rawValue)", subject, "the \(algorithm.rawValue) digest was not computed"))
                    continue
                }
                if actual != expected {
                    results.append(.fail("rial.manifest.file.\(algorithm.rawValue)-mismatch", subject,
                                         "\(algorithm.displayName) differs from rial/manifest.json: the file was changed",
                                         expected: expected, actual: actual))
                }
            }
        }
        let mustList = context.inventory.files.keys.filter { !PackageLayout.isOutsideManifest($0) }
        for path in mustList.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !listed.contains(path) {
            results.append(.fail("rial.manifest.file.unlisted", path, "present but not listed in rial/manifest.json: it was added or renamed"))
        }
        return results
    }

    private func checkCapture(_ manifest: PackageManifest, _ context: VerificationContext) -> [CheckResult] {
        let actual = CaptureSummary(payloadPaths: context.inventory.payloadPaths)
        let stated = manifest.capture
        let pairs: [(String, String, String)] = [
            ("kind", stated.kind, actual.kind),
            ("media_files", String(stated.mediaFiles), String(actual.mediaFiles)),
            ("depth_keyframes", String(stated.depthKeyframes), String(actual.depthKeyframes)),
            ("frame_files", String(stated.frameFiles), String(actual.frameFiles)),
            ("capture_app_files", String(stated.captureAppFiles), String(actual.captureAppFiles)),
        ]
        return pairs.filter { $0.1 != $0.2 }.map { field, expected, found in
            .fail("rial.manifest.capture.mismatch", "rial/manifest.json: capture.\(field)",
                  "the capture summary does not match the files in the package", expected: expected, actual: found)
        }
    }
}
