import RialFormat

/// The verdict on one input, with every check that led to it.
public struct VerificationReport: Sendable {
    /// The outcome as a whole (`schema/SPEC.md` §9.2).
    public enum Verdict: String, Sendable {
        /// Every check that ran passed.
        case pass
        /// At least one check failed.
        case fail
        /// The input could not be evaluated; see ``error``.
        case error
    }

    /// What was verified.
    public enum SubjectKind: String, Sendable {
        /// A `.rialpkg` archive.
        case package
        /// A BagIt bag directory.
        case bag
    }

    /// The input as given.
    public let subjectPath: String
    /// A package file or a bag directory.
    public let subjectKind: SubjectKind
    /// The package file's SHA-256 and size as it was read, when the policy asked for them
    /// (``VerificationPolicy/hashesPackageFile``); `nil` otherwise and for a bag directory.
    public let packageFile: PackageFileDigest?
    /// The time the package was judged at.
    public let verifiedAt: Timestamp
    /// The package id `rial/manifest.json` states, when it parsed.
    public let packageID: String?
    /// SHA-256 of `rial/manifest.json` as found, the package's fingerprint.
    public let manifestSHA256: String?
    /// Every finding, in report order; empty for verdict `error`.
    public let checks: [CheckResult]
    /// Things a person should know that are not failures (plain bags only).
    public let warnings: [String]
    /// Why the input could not be evaluated, when the verdict is ``Verdict/error``.
    public let error: VerifierError?
    /// Who sealed the package and whether the verifier trusts them; `nil` for plain bags.
    public let seal: SealSummary?
    /// When the seal existed, by a time-stamping authority; `nil` for plain bags.
    public let timestamp: TimestampSummary?
    /// The custody log's timeline and state; `nil` for plain bags.
    public let custody: CustodySummary?
    /// When the capture existed, by the capture app's RFC 3161 tokens, and the app's clock
    /// statement; `nil` when the input holds no forensic manifest of the app.
    public let appTime: AppTimeSummary?
    /// The case fields of `bag-info.txt`, when it parsed.
    public let caseFields: CaseFields?
    /// What the verdict was reached with (anchors, requirements, time, version), so it can be
    /// repeated; `nil` only for a report not made by a ``Verifier``.
    public let settings: VerificationSettings?

    package init(
        subjectPath: String, subjectKind: SubjectKind, verifiedAt: Timestamp, packageID: String?, manifestSHA256: String?,
        checks: [CheckResult], warnings: [String] = [], error: VerifierError? = nil,
        seal: SealSummary? = nil, timestamp: TimestampSummary? = nil, custody: CustodySummary? = nil, appTime: AppTimeSummary? = nil,
        caseFields: CaseFields? = nil, settings: VerificationSettings? = nil, packageFile: PackageFileDigest? = nil
    ) {
        self.packageFile = packageFile
        self.caseFields = caseFields
        self.settings = settings
        self.custody = custody
        self.appTime = appTime
        self.seal = seal
        self.timestamp = timestamp
        self.subjectPath = subjectPath
        self.subjectKind = subjectKind
        self.verifiedAt = verifiedAt
        self.packageID = packageID
        self.manifestSHA256 = manifestSHA256
        self.checks = checks
        self.warnings = warnings
        self.error = error
    }

    /// A report for an input that could not be evaluated.
    package static func error(
        _ error: VerifierError, subjectPath: String, subjectKind: SubjectKind, verifiedAt: Timestamp,
        settings: VerificationSettings? = nil
    ) -> VerificationReport {
        VerificationReport(
            subjectPath: subjectPath, subjectKind: subjectKind, verifiedAt: verifiedAt, packageID: nil,
            manifestSHA256: nil, checks: [], error: error, settings: settings)
    }

    /// `error` when the input could not be evaluated, `fail` when any check failed, else `pass`.
    public var verdict: Verdict {
        if error != nil { return .error }
        return checks.contains { $0.status == .fail } ? .fail : .pass
    }

    /// The failing checks.
    public var failures: [CheckResult] { checks.filter { $0.status == .fail } }

    /// How many checks ended in each status.
    public func count(_ status: CheckStatus) -> Int { checks.filter { $0.status == status }.count }
}
