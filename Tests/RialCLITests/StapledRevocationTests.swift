import Foundation
import Testing

/// Revocation evidence stapled into a package (`--revocation` on `seal`, `custody append` and
/// `timestamp attach`; SPEC §14.11): long-term validation with nothing but the roots, each
/// revocation row naming the file it used, and hostile stapled files never passing.
@Suite("Revocation evidence stapled in the package")
struct StapledRevocationTests {
    /// An unsealed package of the sample capture, in `dir`.
    private func unsealed(_ name: String, in dir: URL) throws -> URL {
        let capture = try Fixture.sample(in: dir, name: "capture-\(name)")
        let result = CLI.rial(["pack", capture.path, "-o", "\(name).rialpkg", "--quiet"], cwd: dir)
        try #require(result.status == 0, "\(result)")
        return dir.appendingPathComponent("\(name).rialpkg")
    }

    /// Seals `package` as `signer-good`, stapling `staples` (paths in the PKI).
    private func sealPackage(_ package: URL, pki: RevocationPKI, stapling staples: [String], in dir: URL) throws {
        let result = CLI.rial(
            [
                "seal", package.path, "--sign-key", pki.path("signer-good.key"), "--cert", pki.path("signer-good.pem"),
                "--chain", pki.path("chain.pem"), "--quiet",
            ] + staples.flatMap { ["--revocation", pki.path($0)] }, cwd: dir)
        try #require(result.status == 0, "\(result)")
    }

    /// Timestamps `package` now with the PKI's TSA (`openssl ts -reply`), stapling `staples`.
    private func timestamp(_ package: URL, pki: RevocationPKI, stapling staples: [String] = [], in dir: URL) throws {
        let request = dir.appendingPathComponent("\(UUID().uuidString).tsq"), response = dir.appendingPathComponent("\(UUID().uuidString).tsr")
        let asked = CLI.rial(["timestamp", "request", package.path, "-o", request.path, "--quiet"], cwd: dir)
        try #require(asked.status == 0, "\(asked)")
        let replied = CLI.run(
            ["openssl", "ts", "-reply", "-config", "tsa.cnf", "-queryfile", request.path, "-out", response.path],
            cwd: pki.dir, environment: ["OPENSSL_CONF": "/dev/null"])
        try #require(replied.status == 0, "\(replied)")
        let attached = CLI.rial(
            [
                "timestamp", "attach", package.path, "--token", response.path, "--tsa-chain", pki.path("chain.pem"),
                "--request", request.path, "--quiet",
            ] + staples.flatMap { ["--revocation", $0] }, cwd: dir)
        try #require(attached.status == 0, "\(attached)")
    }

    /// The package's paths below its top directory (`tar -t`).
    private func paths(_ package: URL) throws -> [String] {
        try Fixture.tarList(package).compactMap { name in name.split(separator: "/", maxSplits: 1).dropFirst().first.map(String.init) }
    }

    private static func sha256(_ file: String) -> String {
        String(CLI.run(["sha256sum", file], cwd: URL(fileURLWithPath: "/")).stdout.prefix(64))
    }

    /// Three years after the PKI was made: every certificate of it has expired, every CRL is stale.
    private static func yearsAhead(_ pki: RevocationPKI) -> String { RevocationPKI.rfc3339(pki.now.addingTimeInterval(3 * 365 * 86_400)) }

    @Test(
        "sealed with stapled CRLs and a trusted timestamp: PASS three years on with nothing but the roots; without the timestamp the expired seal fails, without the staples revocation is not checked"
    )
    func longTermValidation() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try unsealed("ltv", in: dir)
            try sealPackage(package, pki: pki, stapling: ["int-now.crl.pem", "root.crl.pem"], in: dir)
            let intCRL = Self.sha256(pki.path("int-now.crl.pem")), rootCRL = Self.sha256(pki.path("root.crl.pem"))
            let listed = try paths(package)
            #expect(listed.contains("rial/seal/revocation/\(intCRL).crl") && listed.contains("rial/seal/revocation/\(rootCRL).crl"), "\(listed)")
            // Twin first: sealed, stapled, but no timestamp: three years on the signer has expired.
            let later = Self.yearsAhead(pki)
            let (untimed, untimedReport) = try Sealing.verify(package, pki.anchors + ["--at", later], cwd: dir)
            #expect(untimed.status == 1 && untimedReport.failures.contains { $0.code == "seal.certificate.expired" }, "\(untimedReport.failures)")

            try timestamp(package, pki: pki, in: dir)
            let (result, report) = try Sealing.verify(package, pki.anchors + ["--at", later], cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            #expect(report.seal?.state == "valid-trusted")
            let seal = try #require(report.checks.first { $0.code == "seal.revocation" })
            #expect(seal.status == "pass", "\(seal)")
            #expect(seal.message.contains("rial/seal/revocation/\(intCRL).crl (stapled in the package, SHA-256 \(intCRL))"), "\(seal.message)")
            #expect(seal.message.contains("rial/seal/revocation/\(rootCRL).crl (stapled in the package, SHA-256 \(rootCRL))"), "\(seal.message)")
            #expect(report.checks.first { $0.code == "timestamp.revocation" }?.status == "pass")
            #expect(report.checks("seal.revocation.stapled").count == 2 && report.checks("seal.revocation.stapled").allSatisfy { $0.status == "pass" })
            let settings = try #require(report.settings)
            #expect(settings.verificationTimeSource == "stated")
            // The JSON settings list the stapled files with their source.
            let json = CLI.rial(["verify", package.path, "--format", "json", "--quiet", "--at", later] + pki.anchors, cwd: dir).stdout
            #expect(json.contains("\"source\": \"stapled\"") && json.contains("\"file\": \"rial/seal/revocation/\(intCRL).crl\""), "\(json)")

            // The report schema (JSON Schema and report.xsd) takes the stapled source and the stated time.
            let jsonFile = dir.appendingPathComponent("ltv.json")
            try Data(json.utf8).write(to: jsonFile)
            let schema = try Oracle.validate(schema: "report.schema.json", [jsonFile.path], cwd: dir)
            #expect(schema.status == 0, "\(schema)")
            let xml = dir.appendingPathComponent("ltv.xml")
            #expect(CLI.rial(["verify", package.path, "--quiet", "--at", later, "--report", xml.path] + pki.anchors, cwd: dir).status == 0)
            let xmllint = CLI.run(
                [try Oracle.tool("xmllint"), "--noout", "--schema", Oracle.schemaDirectory.appendingPathComponent("report.xsd").path, xml.path], cwd: dir)
            #expect(xmllint.status == 0, "\(xmllint)")
            let page = CLI.rial(["verify", package.path, "--quiet", "--format", "html", "--at", later] + pki.anchors, cwd: dir).stdout
            #expect(page.contains("stapled in the package") && page.contains(intCRL.prefix(16)), "the court report lists the stapled files")
            #expect(!page.contains("--crl</span> <span class=\"nw\">rial/seal/revocation"), "stapled files are not given again in the repeat command")

            // Supplied and stapled together: each row says which it used.
            let (_, both) = try Sealing.verify(package, pki.anchors + pki.crls("int-now.crl.pem"), cwd: dir)
            let bothSeal = try #require(both.checks.first { $0.code == "seal.revocation" })
            #expect(bothSeal.message.contains("(supplied, SHA-256 \(intCRL))"), "\(bothSeal.message)")

            // Twin: the same package sealed without staples has nothing to judge revocation by.
            let bare = try unsealed("bare", in: dir)
            try sealPackage(bare, pki: pki, stapling: [], in: dir)
            try timestamp(bare, pki: pki, in: dir)
            let (bareResult, bareReport) = try Sealing.verify(bare, pki.anchors + ["--at", later], cwd: dir)
            #expect(bareResult.status == 0)
            let bareSeal = try #require(bareReport.checks.first { $0.code == "seal.revocation" })
            #expect(bareSeal.status == "not_checked" && bareSeal.message.contains("no revocation evidence was given (--crl, --ocsp) or stapled"), "\(bareSeal)")
        }
    }

    @Test("a signer revoked before the sealing time, stapled CRL listing it: FAIL; the SEALED event names each stapled file under the signature")
    func stapledRevocationFails() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try unsealed("revoked", in: dir)
            let result = CLI.rial(
                [
                    "seal", package.path, "--sign-key", pki.path("signer-revoked.key"), "--cert", pki.path("signer-revoked.pem"),
                    "--chain", pki.path("chain.pem"), "--quiet", "--revocation", pki.path("int-now.crl.pem"),
                    "--revocation", pki.path("root.crl.pem"),
                ], cwd: dir)
            try #require(result.status == 0, "\(result)")
            let (verified, report) = try Sealing.verify(package, pki.anchors, cwd: dir)
            #expect(verified.status == 1)
            #expect(report.checks.first { $0.code.hasPrefix("seal.revocation.revoked") }?.status == "fail", "\(report.failures)")
            #expect(report.seal?.state == "invalid")
            let sealed = try #require(report.custody?.events.last)
            #expect(
                (sealed.details ?? "").contains("stapled revocation evidence: rial/seal/revocation/\(Self.sha256(pki.path("int-now.crl.pem"))).crl"),
                "\(sealed.details)")
        }
    }

    @Test("custody append and timestamp attach staple too (an OCSP response, an intermediate certificate); the same file twice is one file")
    func laterStaples() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try unsealed("later", in: dir)
            try sealPackage(package, pki: pki, stapling: ["root.crl.pem"], in: dir)
            let ocsp = try pki.ocsp("signer-good", by: "ocsp-responder")
            try timestamp(package, pki: pki, stapling: [ocsp, pki.path("intermediate-ca.pem")], in: dir)
            let appended = CLI.rial(
                [
                    "custody", "append", package.path, "--action", "TRANSFERRED", "--actor-name", "Jane Roe", "--details", "to the lab",
                    "--revocation", pki.path("root.crl.pem"), "--revocation", pki.path("int-now.crl.pem"), "--quiet",
                ], cwd: dir)
            #expect(appended.status == 0, "\(appended)")
            let listed = try paths(package).filter { $0.hasPrefix("rial/seal/revocation/") && !$0.hasSuffix("/") }
            #expect(
                listed.sorted()
                    == [
                        "rial/seal/revocation/\(Self.sha256(ocsp)).ocsp", "rial/seal/revocation/\(Self.sha256(pki.path("intermediate-ca.pem"))).crt",
                        "rial/seal/revocation/\(Self.sha256(pki.path("int-now.crl.pem"))).crl",
                        "rial/seal/revocation/\(Self.sha256(pki.path("root.crl.pem"))).crl",
                    ].sorted(), "\(listed)")
            let (result, report) = try Sealing.verify(package, pki.anchors, cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            let seal = try #require(report.checks.first { $0.code == "seal.revocation" })
            #expect(seal.status == "pass" && seal.message.contains("(stapled in the package, SHA-256 "), "\(seal.message)")
            let inspected = CLI.rial(["inspect", package.path], cwd: dir)
            #expect(inspected.stdout.contains("(stapled revocation evidence)  rial/seal/revocation/\(Self.sha256(ocsp)).ocsp"), "\(inspected)")
            #expect(report.checks("seal.revocation.stapled").count == 4 && report.checks("seal.revocation.stapled").allSatisfy { $0.status == "pass" })
            let event = try #require(report.custody?.events.last)
            #expect(
                event.details == "to the lab; stapled revocation evidence: rial/seal/revocation/\(Self.sha256(pki.path("int-now.crl.pem"))).crl",
                "only the file not yet stapled is named and added: \(event.details)")
        }
    }

    @Test(
        "a stapled file the signed SEALED event names, removed (tag manifests recomputed): FAIL seal.revocation.stapled.missing with the event's seq; one stapled by timestamp attach, which no event names, removed: no failure"
    )
    func removedStaple() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try unsealed("removed", in: dir)
            try sealPackage(package, pki: pki, stapling: ["root.crl.pem"], in: dir)
            try timestamp(package, pki: pki, stapling: [pki.path("int-now.crl.pem")], in: dir)
            let (intact, intactReport) = try Sealing.verify(package, pki.anchors, cwd: dir)
            #expect(intact.status == 0, "\(intactReport.failures)")
            let rootPath = "rial/seal/revocation/\(Self.sha256(pki.path("root.crl.pem"))).crl"
            let stripped = dir.appendingPathComponent("stripped.rialpkg")
            try Oracle.tamper(package, ["remove", rootPath, "--cover"], output: stripped)
            let (result, report) = try Sealing.verify(stripped, pki.anchors, cwd: dir)
            #expect(result.status == 1)
            #expect(report.failures.map(\.code) == ["seal.revocation.stapled.missing"], "\(report.failures)")
            let failure = try #require(report.failures.first)
            #expect(failure.subject == rootPath && failure.seq != nil && failure.message.contains("SEALED"), "\(failure)")
            // Twin: the timestamp's staple, which no event names.
            let other = dir.appendingPathComponent("other.rialpkg")
            try Oracle.tamper(package, ["remove", "rial/seal/revocation/\(Self.sha256(pki.path("int-now.crl.pem"))).crl", "--cover"], output: other)
            let (otherResult, otherReport) = try Sealing.verify(other, pki.anchors, cwd: dir)
            #expect(otherResult.status == 0 && otherReport.failures.isEmpty, "\(otherReport.failures)")
        }
    }

    @Test("--revocation refuses a file that is no evidence, before anything is read (64), and one over 64 MiB")
    func refusedAtSealing() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try unsealed("refused", in: dir)
            let garbage = dir.appendingPathComponent("garbage.crl")
            try Data("not a CRL\n".utf8).write(to: garbage)
            let big = dir.appendingPathComponent("big.crl")
            #expect(CLI.run(["truncate", "-s", "65M", big.path], cwd: dir).status == 0)
            for file in [garbage.path, big.path] {
                let result = CLI.rial(
                    [
                        "seal", package.path, "--sign-key", pki.path("signer-good.key"), "--cert", pki.path("signer-good.pem"),
                        "--revocation", file, "--quiet",
                    ], cwd: dir)
                #expect(result.status == 64 && result.stderr.contains("--revocation"), "\(result)")
            }
            let (_, report) = try Sealing.verify(package, [], cwd: dir)
            #expect(report.seal == nil || report.seal?.state == "missing", "nothing was sealed")
        }
    }

    /// Hostile files planted under rial/seal/revocation/ (tamper.py, tag manifests recomputed).
    @Test(
        "hostile stapled files: garbage, a name that is not its SHA-256, a bad name, a CRL by an impostor, one over 64 MiB: NOT CHECKED with the reason, never PASS, never a crash"
    )
    func hostileStaples() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try unsealed("hostile", in: dir)
            try sealPackage(package, pki: pki, stapling: [], in: dir)
            let garbage = dir.appendingPathComponent("garbage.bin")
            try Data("garbage, not a CRL\n".utf8).write(to: garbage)
            let garbageName = Self.sha256(garbage.path)
            let impostor = pki.path("impostor.crl.pem")
            let cases: [(path: String, source: String, reason: String)] = [
                ("rial/seal/revocation/\(garbageName).crl", garbage.path, "not what its extension .crl says"),
                ("rial/seal/revocation/\(String(repeating: "0", count: 64)).crl", impostor, "its name says SHA-256 \(String(repeating: "0", count: 64))"),
                ("rial/seal/revocation/notes.txt", garbage.path, "named by the SHA-256 of its bytes"),
            ]
            for (index, planted) in cases.enumerated() {
                let tampered = dir.appendingPathComponent("hostile-\(index).rialpkg")
                try Oracle.tamper(package, ["add-file", planted.path, planted.source, "--cover"], output: tampered)
                let (result, report) = try Sealing.verify(tampered, pki.anchors, cwd: dir)
                #expect(result.status == 0, "\(planted.path): \(report.failures)")
                let row = try #require(report.checks.first { $0.subject == planted.path }, "\(planted.path)")
                #expect(row.code == "seal.revocation.stapled" && row.status == "not_checked" && row.message.contains(planted.reason), "\(row)")
                #expect(report.checks.first { $0.code.hasPrefix("seal.revocation") && $0.code != "seal.revocation.stapled" }?.status == "not_checked")
            }
            // A CRL by an impostor CA with the intermediate's name, stapled properly: read, but refused as evidence.
            let wrong = try unsealed("wrong-issuer", in: dir)
            try sealPackage(wrong, pki: pki, stapling: ["impostor.crl.pem", "root.crl.pem"], in: dir)
            let (wrongResult, wrongReport) = try Sealing.verify(wrong, pki.anchors, cwd: dir)
            #expect(wrongResult.status == 0)
            let refused = try #require(wrongReport.checks.first { $0.code.hasPrefix("seal.revocation.") && $0.code != "seal.revocation.stapled" })
            #expect(
                refused.code == "seal.revocation.unauthorized" && refused.status == "not_checked" && refused.message.contains("stapled in the package"),
                "\(refused)")
            // Over the limit a verifier reads: the scanner's own limit fails it, and it is not used.
            let big = dir.appendingPathComponent("big.bin")
            #expect(CLI.run(["truncate", "-s", "65M", big.path], cwd: dir).status == 0)
            let huge = dir.appendingPathComponent("huge.rialpkg")
            try Oracle.tamper(package, ["add-file", "rial/seal/revocation/\(Self.sha256(big.path)).crl", big.path, "--cover"], output: huge)
            let (hugeResult, hugeReport) = try Sealing.verify(huge, pki.anchors, cwd: dir)
            #expect(hugeResult.status == 1 && hugeReport.failures.contains { $0.code == "archive.limit.tag-file-size" }, "\(hugeReport.failures)")
            let hugeRow = try #require(hugeReport.checks.first { $0.code == "seal.revocation.stapled" })
            #expect(hugeRow.status == "not_checked" && hugeRow.message.contains("larger than the 64 MiB"), "\(hugeRow)")
        }
    }
}
