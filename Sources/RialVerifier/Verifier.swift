#if canImport(Glibc)
import Glibc
#endif
import RialFormat
import RialMedia
import RialCrypto

/// Verifies `.rialpkg` packages and BagIt bag directories, offline, in one read of the input.
///
/// Verification never writes to the file system. It returns a report listing every check;
/// it throws only when the input cannot be evaluated at all.
public struct Verifier: Sendable {
    /// Called as bytes are read: bytes done, bytes in total (0 when unknown).
    public typealias Progress = (_ done: UInt64, _ total: UInt64) -> Void

    /// How much of a package the verifier reads and keeps (hostile input is bounded).
    public let limits: VerificationLimits
    /// The time the verification is judged at; injected so a re-run gives the same answer.
    public let verificationTime: Timestamp
    /// Trust anchors and requirements, from the person verifying.
    public let policy: VerificationPolicy

    /// - Parameters:
    ///   - limits: the bounds on what is read and kept.
    ///   - verificationTime: the time the package is judged at; give a fixed one to re-run a verification.
    ///     The policy's ``VerificationPolicy/statedTime`` (`--at`), when it has one, wins.
    ///   - policy: trust anchors and requirements.
    public init(
        limits: VerificationLimits = VerificationLimits(), verificationTime: Timestamp = .now(),
        policy: VerificationPolicy = VerificationPolicy()
    ) {
        self.limits = limits
        self.verificationTime = policy.statedTime ?? verificationTime
        self.policy = policy
    }

    /// The checks, in report order; each declares the facts it needs (``VerificationCheck/needs``).
    var checks: [any VerificationCheck] {
        [
            LayoutCheck(), BagDeclarationCheck(), BagInfoCheck(), PayloadOxumCheck(),
            // The payload manifests and their agreement (ManifestAgreementCheck), each manifest parsed once.
            PayloadManifestCheck(judgesAgreement: true), TagManifestCheck(), TagFileFormCheck(), FetchCheck(), RialManifestCheck(),
            ChainStructureCheck(), ChainSummaryCheck(), DepthIndexCheck(), ChainMaterialCheck(), ChainLinksCheck(), CaptureAgreementCheck(), AppFilesCheck(),
            AppDigestCheck(), AppBundleCheck(), AppKeysCheck(), AppChainCheck(), MetadataAgreementCheck(), MediaCheck(),
            NormalisedMetadataCheck(), PrivacyCheck(), ExternalMediaCheck(),
            SealCheck(), TimestampCheck(), RenewalCheck(), StapledRevocationCheck(), AppTimestampCheck(), AppTimeOrderCheck(), CustodyCheck(),
            LaterPartsCheck(),
        ]
    }

    /// The path that names standard input: `verify(path: "-")` reads one package from it, once,
    /// as a stream (a file named `-` is `./-`). Its report names the input `-`.
    public static let standardInput = "-"

    /// Verifies the package file or bag directory at `path` (``standardInput``: the package
    /// on standard input).
    /// - Returns: the report; its verdict is `pass` or `fail`.
    /// - Throws: ``VerifierError`` when the input is not a package or bag, cannot be read, or
    ///   declares a format version this verifier does not read.
    public func verify(path: String, progress: Progress? = nil) throws -> VerificationReport {
        try evaluate(path: path, progress: progress).report
    }

    /// The report and the inventory it rests on (the extractor compares against the latter).
    func evaluate(path: String, progress: Progress?) throws -> (report: VerificationReport, context: VerificationContext) {
        let kind = path != Self.standardInput && Self.isDirectory(path) ? VerificationReport.SubjectKind.bag : .package
        let inventory: Inventory
        switch kind {
        case .package:
            var scanner = PackageScanner(path: path, limits: limits, progress: progress)
            scanner.startsMediaProbes = policy.examinesMedia
            scanner.hashesArchive = policy.hashesPackageFile
            inventory = try scanner.scan()
        case .bag: inventory = try BagDirectoryScanner(path: path, limits: limits, progress: progress).scan()
        }
        if kind == .package, inventory.files[PackageLayout.manifest] == nil, inventory.files[PackageLayout.bagDeclaration] == nil {
            throw VerifierError(.notAPackage, "\(path) is a tar archive but not a .rialpkg package: it has neither bagit.txt nor rial/manifest.json")
        }
        let context = VerificationContext(
            inventory: inventory, profile: kind == .package ? .package : .bag, verificationTime: verificationTime,
            policy: policy, limits: limits)
        if case .failure(let error)? = context.manifest, error.code == .unsupportedVersion {
            throw VerifierError(.unsupportedVersion, error.reason)
        }
        // A package judged as of a time before it says it was made: every certificate, token and
        // custody event would be judged at a moment the package did not exist, so nothing could be.
        if let stated = policy.statedTime, let created = context.parsedManifest?.created, stated < created {
            throw VerifierError(
                .timeBeforePackage,
                "--at \(stated.rfc3339) is before the package was made (rial/manifest.json: created \(created.rfc3339)); a package cannot be verified as of a time before it existed: give a time at or after \(created.rfc3339)"
            )
        }
        var capped = CappedResults()
        // One after another on this thread: each fact is computed by its provider the first
        // time a check asks, and the providers' memos take no lock (``FactMemo``).
        for check in checks { check.run(context, into: &capped) }
        let results = capped.results
        var packageID: String?
        if case .success(let manifest)? = context.manifest { packageID = manifest.packageID.rawValue }
        let report = VerificationReport(
            subjectPath: path, subjectKind: kind, verifiedAt: verificationTime, packageID: packageID,
            manifestSHA256: inventory.files[PackageLayout.manifest]?.digests[.sha256],
            checks: results, warnings: warnings(context) + (context.custodyLog?.forcedWarnings ?? []),
            seal: context.seal?.summary, timestamp: context.timestamp?.summary,
            custody: context.custodyLog.map {
                CustodySummary(log: $0, signatures: context.custodySignatures, results: results.filter { $0.code.isIn(.custody) })
            },
            appTime: context.parsedAppManifest.map { _ in AppTimeSummary(context) },
            caseFields: (try? context.bagInfo?.get()).map(CaseFields.init),
            settings: VerificationSettings(
                policy: policy, verificationTime: verificationTime, stapled: context.stapledRevocation.evidence,
                mediaProbe: (context.media?.outcomes.isEmpty ?? true) ? nil : MediaProbe.environmentInForce),
            packageFile: inventory.archiveDigest
        )
        return (report, context)
    }

    /// The report and the inventory it rests on: the extractor (`RialExtractor`) compares what it
    /// writes against the latter.
    package func verifiedInventory(path: String, progress: Progress?) throws -> (report: VerificationReport, inventory: Inventory) {
        let (report, context) = try evaluate(path: path, progress: progress)
        return (report, context.inventory)
    }

    /// Like ``verify(path:progress:)``, but an input that cannot be evaluated gives a report
    /// with verdict `error` instead of an error thrown.
    public func report(for path: String, progress: Progress? = nil) -> VerificationReport {
        do {
            return try verify(path: path, progress: progress)
        } catch {
            return errorReport(error, path: path)
        }
    }

    /// The `error` report for an input that could not be evaluated.
    package func errorReport(_ error: any Error, path: String) -> VerificationReport {
        let kind: VerificationReport.SubjectKind = path != Self.standardInput && Self.isDirectory(path) ? .bag : .package
        let reason = error as? VerifierError ?? VerifierError(.unreadable, "cannot verify \(path)", cause: error)
        return .error(reason, subjectPath: path, subjectKind: kind, verifiedAt: verificationTime, settings: settings)
    }

    /// What every report of this verifier is reached with.
    var settings: VerificationSettings { VerificationSettings(policy: policy, verificationTime: verificationTime) }

    private func warnings(_ context: VerificationContext) -> [String] {
        guard context.profile == .bag else { return [] }
        var out: [String] = []
        let manifests = DigestAlgorithm.allCases.filter { context.has("manifest-\($0.rawValue).txt") }
        if !manifests.isEmpty, manifests.allSatisfy({ !$0.isCollisionResistant }) {
            out.append("the bag's payload manifests use only \(manifests.map(\.rawValue).joined(separator: ", ")), which have known collisions")
        }
        for path in context.inventory.tagPaths where !path.contains("/") {
            for prefix in ["manifest-", "tagmanifest-"] where path.hasPrefix(prefix) && path.hasSuffix(".txt") {
                let name = String(path.dropFirst(prefix.count).dropLast(4))
                if DigestAlgorithm(rawValue: name) == nil { out.append("\(path): algorithm \(name) is not supported; not checked") }
            }
        }
        if context.has("fetch.txt") { out.append("fetch.txt is present; rial never fetches, only files in the bag are checked") }
        out += Self.olderToolWarnings(context)
        return out
    }

    /// What older tools wrote into a bag's manifests that a plain bag accepts, said (the
    /// Library of Congress conformance suite's `warning` bags): paths written `./data/…`
    /// (BagIt 0.97 tools; RFC 8493 writes `data/…`), `*data/…` (md5sum's binary-mode mark), and
    /// a path listed twice with the same digest.
    private static func olderToolWarnings(_ context: VerificationContext) -> [String] {
        var out: [String] = []
        for algorithm in DigestAlgorithm.allCases {
            for name in ["manifest-\(algorithm.rawValue).txt", "tagmanifest-\(algorithm.rawValue).txt"] where context.has(name) {
                guard let text = try? context.tagText(name),
                    let manifest = try? BagManifest.parse(text, algorithm: algorithm.rawValue, digestByteCount: algorithm.byteCount, fileName: name)
                else { continue }
                let plural = { (count: Int) in count == 1 ? "1 path" : "\(count) paths" }
                let marks = manifest.entries.map { VerificationContext.oldFormPrefix($0.path) }
                // oldFormPrefix is 1 for `*`, 2 for `./`, 3 for both.
                let starred = marks.filter { $0 % 2 == 1 }.count
                if starred > 0 {
                    out.append(
                        "\(name) writes \(plural(starred)) as *…, md5sum's binary-mode mark, which RFC 8493 does not have: read as the same path without *")
                }
                let dotted = marks.filter { $0 >= 2 }.count
                if dotted > 0 {
                    out.append(
                        "\(name) writes \(plural(dotted)) as ./…, the form of BagIt 0.97 tools, deprecated by RFC 8493: read as the same path without ./")
                }
                var seen: [String: String] = [:]
                var repeated: Set<String> = []
                for entry in manifest.entries {
                    if let digest = seen[entry.path], digest == entry.digest {
                        repeated.insert(entry.path)
                    } else if seen[entry.path] == nil {
                        seen[entry.path] = entry.digest
                    }
                }
                if !repeated.isEmpty {
                    out.append(
                        "\(name) lists \(plural(repeated.count)) twice with the same digest (\(repeated.sorted().prefix(3).joined(separator: ", "))): read once"
                    )
                }
            }
        }
        return out
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
