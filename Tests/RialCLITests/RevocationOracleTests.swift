import Foundation
import Testing

/// rial's revocation verdicts held against an outside judge: pyhanko-certvalidator validates
/// the same path with the same CRLs and OCSP responses at the same time (the trusted genTime
/// rial judged at, else its verification time), fetching nothing, in its "require" revocation
/// mode, and the two must agree on every case (Tests/oracles/pyhanko_revocation.py).
@Suite("Revocation: rial agrees with pyhanko-certvalidator")
struct RevocationOracleTests {
    static let oracle = CLI.repoRoot.appendingPathComponent("Tests/oracles/pyhanko_revocation.py").path

    /// One case: a package sealed by `signer`, judged with `crls` and `ocsps`.
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let signer: String
        var chain = "chain.pem"
        var intermediate = "intermediate-ca.pem"
        var crls: [String] = []
        /// OCSP responses as (certificate, responder, days ago).
        var ocsps: [(String, String, Int?)] = []
        var timestamped = false
        /// What both must say: valid, revoked, not-checked or invalid.
        let expected: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "good (CRL)", signer: "signer-good", crls: ["int-now.crl.pem", "root.crl.pem"], expected: "valid"),
        Case(
            name: "good (delegated OCSP responder)", signer: "signer-good", crls: ["root.crl.pem"], ocsps: [("signer-good", "ocsp-responder", nil)],
            expected: "valid"),
        Case(name: "revoked before", signer: "signer-revoked", crls: ["int-now.crl.pem", "root.crl.pem"], expected: "revoked"),
        Case(
            name: "revoked before (OCSP by the issuer)", signer: "signer-revoked", crls: ["root.crl.pem"], ocsps: [("signer-revoked", "intermediate-ca", nil)],
            expected: "revoked"),
        Case(name: "key compromise before", signer: "signer-compromised", crls: ["int-now.crl.pem", "root.crl.pem"], expected: "revoked"),
        Case(
            name: "revoked after the trusted genTime", signer: "signer-revoked-later", crls: ["int-at-T.crl.pem", "int-now.crl.pem", "root.crl.pem"],
            timestamped: true, expected: "valid"),
        Case(
            name: "key compromise after the trusted genTime", signer: "signer-compromised-later",
            crls: ["int-at-T.crl.pem", "int-now.crl.pem", "root.crl.pem"], timestamped: true, expected: "valid"),
        Case(name: "stale CRL", signer: "signer-good", crls: ["int-stale.crl.pem", "root.crl.pem"], expected: "not-checked"),
        Case(
            name: "stale OCSP response", signer: "signer-good", crls: ["root.crl.pem"], ocsps: [("signer-good", "ocsp-responder", 3)], expected: "not-checked"),
        Case(name: "missing (no evidence of the issuer)", signer: "signer-good", crls: ["root.crl.pem"], expected: "not-checked"),
        Case(name: "missing (no evidence for the intermediate)", signer: "signer-good", crls: ["int-now.crl.pem"], expected: "not-checked"),
        Case(
            name: "unknown (OCSP)", signer: "signer-unknown", crls: ["root.crl.pem"], ocsps: [("signer-unknown", "ocsp-responder", nil)],
            expected: "not-checked"),
        Case(
            name: "wrong responder (issued by the root)", signer: "signer-good", crls: ["root.crl.pem"], ocsps: [("signer-good", "wrong-responder", nil)],
            expected: "not-checked"),
        Case(
            name: "wrong responder (no OCSPSigning)", signer: "signer-good", crls: ["root.crl.pem"], ocsps: [("signer-good", "noeku-responder", nil)],
            expected: "not-checked"),
        Case(name: "CRL signed by an impostor of the issuer", signer: "signer-good", crls: ["impostor.crl.pem", "root.crl.pem"], expected: "not-checked"),
        Case(
            name: "expired intermediate", signer: "expired-ca-signer", chain: "expired-chain.pem", intermediate: "expired-ca.pem", crls: ["root.crl.pem"],
            expected: "invalid"),
    ]

    @Test("rial's verdict on the seal's signer and pyhanko-certvalidator's agree", arguments: cases)
    func agrees(_ item: Case) throws {
        let python = try Oracle.python()
        let probe = CLI.run([python, "-c", "import pyhanko_certvalidator"], cwd: CLI.repoRoot)
        try #require(probe.status == 0, "the oracle Python lacks pyhanko-certvalidator (scripts/install-deps.sh --with-oracles): \(probe)")
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try pki.package(item.signer, chain: item.chain, in: dir)
            if item.timestamped { try pki.timestampADayAgo(package, in: dir) }
            let ocspFiles = try item.ocsps.map { try pki.ocsp($0.0, by: $0.1, daysAgo: $0.2) }
            let evidence = item.crls.flatMap { ["--crl", pki.path($0)] } + ocspFiles.flatMap { ["--ocsp", $0] }
            let result = CLI.rial(["verify", package.path, "--format", "json", "--quiet"] + pki.anchors + evidence, cwd: dir)
            let report = try #require(try? Report.decode(result.stdout), "no JSON report: \(result)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let settings = try #require(json["settings"] as? [String: Any])
            // The time rial judged the seal's signer at: the trusted genTime, else its verification time.
            let at = try #require(item.timestamped ? report.timestamp?.genTime : settings["verification_time"] as? String)
            let rial = Self.rialVerdict(report)
            var arguments = [
                python, Self.oracle, "--root", pki.path("root-ca.pem"), "--cert", pki.path("\(item.signer).pem"),
                "--other", pki.path(item.intermediate), "--at", at,
            ]
            arguments += item.crls.flatMap { ["--crl", pki.path($0)] } + ocspFiles.flatMap { ["--ocsp", $0] }
            let judged = CLI.run(arguments, cwd: dir)
            try #require(judged.status == 0, "pyhanko_revocation.py failed: \(judged)")
            let pyhanko = judged.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let pyhankoVerdict = String(pyhanko.prefix { $0 != " " })
            print("revocation oracle | \(item.name) | at \(at) | rial \(rial.verdict) (\(rial.code)) | pyhanko \(pyhanko.prefix(120))")
            #expect(rial.verdict == item.expected, "rial: \(rial.code): \(rial.message)")
            #expect(pyhankoVerdict == item.expected, "pyhanko: \(pyhanko)")
            #expect(rial.verdict == pyhankoVerdict, "rial \(rial.code) vs pyhanko \(pyhanko)")
            if item.name.hasPrefix("key compromise") {
                #expect(rial.message.contains("keyCompromise"), "\(rial.message)")
                if item.expected == "revoked" { #expect(pyhanko.contains("key_compromise")) }
            }
        }
    }

    /// rial's verdict on the seal's signer, in the oracle's words.
    static func rialVerdict(_ report: Report) -> (verdict: String, code: String, message: String) {
        let seal = report.checks.filter { $0.subject == "rial/seal/manifest.p7s" }
        if let failure = seal.first(where: { $0.status == "fail" && $0.code.hasPrefix("seal.certificate") }) {
            return ("invalid", failure.code, failure.message)
        }
        guard let revocation = seal.first(where: { $0.code.hasPrefix("seal.revocation") }) else { return ("none", "none", "") }
        switch revocation.status {
        case "pass": return ("valid", revocation.code, revocation.message)
        case "fail": return (revocation.code == "seal.revocation.revoked" ? "revoked" : "fail", revocation.code, revocation.message)
        default: return ("not-checked", revocation.code, revocation.message)
        }
    }
}
