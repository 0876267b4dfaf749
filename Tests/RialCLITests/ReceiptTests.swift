import Foundation
import RialTestSupport
import Testing

/// Signed verification receipts (`schema/SPEC.md` §18) end to end: what `rial verify --receipt`,
/// `rial receipt verify` and `rial timestamp` on a receipt exit with and print. Each receipt
/// judged by rial and by the standard tools (openssl, sha256sum, the JSON Schemas), and each
/// tamper caught with its code, is in-process (RialVerifierTests' ReceiptTests).
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

    @Test(
        "a receipt that is not replaced keeps its token: without --force the verification refuses to write over it and leaves R.json.tsr; with --force the old token goes with the old receipt"
    )
    func anUnreplacedReceiptKeepsItsToken() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let receipt = try makeReceipt(package, pki, in: dir)
            try pki.timestamp(receipt: receipt, in: dir)
            let token = receipt.path + ".tsr"
            #expect(FileManager.default.fileExists(atPath: token))
            let again = CLI.rial(["verify", package.path, "--trust", pki.path("root-ca.pem"), "--receipt", receipt.path, "--quiet"] + examiner(pki), cwd: dir)
            #expect(again.status == 2, "\(again)")
            #expect(FileManager.default.fileExists(atPath: token), "the token of a receipt that was not replaced was removed")
            _ = try makeReceipt(package, pki, in: dir, extra: ["--force"])
            #expect(!FileManager.default.fileExists(atPath: token) && !FileManager.default.fileExists(atPath: receipt.path + ".tsa-chain.pem"))
        }
    }

    @Test(
        "--receipt and --report naming one file, however spelled, is a usage error",
        arguments: [["r.json", "r.json"], ["r.json", "./r.json"], ["sub/../r.json", "r.json"]])
    func receiptAndReportOneFile(names: [String]) throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
            let result = CLI.rial(["verify", "case.rialpkg", "--receipt", names[0], "--report", names[1]] + examiner(pki), cwd: dir)
            #expect(result.status == 64 && result.stderr.contains("--receipt and --report name the same file"), "\(result)")
        }
    }

    private func check(_ receipt: URL, _ arguments: [String], cwd: URL) throws -> (result: CommandResult, verification: Verification) {
        let result = CLI.rial(["receipt", "verify", receipt.path, "--format", "json", "--quiet"] + arguments, cwd: cwd)
        let verification = try #require(try? JSONDecoder().decode(Verification.self, from: Data(result.stdout.utf8)), "no JSON on stdout: \(result)")
        return (result, verification)
    }

    private func opensslVerifies(_ receipt: URL, anchor: String, in dir: URL) -> Bool {
        OutsideOracle.cmsVerify(signature: receipt.path + ".p7s", content: receipt.path, anchor: anchor, cwd: dir).status == 0
    }

    /// What the receipt says and every receipt check are in-process (RialVerifierTests'
    /// ReceiptTests.signedReceipt); here, the commands end to end.
    @Test(
        "rial verify --receipt: exit 0, a receipt openssl verifies; rial receipt verify --rerun: exit 0, every check PASS, its JSON valid against the schema; the text report names the examiner"
    )
    func signedReceipt() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let receipt = try makeReceipt(package, pki, in: dir)
            #expect(opensslVerifies(receipt, anchor: pki.path("other-root-ca.pem"), in: dir))
            let text = CLI.rial(["verify", package.path, "--examiner", "A. Expert, Forensic Lab Ltd", "--quiet"], cwd: dir).stdout
            #expect(text.contains("Examiner           A. Expert, Forensic Lab Ltd on "), "\(text)")
            let (result, verification) = try check(
                receipt, [package.path, "--trust", pki.path("other-root-ca.pem"), "--trust", pki.path("root-ca.pem"), "--rerun"], cwd: dir)
            #expect(result.status == 0, "\(result)")
            for code in ["receipt.report", "receipt.signature", "receipt.trust", "receipt.package", "receipt.rerun"] {
                #expect(verification.status(code) == "pass", "\(code): \(verification.checks)")
            }
            let output = dir.appendingPathComponent("verification.json")
            try Data(result.stdout.utf8).write(to: output)
            let valid = try Oracle.validate(schema: "receipt-verification.schema.json", [output.path], cwd: dir)
            #expect(valid.status == 0, "\(valid)")
        }
    }

    /// The token's checks are in-process (RialVerifierTests' ReceiptTests.timestampedReceipt); here, the commands.
    @Test("rial timestamp request and attach on a receipt: exit 0; rial receipt verify trusts its time (exit 0); a second attach is refused (exit 2)")
    func timestampedReceipt() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let receipt = try makeReceipt(package, pki, in: dir)
            try Sealing.timestamp(receipt, pki: pki, in: dir)
            let token = receipt.path + ".tsr"
            #expect(FileManager.default.fileExists(atPath: token))
            let (result, verification) = try check(receipt, ["--trust", pki.path("other-root-ca.pem"), "--tsa-trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(verification.status("receipt.timestamp.trust") == "pass")
            #expect(verification.trusted_time != nil)
            let again = CLI.rial(["timestamp", "attach", receipt.path, "--token", token, "--quiet"], cwd: dir)
            #expect(again.status == 2 && again.stderr.contains("amend.already-present"), "\(again)")
        }
    }

    /// The findings are in-process (RialVerifierTests' ReceiptTests.editedReport); here, the exit statuses.
    @Test("an edited report: rial receipt verify exits 1 with receipt.content.mismatch; rial timestamp request refuses it (exit 1, amend.seal-mismatch)")
    func editedReport() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let receipt = try makeReceipt(package, pki, in: dir)
            var text = try Fixture.text(receipt)
            text = text.replacingOccurrences(of: "A. Expert, Forensic Lab Ltd", with: "B. Expert, Forensic Lab Ltd")
            try Data(text.utf8).write(to: receipt)
            let (result, verification) = try check(receipt, ["--trust", pki.path("other-root-ca.pem")], cwd: dir)
            #expect(result.status == 1)
            #expect(verification.has("receipt.content.mismatch", subject: receipt.path + ".p7s", status: "fail"), "\(verification.checks)")
            let asked = CLI.rial(["timestamp", "request", receipt.path, "-o", dir.appendingPathComponent("r.tsq").path], cwd: dir)
            #expect(asked.status == 1 && asked.stderr.contains("amend.seal-mismatch"), "\(asked)")
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
            let fingerprint = try OutsideOracle.digest(receipt.path, cwd: dir)
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

}
