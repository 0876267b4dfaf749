import RialFormat

/// What a receipt's report says, read back from its JSON (`schema/report.schema.json`): the
/// package bytes it names, its verdict and findings, and the settings it was reached with, so
/// `rial receipt verify` can compare a package and re-run the verification. Read from hostile
/// bytes under a parse budget; every member is checked for its type, none is trusted further.
public struct RecordedReport: Sendable {
    /// One finding as recorded: what a re-run must reproduce.
    public struct Finding: Hashable, Sendable, Comparable {
        public let code: String
        public let status: String
        public let subject: String

        public static func < (lhs: Finding, rhs: Finding) -> Bool {
            (lhs.code, lhs.subject, lhs.status) < (rhs.code, rhs.subject, rhs.status)
        }
    }

    /// An anchor the verification trusted, by role (`signer`, `tsa`) and SHA-256 fingerprint.
    public struct Anchor: Hashable, Sendable {
        public let role: String
        public let fingerprint: String
        public let subject: String
    }

    public let reportVersion: String
    public let subjectPath: String
    public let packageFile: PackageFileDigest?
    public let verdict: String
    public let verifiedAt: Timestamp
    public let packageID: String?
    public let manifestSHA256: String?
    public let findings: [Finding]
    public let toolVersion: String?
    public let examiner: Examiner?
    // The settings a re-run needs.
    public let anchors: [Anchor]
    public let requiresSeal: Bool
    public let requiresTimestamp: Bool
    public let custodyHead: String?
    public let externalMedia: String?
    /// `settings.verification_time`, and whether it was stated (`--at`) rather than the clock's.
    public let verificationTime: Timestamp
    public let isVerificationTimeStated: Bool
    public let examinesMedia: Bool
    /// The SHA-256 of each revocation evidence file the verifier supplied (stapled files travel
    /// in the package and need not be given again).
    public let suppliedRevocationSHA256: [String]

    /// Why the bytes are not a receipt's report, in a sentence.
    public struct Problem: Error, Sendable {
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
                  let subject = string(check, "subject") else { return nil }
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
