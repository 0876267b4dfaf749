import Foundation
import Testing

/// Revocation evidence the verifier supplies (`--crl`, `--ocsp`; SPEC §14.10): each state with
/// its own code, and beside each the twin that must not trigger it. The PKI, its CRLs and its
/// OCSP responses are made by `openssl ca` and `openssl ocsp` (RevocationPKI); nothing is fetched.
@Suite("Revocation evidence supplied by the verifier")
struct RevocationTests {
    /// The seal's revocation finding (one per report).
    private func sealRevocation(_ report: Report) throws -> Report.Check {
        let found = report.checks.filter { $0.code.hasPrefix("seal.revocation") }
        try #require(found.count == 1, "one seal.revocation finding expected: \(report.checks.filter { $0.code.contains("revocation") })")
        return found[0]
    }

    /// The code, status and message of the seal's one revocation finding ("none" when there is
    /// not exactly one), for expectations.
    private func sealCode(_ report: Report) -> String { (try? sealRevocation(report))?.code ?? "none" }
    private func sealStatus(_ report: Report) -> String { (try? sealRevocation(report))?.status ?? "none" }
    private func sealMessage(_ report: Report) -> String { (try? sealRevocation(report))?.message ?? "none" }

    @Test("good by the issuer's CRL: PASS for the seal and every custody signature; without evidence NOT CHECKED, never PASS")
    func goodByCRL() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try pki.package("signer-good", in: dir)
            let (result, report) = try Sealing.verify(package, pki.anchors + pki.crls("int-now.crl.pem", "root.crl.pem"), cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            let seal = try sealRevocation(report)
            #expect(seal.code == "seal.revocation" && seal.status == "pass")
            #expect(
                seal.message.contains("int-now.crl.pem") && seal.message.contains("root.crl.pem"),
                "every certificate below the anchor is named with its evidence: \(seal.message)")
            #expect(seal.part == "provenance")
            let custody = report.checks("custody.revocation")
            #expect(!custody.isEmpty && custody.allSatisfy { $0.status == "pass" && $0.seq != nil }, "\(custody)")
            #expect(report.seal?.state == "valid-trusted")

            let (plain, without) = try Sealing.verify(package, pki.anchors, cwd: dir)
            #expect(plain.status == 0)
            let none = try sealRevocation(without)
            #expect(none.code == "seal.revocation" && none.status == "not_checked")
            #expect(none.message.contains("no revocation evidence was given (--crl, --ocsp)"))
            #expect(!without.checks.contains { $0.code.contains("revocation") && $0.status == "pass" })
        }
    }

    @Test("revoked before the time that matters: FAIL with date and reason; the same CRL passes a signer it does not list")
    func revokedBefore() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let revoked = try pki.package("signer-revoked", in: dir)
            let (result, report) = try Sealing.verify(revoked, pki.anchors + pki.crls("int-now.crl.pem", "root.crl.pem"), cwd: dir)
            #expect(result.status == 1)
            let seal = try sealRevocation(report)
            #expect(seal.code == "seal.revocation.revoked" && seal.status == "fail")
            #expect(seal.message.contains("for superseded") && seal.message.contains("before"))
            #expect(!seal.message.contains("keyCompromise"))
            #expect(report.seal?.state == "invalid")
            #expect(report.checks("custody.revocation.revoked").allSatisfy { $0.status == "fail" } && !report.checks("custody.revocation.revoked").isEmpty)
            // Twin: the same CRL, a signer it does not list.
            let good = try pki.package("signer-good", in: dir)
            let (twin, twinReport) = try Sealing.verify(good, pki.anchors + pki.crls("int-now.crl.pem", "root.crl.pem"), cwd: dir)
            #expect(twin.status == 0 && sealCode(twinReport) == "seal.revocation")
        }
    }

    @Test("a keyCompromise revocation is reported as such (openssl ca -crl_compromise), and before the time is a FAIL")
    func keyCompromise() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try pki.package("signer-compromised", in: dir)
            let (result, report) = try Sealing.verify(package, pki.anchors + pki.crls("int-now.crl.pem", "root.crl.pem"), cwd: dir)
            #expect(result.status == 1)
            let seal = try sealRevocation(report)
            #expect(
                seal.code == "seal.revocation.revoked" && seal.message.contains("for keyCompromise") && seal.message.contains("private key was in other hands"))
        }
    }

    @Test("a key compromise whose invalidityDate is before the trusted genTime fails, though the revocation came after it; compromised after it passes")
    func compromiseDatedBeforeTheTime() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try pki.package("signer-compromised-earlier", in: dir)
            try pki.timestampADayAgo(package, in: dir)
            let evidence = pki.anchors + pki.crls("int-at-T.crl.pem", "int-now.crl.pem", "root.crl.pem")
            let (result, report) = try Sealing.verify(package, evidence, cwd: dir)
            #expect(result.status == 1)
            #expect(sealCode(report) == "seal.revocation.revoked", "\(sealMessage(report))")
            #expect(sealMessage(report).contains("invalidityDate") && sealMessage(report).contains("for keyCompromise"), "\(sealMessage(report))")
            // Twin: compromised (invalidityDate and revocation) after genTime.
            let later = try pki.package("signer-compromised-later", in: dir)
            try pki.timestampADayAgo(later, in: dir)
            let (_, twin) = try Sealing.verify(later, evidence, cwd: dir)
            #expect(sealCode(twin) == "seal.revocation.revoked-later" && sealStatus(twin) == "pass", "\(sealMessage(twin))")
        }
    }

    @Test(
        "revoked after a trusted genTime: PASS with the date; the same revocation without the timestamp is a FAIL, and so it is for custody events, which no trusted time dates"
    )
    func revokedAfterTrustedTime() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let later = try pki.package("signer-revoked-later", in: dir)
            // Twin first: judged at the verification time, a revocation 12 hours ago is before it.
            let (untimed, untimedReport) = try Sealing.verify(later, pki.anchors + pki.crls("int-now.crl.pem", "root.crl.pem"), cwd: dir)
            #expect(untimed.status == 1)
            #expect(sealCode(untimedReport) == "seal.revocation.revoked")
            try pki.timestampADayAgo(later, in: dir)
            // The CRL current at genTime speaks for the TSA then; today's lists the later revocation.
            let evidence = pki.anchors + pki.crls("int-at-T.crl.pem", "int-now.crl.pem", "root.crl.pem")
            let (result, report) = try Sealing.verify(later, evidence, cwd: dir)
            #expect(result.status == 1)
            #expect(report.failures.map(\.code).allSatisfy { $0 == "custody.revocation.revoked" }, "\(report.failures)")
            #expect(report.checks("custody.revocation.revoked").allSatisfy { $0.message.contains("custody events carry no trusted timestamp") })
            let seal = try sealRevocation(report)
            #expect(seal.code == "seal.revocation.revoked-later" && seal.status == "pass", "\(seal.message)")
            #expect(
                seal.message.contains("after") && seal.message.contains("the trusted timestamp's genTime") && seal.message.contains("predates the revocation"))
            #expect(report.checks("timestamp.revocation").first?.status == "pass")

            let compromised = try pki.package("signer-compromised-later", in: dir)
            try pki.timestampADayAgo(compromised, in: dir)
            let (_, compromisedReport) = try Sealing.verify(compromised, evidence, cwd: dir)
            let said = try sealRevocation(compromisedReport)
            #expect(said.code == "seal.revocation.revoked-later" && said.message.contains("for keyCompromise"), "\(said.message)")
        }
    }

    @Test("a revocation dated after the verification time, with no trusted timestamp, is NOT CHECKED (nothing dates the signature); with one, it passes")
    func revokedLaterWithoutTrustedTime() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try pki.package("signer-revoked-future", in: dir)
            let evidence = pki.anchors + pki.crls("int-at-T.crl.pem", "int-now.crl.pem", "root.crl.pem")
            let (result, report) = try Sealing.verify(package, evidence, cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            #expect(sealCode(report) == "seal.revocation.revoked-later" && sealStatus(report) == "not_checked", "\(sealMessage(report))")
            #expect(sealMessage(report).contains("nothing proves it was made before the revocation") && sealMessage(report).contains("cessationOfOperation"))
            try pki.timestampADayAgo(package, in: dir)
            let (_, twin) = try Sealing.verify(package, evidence, cwd: dir)
            #expect(sealCode(twin) == "seal.revocation.revoked-later" && sealStatus(twin) == "pass", "\(sealMessage(twin))")
        }
    }

    @Test("a TSA revoked for key compromise fails at any date (RFC 3161 §4), and its genTime no longer dates the seal; a good TSA passes")
    func tsaKeyCompromise() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try pki.package("signer-good", in: dir)
            try pki.timestampADayAgo(package, tsa: "tsa-compromised-later", in: dir)
            let evidence = pki.anchors + pki.crls("int-at-T.crl.pem", "int-now.crl.pem", "root.crl.pem")
            let (result, report) = try Sealing.verify(package, evidence, cwd: dir)
            #expect(result.status == 1)
            let tsa = try #require(report.checks.first { $0.code.hasPrefix("timestamp.revocation") })
            #expect(tsa.code == "timestamp.revocation.revoked" && tsa.message.contains("RFC 3161 §4"), "\(tsa.message)")
            #expect(sealMessage(report).contains("the verification time (no trusted timestamp)"))
            #expect(report.timestamp?.state == "invalid", "no header calls a revoked TSA's time trusted")
            let twin = try pki.package("signer-good", chain: "chain.pem", in: dir.appendingPathComponent("twin").creatingDirectory())
            try pki.timestampADayAgo(twin, in: dir)
            let (twinResult, twinReport) = try Sealing.verify(twin, evidence, cwd: dir)
            #expect(twinResult.status == 0, "\(twinReport.failures)")
            #expect(twinReport.checks("timestamp.revocation").first?.status == "pass")
            #expect(sealMessage(twinReport).contains("the trusted timestamp's genTime"))
        }
    }

    @Test("stale evidence (the time outside thisUpdate…nextUpdate) is NOT CHECKED, for a CRL and an OCSP response; current evidence passes")
    func stale() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try pki.package("signer-good", in: dir)
            let (result, report) = try Sealing.verify(package, pki.anchors + pki.crls("int-stale.crl.pem", "root.crl.pem"), cwd: dir)
            #expect(result.status == 0)
            let seal = try sealRevocation(report)
            #expect(seal.code == "seal.revocation.stale" && seal.status == "not_checked", "\(seal.message)")
            let staleOCSP = try pki.ocsp("signer-good", by: "ocsp-responder", daysAgo: 3)
            let (_, ocspReport) = try Sealing.verify(package, pki.anchors + ["--ocsp", staleOCSP] + pki.crls("root.crl.pem"), cwd: dir)
            #expect(sealCode(ocspReport) == "seal.revocation.stale")
            let currentOCSP = try pki.ocsp("signer-good", by: "ocsp-responder")
            let (_, twin) = try Sealing.verify(package, pki.anchors + ["--ocsp", currentOCSP] + pki.crls("root.crl.pem"), cwd: dir)
            #expect(sealCode(twin) == "seal.revocation" && sealStatus(twin) == "pass")
        }
    }

    @Test("evidence that says nothing about a certificate on the chain is NOT CHECKED (missing), naming it; with it, PASS")
    func missing() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try pki.package("signer-good", in: dir)
            let (_, leafMissing) = try Sealing.verify(package, pki.anchors + pki.crls("root.crl.pem"), cwd: dir)
            let seal = try sealRevocation(leafMissing)
            #expect(seal.code == "seal.revocation.missing" && seal.status == "not_checked" && seal.message.contains("Signer good"))
            // The intermediate's own revocation (the root's CRL) matters too.
            let (_, caMissing) = try Sealing.verify(package, pki.anchors + pki.crls("int-now.crl.pem"), cwd: dir)
            let ca = try sealRevocation(caMissing)
            #expect(ca.code == "seal.revocation.missing" && ca.message.contains("a CA on the chain"), "\(ca.message)")
        }
    }

    @Test("OCSP unknown is NOT CHECKED; the same delegated responder's good answer passes")
    func unknown() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try pki.package("signer-unknown", in: dir)
            let (_, report) = try Sealing.verify(
                package, pki.anchors + ["--ocsp", try pki.ocsp("signer-unknown", by: "ocsp-responder")] + pki.crls("root.crl.pem"), cwd: dir)
            #expect(sealCode(report) == "seal.revocation.unknown")
            let good = try pki.package("signer-good", in: dir)
            let (_, twin) = try Sealing.verify(
                good, pki.anchors + ["--ocsp", try pki.ocsp("signer-good", by: "ocsp-responder")] + pki.crls("root.crl.pem"), cwd: dir)
            #expect(sealStatus(twin) == "pass")
        }
    }

    @Test("an OCSP response in PEM (OCSP RESPONSE) is read as its DER is")
    func ocspInPEM() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try pki.package("signer-good", in: dir)
            let der = try pki.ocsp("signer-good", by: "ocsp-responder")
            let base64 = CLI.run(["openssl", "base64", "-in", der], cwd: dir)
            try #require(base64.status == 0, "\(base64)")
            let pem = dir.appendingPathComponent("signer.ocsp.pem")
            try ("-----BEGIN OCSP RESPONSE-----\n" + base64.stdout + "-----END OCSP RESPONSE-----\n").write(to: pem, atomically: true, encoding: .utf8)
            let (_, report) = try Sealing.verify(package, pki.anchors + ["--ocsp", pem.path] + pki.crls("root.crl.pem"), cwd: dir)
            #expect(sealCode(report) == "seal.revocation" && sealStatus(report) == "pass", "\(sealMessage(report))")
        }
    }

    @Test(
        "evidence not signed by the issuer or its delegated responder is not used (NOT CHECKED), even when it says revoked; the issuer's own and its delegate's are"
    )
    func unauthorized() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let good = try pki.package("signer-good", in: dir)
            for responder in ["wrong-responder", "noeku-responder"] {
                let (_, report) = try Sealing.verify(
                    good, pki.anchors + ["--ocsp", try pki.ocsp("signer-good", by: responder)] + pki.crls("root.crl.pem"), cwd: dir)
                #expect(sealCode(report) == "seal.revocation.unauthorized", "\(responder)")
            }
            let (_, impostor) = try Sealing.verify(good, pki.anchors + pki.crls("impostor.crl.pem", "root.crl.pem"), cwd: dir)
            #expect(sealCode(impostor) == "seal.revocation.unauthorized")
            // A revocation said by the wrong responder is no verdict.
            let revoked = try pki.package("signer-revoked", in: dir)
            let (wrongResult, wrong) = try Sealing.verify(
                revoked, pki.anchors + ["--ocsp", try pki.ocsp("signer-revoked", by: "wrong-responder")] + pki.crls("root.crl.pem"), cwd: dir)
            #expect(wrongResult.status == 0 && sealCode(wrong) == "seal.revocation.unauthorized")
            // Twins: the issuer itself, and its delegated responder.
            let (issuerResult, byIssuer) = try Sealing.verify(
                revoked, pki.anchors + ["--ocsp", try pki.ocsp("signer-revoked", by: "intermediate-ca")] + pki.crls("root.crl.pem"), cwd: dir)
            #expect(issuerResult.status == 1 && sealCode(byIssuer) == "seal.revocation.revoked")
            let (_, byDelegate) = try Sealing.verify(
                good, pki.anchors + ["--ocsp", try pki.ocsp("signer-good", by: "ocsp-responder")] + pki.crls("root.crl.pem"), cwd: dir)
            #expect(sealCode(byDelegate) == "seal.revocation")
        }
    }

    @Test("an expired intermediate fails the chain; revocation is then not judged")
    func expiredIntermediate() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try pki.package("expired-ca-signer", chain: "expired-chain.pem", in: dir)
            let (result, report) = try Sealing.verify(package, pki.anchors + pki.crls("root.crl.pem"), cwd: dir)
            #expect(result.status == 1)
            #expect(report.has("seal.certificate.expired", subject: "rial/seal/manifest.p7s"))
            #expect(!report.checks.contains { $0.code.hasPrefix("seal.revocation") })
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
                let digest = CLI.run([try Oracle.tool("sha256sum"), file], cwd: dir).stdout.prefix(64)
                #expect(item["sha256"] == String(digest) && item["kind"] == "crl" && item["source"] == "supplied")
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
