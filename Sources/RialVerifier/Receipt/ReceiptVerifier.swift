#if canImport(Glibc)
import Glibc
#endif
import RialFormat
import RialCrypto
import RialArchive

/// Checks a signed verification receipt (`schema/SPEC.md` §18): the report's signature over
/// its exact bytes, the signer's trust, the RFC 3161 token beside it, and, given the package,
/// that it is the bytes the report names; asked to, it verifies the package again with the
/// recorded settings and says whether today's result agrees.
///
/// The signer is judged as a seal's is (``DetachedSignatureJudge``, ``SignerTrust``): at the
/// trusted token's genTime when there is one, else at the verification time.
public struct ReceiptVerifier: Sendable {
    /// The anchors (``VerificationPolicy/sealAnchors`` for the receipt's signer and, on a
    /// re-run, the package's; ``VerificationPolicy/timestampAnchors`` for TSAs), the revocation
    /// evidence a re-run may need, and `--at`.
    public let policy: VerificationPolicy
    /// The time the receipt's signer and token are judged at.
    public let verificationTime: Timestamp

    /// - Parameters:
    ///   - policy: the anchors, revocation evidence and `--at`.
    ///   - verificationTime: now; the policy's stated time, when it has one, wins.
    public init(policy: VerificationPolicy, verificationTime: Timestamp = .now()) {
        self.policy = policy
        self.verificationTime = policy.statedTime ?? verificationTime
    }

    /// - Parameters:
    ///   - report: the receipt's report, `R.json`; its signature and token are beside it.
    ///   - package: the package file the receipt should be about, when given.
    ///   - rerun: verify `package` again with the recorded settings and compare.
    ///   - progress: the re-run's progress, as ``Verifier/Progress``.
    public func verify(report: String, package: String?, rerun: Bool, progress: Verifier.Progress? = nil) -> ReceiptVerification {
        let crypto = OpenSSLCrypto()
        var checks: [CheckResult] = []
        // The report.
        var recorded: RecordedReport?
        var reportBytes: [UInt8]?
        var reportSHA256: String?
        switch Self.read(report, limit: ReceiptLayout.maxReportBytes) {
        case .absent:
            checks.append(.fail(.receiptReportMalformed, report, "there is no report at \(report)"))
        case .unreadable(let why):
            checks.append(.fail(.receiptReportMalformed, report, "the report cannot be read: \(why)"))
        case .bytes(let bytes):
            reportBytes = bytes
            reportSHA256 = try? Hex.encode(StreamingDigest.digest(.sha256, of: bytes))
            do {
                let parsed = try RecordedReport(bytes: bytes)
                recorded = parsed
                if let file = parsed.packageFile {
                    checks.append(
                        .pass(
                            .receiptReport, report,
                            "a rial report (version \(parsed.reportVersion)) of \(parsed.subjectPath), SHA-256 \(file.sha256), \(file.size) bytes: verdict \(parsed.verdict.uppercased()), verified at \(parsed.verificationTime.rfc3339)\(parsed.examiner.map { " by \($0.name)" } ?? "")"
                        ))
                } else {
                    checks.append(
                        .fail(
                            .receiptReportMalformed, report,
                            "the report names no package file digest (subject.sha256 and size): it was not made for a receipt (rial verify --receipt), so it cannot say which bytes were examined"
                        ))
                }
            } catch {
                checks.append(.fail(.receiptReportMalformed, report, "not a rial JSON report: \(error.reason)"))
            }
        }
        // Its signature and signer.
        let signaturePath = ReceiptLayout.signature(of: report)
        var signature: DetachedSignature?
        let content = reportBytes.flatMap { bytes in (try? StreamingDigest.digest(.sha256, of: bytes)).map { (bytes, $0) } }
        let judge = DetachedSignatureJudge(
            codes: .receipt, path: signaturePath, name: "the receipt's signature",
            contentName: report, mismatchHint: "the report was edited after it was signed, or the signature belongs to another receipt",
            judgesRevocation: false)
        var signatureFacts: DetachedSignatureFacts?
        switch Self.read(signaturePath, limit: ReceiptLayout.maxSidecarBytes) {
        case .absent:
            checks.append(
                .fail(
                    .receiptSignatureMissing, signaturePath,
                    "there is no signature beside the report: it is a report anyone could have written, not a signed receipt (rial verify --receipt makes one)")
            )
        case .unreadable:
            let facts = DetachedSignatureFacts(bytes: nil, content: content, crypto: crypto)
            checks += judge.findings(facts)
        case .bytes(let bytes):
            let facts = DetachedSignatureFacts(bytes: bytes, content: content, crypto: crypto)
            signatureFacts = facts
            signature = facts.parsed
            checks += judge.findings(facts)
        }
        // The token, judged first: a trusted genTime is the time the signer is judged at.
        let tokenPath = ReceiptLayout.token(of: report)
        let tokenFacts: TimestampFacts?
        switch Self.read(tokenPath, limit: ReceiptLayout.maxSidecarBytes) {
        case .absent:
            tokenFacts = nil
        case .unreadable:
            tokenFacts = TimestampFacts(
                receiptToken: [], chainPEM: nil, chainName: "", signature: signature, anchors: policy.timestampAnchors,
                verificationTime: verificationTime, created: nil, crypto: crypto)
        case .bytes(let bytes):
            let chainPath = ReceiptLayout.tsaChain(of: report)
            let chain: [UInt8]? = if case .bytes(let pem) = Self.read(chainPath, limit: ReceiptLayout.maxSidecarBytes) { pem } else { nil }
            // A stated time (--at) may lie anywhere; only a clock's time bounds the token from below.
            let created = recorded.flatMap { $0.isVerificationTimeStated ? nil : $0.verificationTime }
            tokenFacts = TimestampFacts(
                receiptToken: bytes, chainPEM: chain, chainName: chainPath, signature: signature,
                anchors: policy.timestampAnchors, verificationTime: verificationTime, created: created, crypto: crypto)
        }
        let tokenVerdict = tokenFacts.map(TimestampVerdict.init)
        let genTime = tokenVerdict?.trustedGenTime
        if let signature, signatureFacts?.isValid == true {
            let basis = genTime == nil ? "the verification time (no trusted timestamp on the receipt)" : "the receipt token's genTime"
            let facts = SignerTrustFacts(signature, anchors: policy.sealAnchors, judgedAt: genTime ?? verificationTime.seconds, basis: basis, crypto: crypto)
            checks += judge.findings(SignerTrust(facts), facts)
        }
        checks += ReceiptTimestampJudge(path: tokenPath).findings(tokenVerdict)
        // The package, and the verification made again.
        var rerunReport: VerificationReport?
        if let package {
            let comparison = ReceiptPackageComparison(recorded: recorded, reportPath: report, package: package)
            if rerun, let recorded {
                let rerunning = ReceiptRerun(recorded: recorded, given: policy, package: package)
                switch rerunning.policy {
                case .success(let rerunPolicy):
                    let again = Verifier(verificationTime: recorded.verificationTime, policy: rerunPolicy).report(for: package, progress: progress)
                    rerunReport = again
                    checks.append(comparison.finding(again.packageFile, unreadable: again.error?.reason))
                    checks.append(rerunning.finding(again))
                case .failure(let reason):
                    checks.append(comparison.finding(comparison.digest(), unreadable: nil))
                    checks.append(.notChecked(.receiptRerun, package, "not re-run: \(reason.reason)"))
                }
            } else {
                checks.append(comparison.finding(comparison.digest(), unreadable: nil))
                checks.append(
                    .notChecked(
                        .receiptRerun, package,
                        rerun
                            ? "not re-run: the report did not parse"
                            : "not re-run (add --rerun to verify the package again with the recorded settings and compare)"))
            }
        } else {
            checks.append(
                .notChecked(
                    .receiptPackage, report, "no package was given, so nothing was compared with the bytes the receipt names (rial receipt verify R.json PKG)"))
        }
        return ReceiptVerification(
            reportPath: report, checks: checks, recorded: recorded, reportSHA256: reportSHA256,
            signerSubject: signature?.signer.subject, trustedGenTime: genTime.map { Timestamp(seconds: $0) }, rerun: rerunReport)
    }

    /// A sidecar or report file: absent, unreadable (with why), or its bytes.
    enum Read {
        case absent
        case unreadable(String)
        case bytes([UInt8])
    }

    static func read(_ path: String, limit: UInt64) -> Read {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT ? .absent : .unreadable(String(cString: strerror(errno))) }
        do {
            return .bytes(try FileChunkReader.readAll(path: path, limit: limit))
        } catch {
            return .unreadable("\((error as? ArchiveError)?.reason ?? "\(error)")")
        }
    }
}
