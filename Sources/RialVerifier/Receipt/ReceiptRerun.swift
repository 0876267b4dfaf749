import RialCrypto
import RialFormat

/// A receipt's verification made again: the policy its report records (anchors by
/// fingerprint, requirements, custody head, media examination, revocation evidence, and its
/// time as a stated time, so certificates are judged as they were), and the comparison of
/// today's findings with the recorded ones.
struct ReceiptRerun {
    let recorded: RecordedReport
    /// What the person checking the receipt gave: anchors and revocation evidence to pick from.
    let given: VerificationPolicy
    let package: String

    struct Refusal: Error {
        let reason: String
    }

    /// The recorded policy, or why it cannot be given again.
    var policy: Result<VerificationPolicy, Refusal> {
        if let media = recorded.externalMedia {
            return .failure(Refusal(reason: "the verification used a copy of the media held apart (--media \(media)); re-run rial verify with it and compare"))
        }
        func pick(_ role: String, from anchors: [Certificate]) -> (found: [Certificate], missing: [RecordedReport.Anchor]) {
            let wanted = recorded.anchors.filter { $0.role == role }
            let byFingerprint = Dictionary(anchors.map { ($0.fingerprintSHA256, $0) }, uniquingKeysWith: { first, _ in first })
            return (wanted.compactMap { byFingerprint[$0.fingerprint] }, wanted.filter { byFingerprint[$0.fingerprint] == nil })
        }
        let signers = pick("signer", from: given.sealAnchors), tsas = pick("tsa", from: given.timestampAnchors)
        let missing = signers.missing + tsas.missing
        if !missing.isEmpty {
            let named = missing.map { "\($0.role == "tsa" ? "--tsa-trust" : "--trust") \($0.subject) (SHA-256 \($0.fingerprint))" }
            return .failure(Refusal(reason: "the verification trusted anchors not given now: \(named.joined(separator: "; "))"))
        }
        let evidence = Dictionary(given.revocationEvidence.map { ($0.sha256, $0) }, uniquingKeysWith: { first, _ in first })
        let absent = recorded.suppliedRevocationSHA256.filter { evidence[$0] == nil }
        if !absent.isEmpty {
            return .failure(
                Refusal(reason: "the verification used revocation evidence not given now (--crl/--ocsp files with SHA-256 \(absent.joined(separator: ", ")))"))
        }
        var policy = VerificationPolicy(
            sealAnchors: signers.found, timestampAnchors: tsas.found, requiresSeal: recorded.requiresSeal,
            requiresTimestamp: recorded.requiresTimestamp, custodyHead: recorded.custodyHead)
        policy.revocationEvidence = recorded.suppliedRevocationSHA256.compactMap { evidence[$0] }
        policy.statedTime = recorded.verificationTime
        policy.examinesMedia = recorded.examinesMedia
        policy.hashesPackageFile = true
        return .success(policy)
    }

    /// Today's report against the recorded one: the same verdict and the same findings.
    func finding(_ again: VerificationReport) -> CheckResult {
        let now = again.checks.map { RecordedReport.Finding(code: $0.code.rawValue, status: $0.status.rawValue, subject: $0.subject) }
        let onlyThen = Self.difference(recorded.findings, now), onlyNow = Self.difference(now, recorded.findings)
        let as_ = "as of \(recorded.verificationTime.rfc3339), with the recorded settings"
        guard again.verdict.rawValue == recorded.verdict, onlyThen.isEmpty, onlyNow.isEmpty else {
            func list(_ findings: [RecordedReport.Finding]) -> String {
                let shown = findings.prefix(5).map { "\($0.code) \($0.status) \($0.subject)" }.joined(separator: "; ")
                return findings.count > 5 ? shown + "; and \(findings.count - 5) more" : shown
            }
            var parts = ["verdict then \(recorded.verdict.uppercased()), now \(again.verdict.rawValue.uppercased())"]
            if let error = again.error { parts.append("now: \(error.reason)") }
            if !onlyThen.isEmpty { parts.append("only in the receipt: \(list(onlyThen))") }
            if !onlyNow.isEmpty { parts.append("only now: \(list(onlyNow))") }
            return .fail(.receiptRerunDisagrees, package, "verified again \(as_), the result disagrees with the receipt: \(parts.joined(separator: "; "))")
        }
        return .pass(
            .receiptRerun, package,
            "verified again \(as_) (rial \(RialToolkit.version); the receipt's: \(recorded.toolVersion ?? "unknown")): the same verdict, \(recorded.verdict.uppercased()), and the same \(now.count) findings"
        )
    }

    /// The findings of `a` not in `b`, counting repeats, sorted.
    static func difference(_ a: [RecordedReport.Finding], _ b: [RecordedReport.Finding]) -> [RecordedReport.Finding] {
        var left = Dictionary(b.map { ($0, 1) }, uniquingKeysWith: +)
        var out: [RecordedReport.Finding] = []
        for finding in a {
            if let count = left[finding], count > 0 { left[finding] = count - 1 } else { out.append(finding) }
        }
        return out.sorted()
    }
}
