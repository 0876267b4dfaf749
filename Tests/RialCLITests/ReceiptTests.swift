import Foundation
import RialTestSupport
import Testing

/// Signed verification receipts (`schema/SPEC.md` §18): each judged by rial and by the
/// standard tools an expert without rial would use (`openssl cms -verify -binary -content`,
/// `openssl ts -verify`, `sha256sum`, the JSON Schemas), and each tamper caught with its code.
@Suite("Signed receipts")
struct ReceiptTests {
    /// What `rial receipt verify --format json` prints.
    struct Verification: Decodable {
        struct Check: Decodable {
            let code: String
            let status: String
            let subject: String
            let message: String
        }

        let verdict: String
        let signer: String?
        let trusted_time: String?
        let receipt_sha256: String?
        let checks: [Check]

        func status(_ code: String) -> String? { checks.first { $0.code == code }?.status }
        func has(_ code: String, subject: String, status: String) -> Bool {
            checks.contains { $0.code == code && $0.subject == subject && $0.status == status }
        }
    }

    /// The examiner signs with the PKI's other hierarchy, so the package's anchor and the
    /// receipt's are told apart.
    private func examiner(_ pki: TestPKI) -> [String] {
        ["--sign-key", pki.path("other-investigator.key"), "--cert", pki.path("other-investigator.pem"), "--chain", pki.path("other-investigator-chain.pem")]
    }

    private func sealedPackage(_ pki: TestPKI, in dir: URL, name: String = "case.rialpkg", seed: Int = 1) throws -> URL {
        let capture = try Fixture.sample(in: dir, name: "capture-\(seed)", seed: seed)
        return try Fixture.pack(capture, in: dir, name: name, options: pki.signing())
    }

    /// `rial verify PKG --receipt R` signed by the examiner; requires exit 0.
    private func makeReceipt(_ package: URL, _ pki: TestPKI, in dir: URL, name: String = "case.receipt.json", extra: [String] = []) throws -> URL {
        let receipt = dir.appendingPathComponent(name)
        let result = CLI.rial(
            [
                "verify", package.path, "--trust", pki.path("root-ca.pem"), "--examiner", "A. Expert, Forensic Lab Ltd",
                "--receipt", receipt.path, "--quiet",
            ] + examiner(pki) + extra, cwd: dir)
        try #require(result.status == 0, "verify --receipt failed: \(result)")
        return receipt
    }

    private func check(_ receipt: URL, _ arguments: [String], cwd: URL) throws -> (result: CommandResult, verification: Verification) {
        let result = CLI.rial(["receipt", "verify", receipt.path, "--format", "json", "--quiet"] + arguments, cwd: cwd)
        let verification = try #require(try? JSONDecoder().decode(Verification.self, from: Data(result.stdout.utf8)), "no JSON on stdout: \(result)")
        return (result, verification)
    }

    private func opensslVerifies(_ receipt: URL, anchor: String, in dir: URL) -> Bool {
        CLI.run(
            [
                "openssl", "cms", "-verify", "-binary", "-inform", "DER", "-in", receipt.path + ".p7s", "-content", receipt.path,
                "-CAfile", anchor, "-purpose", "any", "-out", "/dev/null",
            ], cwd: dir
        ).status == 0
    }

    @Test(
        "a receipt: openssl verifies its signature over the report's exact bytes; the report names the package's sha256sum, size and examiner, and validates against both schemas; rial receipt verify passes every check, a re-run agreeing"
    )
    func signedReceipt() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let receipt = try makeReceipt(package, pki, in: dir)
            #expect(opensslVerifies(receipt, anchor: pki.path("other-root-ca.pem"), in: dir))
            // The text report names the examiner too, and with a receipt the package file's digest.
            let text = CLI.rial(["verify", package.path, "--examiner", "A. Expert, Forensic Lab Ltd", "--quiet"], cwd: dir).stdout
            #expect(text.contains("Examiner           A. Expert, Forensic Lab Ltd on "), "\(text)")
            // The package's own root does not vouch for the examiner.
            #expect(!opensslVerifies(receipt, anchor: pki.path("root-ca.pem"), in: dir))
            let report = try #require(try JSONSerialization.jsonObject(with: Fixture.read(receipt)) as? [String: Any])
            let subject = try #require(report["subject"] as? [String: Any])
            let sum = String(CLI.run(["sha256sum", package.path], cwd: dir).stdout.prefix(64))
            #expect(subject["sha256"] as? String == sum)
            let size = try FileManager.default.attributesOfItem(atPath: package.path)[.size] as? Int
            #expect(subject["size"] as? Int == size)
            let settings = try #require(report["settings"] as? [String: Any])
            #expect((settings["examiner"] as? [String: Any])?["name"] as? String == "A. Expert, Forensic Lab Ltd")
            #expect(settings["examine_media"] as? Bool == true)
            for schema in ["report.schema.json", "receipt.schema.json"] {
                let valid = try Oracle.validate(schema: schema, [receipt.path], cwd: dir)
                #expect(valid.status == 0, "\(schema): \(valid)")
            }
            let (result, verification) = try check(
                receipt, [package.path, "--trust", pki.path("other-root-ca.pem"), "--trust", pki.path("root-ca.pem"), "--rerun"], cwd: dir)
            #expect(result.status == 0, "\(result)")
            for code in ["receipt.report", "receipt.signature", "receipt.trust", "receipt.package", "receipt.rerun"] {
                #expect(verification.status(code) == "pass", "\(code): \(verification.checks)")
            }
            #expect(verification.status("receipt.timestamp") == "not_present")
            #expect(verification.signer?.contains("Other Investigator") == true)
            let output = dir.appendingPathComponent("verification.json")
            try Data(result.stdout.utf8).write(to: output)
            let valid = try Oracle.validate(schema: "receipt-verification.schema.json", [output.path], cwd: dir)
            #expect(valid.status == 0, "\(valid)")
            // Without anchors the signer is not judged, never passed.
            let (_, unanchored) = try check(receipt, [], cwd: dir)
            #expect(unanchored.status("receipt.trust") == "not_checked")
            #expect(unanchored.status("receipt.package") == "not_checked")
            #expect(unanchored.verdict == "pass")
        }
    }

    @Test(
        "a timestamped receipt: openssl ts -verify accepts the token over the SHA-256 of the signature value; rial trusts its time and judges the signer then")
    func timestampedReceipt() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let receipt = try makeReceipt(package, pki, in: dir)
            try Sealing.timestamp(receipt, pki: pki, in: dir)
            let token = receipt.path + ".tsr"
            #expect(FileManager.default.fileExists(atPath: token))
            // The imprint an expert computes without rial: the signature value's SHA-256.
            let value = dir.appendingPathComponent("signature-value.bin")
            try Sealing.forge("signature-value", URL(fileURLWithPath: receipt.path + ".p7s"), value)
            let digest = String(CLI.run(["sha256sum", value.path], cwd: dir).stdout.prefix(64))
            let ts = CLI.run(
                [
                    "openssl", "ts", "-verify", "-digest", digest, "-in", token, "-CAfile", pki.path("root-ca.pem"),
                    "-untrusted", receipt.path + ".tsa-chain.pem",
                ], cwd: dir)
            #expect(ts.status == 0, "\(ts)")
            let (result, verification) = try check(receipt, ["--trust", pki.path("other-root-ca.pem"), "--tsa-trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(verification.status("receipt.timestamp") == "pass")
            #expect(verification.status("receipt.timestamp.trust") == "pass")
            let genTime = try #require(verification.trusted_time)
            #expect(
                verification.checks.first { $0.code == "receipt.trust" }?.message.contains("certificates judged at \(genTime), the receipt token's genTime")
                    == true)
            // Without --tsa-trust the token is valid and its TSA not judged.
            let (_, untrusted) = try check(receipt, ["--trust", pki.path("other-root-ca.pem")], cwd: dir)
            #expect(untrusted.status("receipt.timestamp.trust") == "not_checked")
            #expect(untrusted.trusted_time == nil)
            // A second attach is refused without --force.
            let again = CLI.rial(["timestamp", "attach", receipt.path, "--token", token, "--quiet"], cwd: dir)
            #expect(again.status == 2 && again.stderr.contains("amend.already-present"), "\(again)")
        }
    }

    @Test("an edited report: openssl and rial both reject it, receipt.content.mismatch on the signature; a timestamp request for it is refused")
    func editedReport() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let receipt = try makeReceipt(package, pki, in: dir)
            var text = try Fixture.text(receipt)
            text = text.replacingOccurrences(of: "A. Expert, Forensic Lab Ltd", with: "B. Expert, Forensic Lab Ltd")
            try Data(text.utf8).write(to: receipt)
            #expect(!opensslVerifies(receipt, anchor: pki.path("other-root-ca.pem"), in: dir))
            let (result, verification) = try check(receipt, ["--trust", pki.path("other-root-ca.pem")], cwd: dir)
            #expect(result.status == 1)
            #expect(verification.has("receipt.content.mismatch", subject: receipt.path + ".p7s", status: "fail"), "\(verification.checks)")
            // A signer is not judged for a signature that does not hold.
            #expect(verification.status("receipt.trust") == nil)
            let asked = CLI.rial(["timestamp", "request", receipt.path, "-o", dir.appendingPathComponent("r.tsq").path], cwd: dir)
            #expect(asked.status == 1 && asked.stderr.contains("amend.seal-mismatch"), "\(asked)")
        }
    }

    @Test(
        "another package's bytes, a package changed since (custody appended), an untrusted signer, a missing signature, another receipt's token: each its own code"
    )
    func tamperedReceipts() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let other = try sealedPackage(pki, in: dir, name: "other.rialpkg", seed: 2)
            let receipt = try makeReceipt(package, pki, in: dir)
            let anchors = ["--trust", pki.path("other-root-ca.pem"), "--trust", pki.path("root-ca.pem")]

            let (wrong, wrongFound) = try check(receipt, [other.path] + anchors, cwd: dir)
            #expect(wrong.status == 1)
            #expect(wrongFound.has("receipt.package.mismatch", subject: other.path, status: "fail"), "\(wrongFound.checks)")

            // Signed by someone the examiner's anchors do not vouch for.
            let (untrusted, untrustedFound) = try check(receipt, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(untrusted.status == 1)
            #expect(untrustedFound.has("receipt.signer.untrusted", subject: receipt.path + ".p7s", status: "fail"))

            // A token made for another receipt.
            let second = try makeReceipt(package, pki, in: dir, name: "second.receipt.json")
            try Sealing.timestamp(second, pki: pki, in: dir)
            try FileManager.default.copyItem(atPath: second.path + ".tsr", toPath: receipt.path + ".tsr")
            let (stolen, stolenFound) = try check(receipt, anchors, cwd: dir)
            #expect(stolen.status == 1)
            #expect(stolenFound.has("receipt.timestamp.mismatch", subject: receipt.path + ".tsr", status: "fail"))
            try FileManager.default.removeItem(atPath: receipt.path + ".tsr")

            // The package changed after it was verified: its bytes differ, and a re-run disagrees.
            let appended = CLI.rial(
                [
                    "custody", "append", package.path, "--action", "TRANSFERRED", "--actor-name", "Jane Roe",
                    "--role", "investigator", "--details", "to the lab", "--quiet",
                ], cwd: dir)
            try #require(appended.status == 0, "\(appended)")
            let (changed, changedFound) = try check(receipt, [package.path, "--rerun"] + anchors, cwd: dir)
            #expect(changed.status == 1)
            #expect(changedFound.has("receipt.package.mismatch", subject: package.path, status: "fail"))
            let rerun = try #require(changedFound.checks.first { $0.code == "receipt.rerun.disagrees" }, "\(changedFound.checks)")
            #expect(rerun.message.contains("only now") && rerun.message.contains("custody"), "\(rerun.message)")

            // A recorded anchor not given again: the re-run is not made, and says which.
            let (missing, missingFound) = try check(receipt, [package.path, "--rerun", "--trust", pki.path("other-root-ca.pem")], cwd: dir)
            #expect(missing.status == 1)
            let notRerun = try #require(missingFound.checks.first { $0.code == "receipt.rerun" })
            #expect(notRerun.status == "not_checked" && notRerun.message.contains("--trust"), "\(notRerun.message)")

            try FileManager.default.removeItem(atPath: receipt.path + ".p7s")
            // A report without a signature beside it is a report anyone could write, not a receipt.
            let (unsigned, unsignedFound) = try check(receipt, anchors, cwd: dir)
            #expect(unsigned.status == 1)
            #expect(unsignedFound.has("receipt.signature.missing", subject: receipt.path + ".p7s", status: "fail"))
            try Data().write(to: URL(fileURLWithPath: receipt.path + ".p7s"))
            let (empty, emptyFound) = try check(receipt, anchors, cwd: dir)
            #expect(empty.status == 1)
            #expect(emptyFound.has("receipt.empty", subject: receipt.path + ".p7s", status: "fail"))
        }
    }

    @Test("the court report names the examiner, the package file's SHA-256 and the receipt's fingerprint")
    func courtReportLinksTheReceipt() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let html = dir.appendingPathComponent("court.html")
            let receipt = try makeReceipt(package, pki, in: dir, extra: ["--report", html.path])
            let page = try Fixture.text(html)
            let fingerprint = String(CLI.run(["sha256sum", receipt.path], cwd: dir).stdout.prefix(64))
            #expect(page.contains("Signed receipt"))
            #expect(page.contains("Examined by"))
            // Digests are printed in groups for reading, names with unbreakable words: compare the page's text without its tags.
            let flat = page.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            #expect(flat.contains("A. Expert, Forensic Lab Ltd on the machine"))
            #expect(flat.contains(fingerprint), "the receipt's SHA-256 \(fingerprint) is not on the page")
        }
    }

    @Test("usage: --receipt needs a signer and one package; a signer needs --receipt; an existing receipt is not replaced without --force")
    func usage() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            #expect(CLI.rial(["verify", package.path, "--receipt", "r.json"], cwd: dir).status == 64)
            #expect(CLI.rial(["verify", package.path] + examiner(pki), cwd: dir).status == 64)
            #expect(CLI.rial(["verify", package.path, package.path, "--receipt", "r.json"] + examiner(pki), cwd: dir).status == 64)
            #expect(CLI.rial(["receipt", "verify", "r.json", "--rerun"], cwd: dir).status == 64)
            let receipt = try makeReceipt(package, pki, in: dir)
            let before = try Fixture.read(receipt)
            let again = CLI.rial(["verify", package.path, "--receipt", receipt.path, "--quiet"] + examiner(pki), cwd: dir)
            #expect(again.status == 2 && again.stderr.contains("--receipt"), "\(again)")
            #expect(try Fixture.read(receipt) == before)
            // --force replaces it, and drops the older receipt's token, which covers the older signature.
            try Sealing.timestamp(receipt, pki: pki, in: dir)
            let forced = CLI.rial(["verify", package.path, "--receipt", receipt.path, "--force", "--quiet"] + examiner(pki), cwd: dir)
            #expect(forced.status == 0, "\(forced)")
            #expect(!FileManager.default.fileExists(atPath: receipt.path + ".tsr"))
            #expect(opensslVerifies(receipt, anchor: pki.path("other-root-ca.pem"), in: dir))
        }
    }

    @Test("hostile receipts end in findings, never a crash: not JSON, nested 100 000 deep, a report of another shape, over 64 MiB, a signature of garbage")
    func hostileReceipts() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let receipt = try makeReceipt(package, pki, in: dir)
            let signature = try Fixture.read(URL(fileURLWithPath: receipt.path + ".p7s"))
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
                let (result, found) = try check(path, ["--trust", pki.path("other-root-ca.pem")], cwd: dir)
                #expect(result.status == 1, "\(name): \(result)")
                #expect(found.has("receipt.report.malformed", subject: path.path, status: "fail"), "\(name): \(found.checks)")
            }
            try Data(repeating: 0x30, count: 4096).write(to: URL(fileURLWithPath: receipt.path + ".p7s"))
            let (garbage, garbageFound) = try check(receipt, [], cwd: dir)
            #expect(garbage.status == 1)
            #expect(garbageFound.has("receipt.malformed", subject: receipt.path + ".p7s", status: "fail"), "\(garbageFound.checks)")
        }
    }
}
