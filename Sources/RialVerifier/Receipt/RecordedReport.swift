import RialFormat

/// What a receipt's report says, read back from its JSON (`schema/report.schema.json`): the
/// package bytes it names, its verdict and findings, and the settings it was reached with, so
/// `rial receipt verify` can compare a package and re-run the verification. Read from hostile
/// bytes under a parse budget; every member is checked for its type, none is trusted further.
public struct RecordedReport: Sendable {
    /// One finding as recorded: what a re-run must reproduce.
    public struct Finding: Hashable, Sendable, Comparable {
        /// The check code.
        public let code: String
        /// `pass`, `fail`, `not_present` or `not_checked`.
        public let status: String
        /// What it is about.
        public let subject: String

        /// By code, subject, status.
        public static func < (lhs: Finding, rhs: Finding) -> Bool {
            (lhs.code, lhs.subject, lhs.status) < (rhs.code, rhs.subject, rhs.status)
        }
    }

    /// An anchor the verification trusted, by role (`signer`, `tsa`) and SHA-256 fingerprint.
    public struct Anchor: Hashable, Sendable {
        /// `signer` or `tsa`.
        public let role: String
        /// The SHA-256 of the certificate's DER, lowercase hex.
        public let fingerprint: String
        /// The certificate's subject.
        public let subject: String
    }

    /// `report_version`.
    public let reportVersion: String
    /// `subject.path`: the input as the examiner gave it.
    public let subjectPath: String
    /// `subject.sha256` and `subject.size`; `nil` when absent (not a receipt's report).
    public let packageFile: PackageFileDigest?
    /// `verdict`: `pass`, `fail` or `error`.
    public let verdict: String
    /// `verified_at`.
    public let verifiedAt: Timestamp
    /// `package_id`.
    public let packageID: String?
    /// `manifest_sha256`.
    public let manifestSHA256: String?
    /// `checks`, as code, status and subject.
    public let findings: [Finding]
    /// `tool.version`.
    public let toolVersion: String?
    /// `settings.examiner`.
    public let examiner: Examiner?
    // The settings a re-run needs.
    /// `settings.trust_anchors`.
    public let anchors: [Anchor]
    /// `settings.require_seal`.
    public let requiresSeal: Bool
    /// `settings.require_timestamp`.
    public let requiresTimestamp: Bool
    /// `settings.custody_head`.
    public let custodyHead: String?
    /// `settings.media`.
    public let externalMedia: String?
    /// `settings.verification_time`, and whether it was stated (`--at`) rather than the clock's.
    public let verificationTime: Timestamp
    /// Whether `settings.verification_time_source` is `stated`.
    public let isVerificationTimeStated: Bool
    /// `settings.examine_media` (true when absent: the default).
    public let examinesMedia: Bool
    /// The SHA-256 of each revocation evidence file the verifier supplied (stapled files travel
    /// in the package and need not be given again).
    public let suppliedRevocationSHA256: [String]

    /// Why the bytes are not a receipt's report, in a sentence.
    public struct Problem: Error, Sendable {
        /// In a sentence.
        public let reason: String
    }

    /// - Throws: ``Problem`` when the bytes are not a rial JSON report of major version 1.
    public init(bytes: [UInt8]) throws(Problem) {
        let value: JSONValue
        do {
            value = try StrictJSONParser.parse(bytes, budget: JSONBudget(limit: 8 * Int(ReceiptLayout.maxReportBytes)))
        } catch {
            throw Problem(reason: "it is not JSON: \(error.reason)")
        }
        guard case .object(let root) = value else { throw Problem(reason: "it is not a JSON object") }
        func string(_ object: JSONObject, _ key: String) -> String? {
            if case .string(let text)? = object[key] { return text }
            return nil
        }
        func object(_ object: JSONObject, _ key: String) -> JSONObject? {
            if case .object(let inner)? = object[key] { return inner }
            return nil
        }
        func bool(_ object: JSONObject, _ key: String) -> Bool? {
            if case .bool(let flag)? = object[key] { return flag }
            return nil
        }
        func array(_ object: JSONObject, _ key: String) -> [JSONValue] {
            if case .array(let items)? = object[key] { return items }
            return []
        }
        guard let version = string(root, "report_version"), version.hasPrefix("1.") else {
            throw Problem(reason: "it is not a rial report of major version 1 (no \"report_version\": \"1.x\")")
        }
        reportVersion = version
        guard let subject = object(root, "subject"), let path = string(subject, "path") else { throw Problem(reason: "it names no subject") }
        subjectPath = path
        if let sha256 = string(subject, "sha256"), case .integer(let size)? = subject["size"], size >= 0, Hex.isDigest(sha256, byteCount: 32) {
            packageFile = PackageFileDigest(sha256: sha256, size: UInt64(size))
        } else {
            packageFile = nil
        }
        guard let verdict = string(root, "verdict"), ["pass", "fail", "error"].contains(verdict) else { throw Problem(reason: "it has no verdict") }
        self.verdict = verdict
        guard let at = string(root, "verified_at"), let verifiedAt = try? Timestamp(rfc3339: at) else { throw Problem(reason: "it has no verification time") }
        self.verifiedAt = verifiedAt
        packageID = string(root, "package_id")
        manifestSHA256 = string(root, "manifest_sha256")
        findings = array(root, "checks").compactMap { item in
            guard case .object(let check) = item, let code = string(check, "code"), let status = string(check, "status"),
                let subject = string(check, "subject")
            else { return nil }
            return Finding(code: code, status: status, subject: subject)
        }
        toolVersion = object(root, "tool").flatMap { string($0, "version") }
        let settings = object(root, "settings") ?? JSONObject()
        examiner = object(settings, "examiner").flatMap { item in string(item, "name").map { Examiner(name: $0, host: string(item, "host") ?? "") } }
        anchors = array(settings, "trust_anchors").compactMap { item in
            guard case .object(let anchor) = item, let role = string(anchor, "role"), let fingerprint = string(anchor, "sha256_fingerprint") else { return nil }
            return Anchor(role: role, fingerprint: fingerprint, subject: string(anchor, "subject") ?? "")
        }
        requiresSeal = bool(settings, "require_seal") ?? false
        requiresTimestamp = bool(settings, "require_timestamp") ?? false
        custodyHead = string(settings, "custody_head")
        externalMedia = string(settings, "media")
        verificationTime = string(settings, "verification_time").flatMap { try? Timestamp(rfc3339: $0) } ?? verifiedAt
        isVerificationTimeStated = string(settings, "verification_time_source") == "stated"
        examinesMedia = bool(settings, "examine_media") ?? true
        suppliedRevocationSHA256 = array(settings, "revocation_evidence").compactMap { item in
            guard case .object(let file) = item, string(file, "source") != "stapled" else { return nil }
            return string(file, "sha256")
        }
    }
}
