import Foundation
import RialTestSupport
import Testing

/// `--revocation` on `seal`, `custody append` and `timestamp attach` end to end (SPEC §14.11):
/// one long-term validation through the binary, the stapled files in every report format and in
/// `rial inspect`, and unusable files refused with 64. What the stapled evidence makes of a seal
/// (every row, removed and hostile staples) is in-process, in RialAmenderTests'
/// PackageAmenderStaplingTests.
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

    /// sha256sum's digest of `file`; a failure is a text no digest equals.
    private static func sha256(_ file: String) -> String {
        (try? OutsideOracle.digest(file)) ?? "(sha256sum failed on \(file))"
    }

    /// Three years after the PKI was made: every certificate of it has expired, every CRL is stale.
    private static func yearsAhead(_ pki: RevocationPKI) -> String { RevocationPKI.rfc3339(pki.now.addingTimeInterval(3 * 365 * 86_400)) }

    @Test(
        "seal, timestamp attach and custody append --revocation exit 0; three years on, with nothing but the roots, verify exits 0 and every report format names the stapled files"
    )
    func longTermValidation() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try unsealed("ltv", in: dir)
            try sealPackage(package, pki: pki, stapling: ["root.crl.pem"], in: dir)
            let ocsp = try pki.ocsp("signer-good", by: "ocsp-responder")
            try timestamp(package, pki: pki, stapling: [ocsp], in: dir)
            let appended = CLI.rial(
                [
                    "custody", "append", package.path, "--action", "TRANSFERRED", "--actor-name", "Jane Roe", "--details", "to the lab",
                    "--revocation", pki.path("int-now.crl.pem"), "--quiet",
                ], cwd: dir)
            #expect(appended.status == 0, "\(appended)")
            let intCRL = Self.sha256(pki.path("int-now.crl.pem"))
            let later = Self.yearsAhead(pki)
            let (result, report) = try Sealing.verify(package, pki.anchors + ["--at", later], cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            #expect(report.checks.first { $0.code == "seal.revocation" }?.status == "pass")
            #expect(report.settings?.verificationTimeSource == "stated")
            let inspected = CLI.rial(["inspect", package.path], cwd: dir)
            #expect(inspected.stdout.contains("(stapled revocation evidence)  rial/seal/revocation/\(Self.sha256(ocsp)).ocsp"), "\(inspected)")
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
}
