import Foundation
import RialAmender
import RialFormat
import RialReport
import RialTestSupport
import Testing
@testable import RialVerifier

/// Signed verification receipts (`schema/SPEC.md` §18), judged in-process by ``ReceiptVerifier``
/// and by the standard tools an expert without rial would use (`openssl cms -verify -binary
/// -content`, `openssl ts -verify`, `sha256sum`, the JSON Schemas), and each tamper caught with
/// its code. `rial verify --receipt` and `rial receipt verify`'s exit statuses and output are
/// end-to-end tests in RialCLITests' ReceiptTests.
@Suite("Signed receipts (library)", .requires(.openssl))
struct ReceiptTests {
    static let examinerName = "A. Expert, Forensic Lab Ltd"

    /// `rial verify PKG --trust root-ca.pem --examiner … --receipt R` signed by the examiner,
    /// who signs with the PKI's other hierarchy (so the package's anchor and the receipt's are
    /// told apart): the JSON report and its detached signature, written as the command writes them.
    private func makeReceipt(_ package: URL, _ pki: TestPKI, in dir: URL, name: String = "case.receipt.json") throws -> URL {
        var policy = try pki.policy()
        policy.examiner = Examiner(name: Self.examinerName, host: ProcessInfo.processInfo.hostName)
        policy.hashesPackageFile = true
        let report = LibraryFixture.verify(package, policy: policy)
        try #require(report.verdict == .pass, "\(report.failures)")
        let bytes = JSONReportRenderer.bytes(report)
        let examiner = try pki.sealer("other-investigator", chain: "other-investigator-chain.pem")
        let receipt = dir.appendingPathComponent(name)
        try Data(try examiner.signer.sign(bytes)).write(to: URL(fileURLWithPath: receipt.path + ".p7s"))
        try Data(bytes).write(to: receipt)
        return receipt
    }

    /// `rial receipt verify R [PKG] [--rerun]` with `policy`'s anchors.
    private func check(_ receipt: URL, _ package: URL? = nil, rerun: Bool = false, policy: VerificationPolicy = VerificationPolicy()) -> ReceiptVerification {
        ReceiptVerifier(policy: policy).verify(report: receipt.path, package: package?.path, rerun: rerun)
    }

    private func opensslVerifies(_ receipt: URL, anchor: String, in dir: URL) -> Bool {
        OutsideOracle.cmsVerify(signature: receipt.path + ".p7s", content: receipt.path, anchor: anchor, cwd: dir).status == 0
    }

    @Test(
        "a receipt: openssl verifies its signature over the report's exact bytes; the report names the package's sha256sum, size and examiner, and validates against both schemas; every receipt check passes, a re-run agreeing"
    )
    func signedReceipt() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let receipt = try makeReceipt(package, pki, in: dir)
            #expect(opensslVerifies(receipt, anchor: pki.path("other-root-ca.pem"), in: dir))
            // The text report names the examiner too.
            let text = LibraryFixture.verify(package) { $0.examiner = Examiner(name: Self.examinerName, host: ProcessInfo.processInfo.hostName) }.textLines
            #expect(text.contains { $0.contains("Examiner           A. Expert, Forensic Lab Ltd on ") }, "\(text)")
            // The package's own root does not vouch for the examiner.
            #expect(!opensslVerifies(receipt, anchor: pki.path("root-ca.pem"), in: dir))
            let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: receipt)) as? [String: Any])
            let subject = try #require(report["subject"] as? [String: Any])
            let sum = String(Subprocess.execute(["sha256sum", package.path], cwd: dir).output.prefix(64))
            #expect(subject["sha256"] as? String == sum)
            let size = try FileManager.default.attributesOfItem(atPath: package.path)[.size] as? Int
            #expect(subject["size"] as? Int == size)
            let settings = try #require(report["settings"] as? [String: Any])
            #expect((settings["examiner"] as? [String: Any])?["name"] as? String == Self.examinerName)
            #expect(settings["examine_media"] as? Bool == true)
            for schema in ["report.schema.json", "receipt.schema.json"] {
                let valid = try OutsideOracle.validate(schema: schema, [receipt.path], cwd: dir)
                #expect(valid.status == 0, "\(schema): \(valid)")
            }
            let verification = check(receipt, package, rerun: true, policy: try pki.policy(trust: ["other-root-ca.pem", "root-ca.pem"]))
            #expect(verification.verdict == .pass, "\(verification.failures)")
            for code in ["receipt.report", "receipt.signature", "receipt.trust", "receipt.package", "receipt.rerun"] {
                #expect(verification.status(code) == .pass, "\(code): \(verification.checks)")
            }
            #expect(verification.status("receipt.timestamp") == .notPresent)
            #expect(verification.signerSubject?.contains("Other Investigator") == true)
            let output = dir.appendingPathComponent("verification.json")
            try Data(ReceiptReportRenderer.json(verification)).write(to: output)
            let valid = try OutsideOracle.validate(schema: "receipt-verification.schema.json", [output.path], cwd: dir)
            #expect(valid.status == 0, "\(valid)")
            // Without anchors the signer is not judged, never passed.
            let unanchored = check(receipt)
            #expect(unanchored.status("receipt.trust") == .notChecked)
            #expect(unanchored.status("receipt.package") == .notChecked)
            #expect(unanchored.verdict == .pass)
        }
    }

    @Test(
        "a timestamped receipt: openssl ts -verify accepts the token over the SHA-256 of the signature value; its time is trusted and the signer judged then; a second token is refused"
    )
    func timestampedReceipt() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let receipt = try makeReceipt(package, pki, in: dir)
            try pki.timestamp(receipt: receipt, in: dir)
            let token = receipt.path + ".tsr"
            #expect(FileManager.default.fileExists(atPath: token))
            // The imprint an expert computes without rial: the signature value's SHA-256.
            let value = dir.appendingPathComponent("signature-value.bin")
            try SealOracle.forge("signature-value", URL(fileURLWithPath: receipt.path + ".p7s"), value)
            let digest = String(Subprocess.execute(["sha256sum", value.path], cwd: dir).output.prefix(64))
            let ts = Subprocess.execute(
                [
                    "openssl", "ts", "-verify", "-digest", digest, "-in", token, "-CAfile", pki.path("root-ca.pem"),
                    "-untrusted", receipt.path + ".tsa-chain.pem",
                ], cwd: dir)
            #expect(ts.status == 0, "\(ts)")
            let verification = check(receipt, policy: try pki.policy(trust: ["other-root-ca.pem"], tsaTrust: ["root-ca.pem"]))
            #expect(verification.verdict == .pass, "\(verification.failures)")
            #expect(verification.status("receipt.timestamp") == .pass)
            #expect(verification.status("receipt.timestamp.trust") == .pass)
            let genTime = try #require(verification.trustedGenTime)
            #expect(
                verification.checks.first { $0.code.rawValue == "receipt.trust" }?.message
                    .contains("certificates judged at \(genTime.rfc3339), the receipt token's genTime") == true)
            // Without a TSA anchor the token is valid and its TSA not judged.
            let untrusted = check(receipt, policy: try pki.policy(trust: ["other-root-ca.pem"]))
            #expect(untrusted.status("receipt.timestamp.trust") == .notChecked)
            #expect(untrusted.trustedGenTime == nil)
            // A second token is refused unless it replaces the first.
            let again = #expect(throws: AmenderError.self) {
                try ReceiptStamper(report: receipt.path).attachTimestamp(
                    TimestampToken(response: Array(Data(contentsOf: URL(fileURLWithPath: token)))), replacing: false)
            }
            #expect(again?.code == .alreadyPresent)
        }
    }

    @Test("an edited report: openssl and rial both reject it, receipt.content.mismatch on the signature; a timestamp request for it is refused")
    func editedReport() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let receipt = try makeReceipt(package, pki, in: dir)
            let text = String(decoding: try Data(contentsOf: receipt), as: UTF8.self)
            try Data(text.replacingOccurrences(of: Self.examinerName, with: "B. Expert, Forensic Lab Ltd").utf8).write(to: receipt)
            #expect(!opensslVerifies(receipt, anchor: pki.path("other-root-ca.pem"), in: dir))
            let verification = check(receipt, policy: try pki.policy(trust: ["other-root-ca.pem"]))
            #expect(verification.verdict == .fail)
            #expect(verification.has("receipt.content.mismatch", subject: receipt.path + ".p7s", status: .fail), "\(verification.checks)")
            // A signer is not judged for a signature that does not hold.
            #expect(verification.status("receipt.trust") == nil)
            let asked = #expect(throws: AmenderError.self) { try ReceiptStamper(report: receipt.path).makeTimestampRequest() }
            #expect(asked?.code == .sealMismatch)
        }
    }

    @Test(
        "another package's bytes, a package changed since (custody appended), an untrusted signer, a missing signature, another receipt's token: each its own code"
    )
    func tamperedReceipts() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let other = try LibraryFixture.sealed(pki, in: dir, name: "other.rialpkg", seed: 2)
            let receipt = try makeReceipt(package, pki, in: dir)
            let anchors = try pki.policy(trust: ["other-root-ca.pem", "root-ca.pem"])

            let wrong = check(receipt, other, policy: anchors)
            #expect(wrong.verdict == .fail)
            #expect(wrong.has("receipt.package.mismatch", subject: other.path, status: .fail), "\(wrong.checks)")

            // Signed by someone the examiner's anchors do not vouch for.
            let untrusted = check(receipt, policy: try pki.policy())
            #expect(untrusted.verdict == .fail)
            #expect(untrusted.has("receipt.signer.untrusted", subject: receipt.path + ".p7s", status: .fail))

            // A token made for another receipt.
            let second = try makeReceipt(package, pki, in: dir, name: "second.receipt.json")
            try pki.timestamp(receipt: second, in: dir)
            try FileManager.default.copyItem(atPath: second.path + ".tsr", toPath: receipt.path + ".tsr")
            let stolen = check(receipt, policy: anchors)
            #expect(stolen.verdict == .fail)
            #expect(stolen.has("receipt.timestamp.mismatch", subject: receipt.path + ".tsr", status: .fail))
            try FileManager.default.removeItem(atPath: receipt.path + ".tsr")

            // The package changed after it was verified: its bytes differ, and a re-run disagrees.
            _ = try PackageAmender(path: package.path).appendCustodyEvent(
                CustodyEventDraft(action: .transferred, actor: CustodyActor(name: "Jane Roe", role: "investigator"), details: "to the lab"), at: .now())
            let changed = check(receipt, package, rerun: true, policy: anchors)
            #expect(changed.verdict == .fail)
            #expect(changed.has("receipt.package.mismatch", subject: package.path, status: .fail))
            let rerun = try #require(changed.checks.first { $0.code.rawValue == "receipt.rerun.disagrees" }, "\(changed.checks)")
            #expect(rerun.message.contains("only now") && rerun.message.contains("custody"), "\(rerun.message)")

            // A recorded anchor not given again: the re-run is not made, and says which.
            let missing = check(receipt, package, rerun: true, policy: try pki.policy(trust: ["other-root-ca.pem"]))
            #expect(missing.verdict == .fail)
            let notRerun = try #require(missing.checks.first { $0.code.rawValue == "receipt.rerun" })
            #expect(notRerun.status == .notChecked && notRerun.message.contains("--trust"), "\(notRerun.message)")

            try FileManager.default.removeItem(atPath: receipt.path + ".p7s")
            // A report without a signature beside it is a report anyone could write, not a receipt.
            let unsigned = check(receipt, policy: anchors)
            #expect(unsigned.verdict == .fail)
            #expect(unsigned.has("receipt.signature.missing", subject: receipt.path + ".p7s", status: .fail))
            try Data().write(to: URL(fileURLWithPath: receipt.path + ".p7s"))
            let empty = check(receipt, policy: anchors)
            #expect(empty.verdict == .fail)
            #expect(empty.has("receipt.empty", subject: receipt.path + ".p7s", status: .fail))
        }
    }

    @Test("hostile receipts end in findings, never a crash: not JSON, nested 100 000 deep, a report of another shape, over 64 MiB, a signature of garbage")
    func hostileReceipts() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let receipt = try makeReceipt(package, pki, in: dir)
            let signature = try Data(contentsOf: URL(fileURLWithPath: receipt.path + ".p7s"))
            let cases: [(name: String, report: Data)] = [
                ("not-json", Data("{ this is not json".utf8)),
                ("nested", Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)),
                ("other-shape", Data(#"{"report_version": 2, "subject": "x"}"#.utf8)),
                ("huge", Data(count: 65 << 20)),
            ]
            for (name, report) in cases {
                let path = dir.appendingPathComponent("\(name).json")
                try report.write(to: path)
                try signature.write(to: URL(fileURLWithPath: path.path + ".p7s"))
                let found = check(path, policy: try pki.policy(trust: ["other-root-ca.pem"]))
                #expect(found.verdict == .fail, "\(name): \(found.checks)")
                #expect(found.has("receipt.report.malformed", subject: path.path, status: .fail), "\(name): \(found.checks)")
            }
            try Data(repeating: 0x30, count: 4096).write(to: URL(fileURLWithPath: receipt.path + ".p7s"))
            let garbage = check(receipt)
            #expect(garbage.verdict == .fail)
            #expect(garbage.has("receipt.malformed", subject: receipt.path + ".p7s", status: .fail), "\(garbage.checks)")
        }
    }
}

extension ReceiptVerification {
    /// The status of the first finding with this code, if any.
    func status(_ code: String) -> CheckStatus? { checks.first { $0.code.rawValue == code }?.status }

    /// Whether a finding with this code, subject and status is in the verification.
    func has(_ code: String, subject: String, status: CheckStatus) -> Bool {
        checks.contains { $0.code.rawValue == code && $0.subject == subject && $0.status == status }
    }
}
