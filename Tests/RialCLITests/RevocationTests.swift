import Foundation
import RialTestSupport
import Testing

/// `rial verify --crl/--ocsp` end to end (SPEC §14.10): the exit statuses, a directory of CRLs,
/// the evidence named in every report format and the ledger, and unusable files refused. The
/// PKI is made by `openssl ca` and `openssl ocsp` (RevocationPKI); nothing is fetched. What each
/// kind of evidence makes of a seal (every revocation code and its twin) is in-process, in
/// RialVerifierTests' SealRevocationTests and SealRevocationOracleTests.
@Suite("Revocation evidence supplied by the verifier")
struct RevocationTests {
    @Test(
        "a signer revoked before now, by the CRL given with --crl: exit 1, the seal's revocation failure on standard output; the same CRL and a good signer: exit 0"
    )
    func revokedExitsOne() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let crls = pki.anchors + pki.crls("int-now.crl.pem", "root.crl.pem")
            let revoked = CLI.rial(["verify", try pki.package("signer-revoked", in: dir).path] + crls, cwd: dir)
            #expect(revoked.status == 1 && revoked.stdout.contains("seal.revocation.revoked"), "\(revoked)")
            let good = CLI.rial(
                ["verify", try pki.package("signer-good", in: dir).path, "--ocsp", try pki.ocsp("signer-good", by: "ocsp-responder")] + crls, cwd: dir)
            #expect(good.status == 0, "\(good)")
        }
    }

    @Test(
        "a directory gives every file in it; the settings name each file by SHA-256 (sha256sum agrees) in JSON, XML (xmllint against report.xsd), the court report and the ledger"
    )
    func settingsNameTheEvidence() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try pki.package("signer-good", in: dir)
            let crls = dir.appendingPathComponent("crls").creatingDirectory()
            for name in ["int-now.crl.pem", "root.crl.pem"] {
                try FileManager.default.copyItem(atPath: pki.path(name), toPath: crls.appendingPathComponent(name).path)
            }
            // DER too: openssl crl -outform DER.
            let der = crls.appendingPathComponent("root.crl.der").path
            #expect(CLI.run(["openssl", "crl", "-in", pki.path("root.crl.pem"), "-outform", "DER", "-out", der], cwd: dir).status == 0)
            let result = CLI.rial(["verify", package.path, "--format", "json", "--quiet", "--crl", crls.path] + pki.anchors, cwd: dir)
            #expect(result.status == 0)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(json["report_version"] as? String == "1.9")
            let settings = try #require(json["settings"] as? [String: Any])
            let evidence = try #require(settings["revocation_evidence"] as? [[String: String]])
            #expect(evidence.map { $0["file"] ?? "" } == ["int-now.crl.pem", "root.crl.der", "root.crl.pem"].map { crls.path + "/" + $0 })
            for item in evidence {
                let file = try #require(item["file"])
                let digest = try OutsideOracle.digest(file, cwd: dir)
                #expect(item["sha256"] == digest && item["kind"] == "crl" && item["source"] == "supplied")
            }
            let text = CLI.rial(["verify", package.path, "--crl", crls.path] + pki.anchors, cwd: dir).stdout
            #expect(
                text.contains("Revocation         CRL \(crls.path)/int-now.crl.pem (--crl, SHA-256 \(evidence[0]["sha256"] ?? "?"))"), "\(text.prefix(1500))")
            let schema = try Oracle.validate(schema: "report.schema.json", [try write(result.stdout, to: dir.appendingPathComponent("report.json"))], cwd: dir)
            #expect(schema.status == 0, "\(schema)")
            let xml = dir.appendingPathComponent("report.xml")
            let wroteXML = CLI.rial(["verify", package.path, "--quiet", "--crl", crls.path, "--report", xml.path] + pki.anchors, cwd: dir)
            #expect(wroteXML.status == 0, "\(wroteXML)")
            let xmllint = CLI.run(
                [try Oracle.tool("xmllint"), "--noout", "--schema", Oracle.schemaDirectory.appendingPathComponent("report.xsd").path, xml.path], cwd: dir)
            #expect(xmllint.status == 0, "\(xmllint)")
            #expect((try? String(contentsOf: xml, encoding: .utf8))?.contains("<revocation_evidence>") == true)
            let html = dir.appendingPathComponent("court.html")
            let report = CLI.rial(["report", package.path, "-o", html.path, "--crl", crls.path] + pki.anchors, cwd: dir)
            #expect(report.status == 0, "\(report)")
            let page = try String(contentsOf: html, encoding: .utf8)
            #expect(
                page.contains("Revocation evidence") && page.contains(String((evidence[0]["sha256"] ?? "?").prefix(8))) && page.contains("int-now.crl.pem"),
                "\(page.count)")
            let plain = dir.appendingPathComponent("plain.html")
            #expect(CLI.rial(["report", package.path, "-o", plain.path] + pki.anchors, cwd: dir).status == 0)
            let plainPage = try String(contentsOf: plain, encoding: .utf8)
            #expect(plainPage.contains("Not checked: no CRL or OCSP response was given"))
            #expect(
                plainPage.contains("Seal&#39;s signer: <b>not checked</b>") || plainPage.contains("Seal's signer: <b>not checked</b>"),
                "the trust section says revocation was not checked")
            #expect(page.contains("not revoked at the time that matters"))
            // The ledger's run detail records the evidence like the other settings.
            let ledger = dir.appendingPathComponent("ledger.sqlite")
            let audit = CLI.rial(["audit", package.path, "--ledger", ledger.path, "--quiet", "--crl", crls.path] + pki.anchors, cwd: dir)
            #expect(audit.status == 0, "\(audit)")
            let policy = CLI.run([try Oracle.tool("sqlite3"), ledger.path, "SELECT DISTINCT policy FROM ledger_records"], cwd: dir)
            #expect(policy.stdout.contains("\"revocation_evidence\"") && policy.stdout.contains(evidence[0]["sha256"] ?? "?"), "\(policy)")
        }
    }

    @Test("a file that is not a CRL or OCSP response is a usage error naming it, never evidence silently dropped")
    func unusableFile() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try pki.package("signer-good", in: dir)
            let wrong = CLI.rial(["verify", package.path, "--crl", pki.path("root-ca.pem")], cwd: dir)
            #expect(wrong.status == 64 && wrong.stderr.contains("--crl") && wrong.stderr.contains("root-ca.pem"), "\(wrong)")
            let notOCSP = CLI.rial(["verify", package.path, "--ocsp", pki.path("root.crl.pem")], cwd: dir)
            #expect(notOCSP.status == 64 && notOCSP.stderr.contains("--ocsp"), "\(notOCSP)")
            let absent = CLI.rial(["verify", package.path, "--crl", dir.appendingPathComponent("none.crl").path], cwd: dir)
            #expect(absent.status == 64, "\(absent)")
        }
    }

    private func write(_ text: String, to url: URL) throws -> String {
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

extension URL {
    /// Makes the directory (and its parents) and returns it.
    func creatingDirectory() -> URL {
        try? FileManager.default.createDirectory(at: self, withIntermediateDirectories: true)
        return self
    }
}
