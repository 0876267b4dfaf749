import Foundation
import RialFormat
import RialTestSupport
import Testing
@testable import RialVerifier

/// rial's revocation verdicts, judged in process, held against an outside judge:
/// pyhanko-certvalidator validates the same path with the same CRLs and OCSP responses at the
/// same time (the trusted genTime rial judged at, else its verification time), fetching
/// nothing, in its "require" revocation mode, and the two must agree on every case
/// (Tests/oracles/pyhanko_revocation.py).
@Suite("Seal revocation: rial agrees with pyhanko-certvalidator", .requires(.openssl))
struct SealRevocationOracleTests {
    static let oracle = OutsideOracle.repoRoot.appendingPathComponent("Tests/oracles/pyhanko_revocation.py").path

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
        let python = try OutsideOracle.python()
        let probe = Subprocess.execute([python, "-c", "import pyhanko_certvalidator"], cwd: OutsideOracle.repoRoot)
        try #require(probe.status == 0, "the oracle Python lacks pyhanko-certvalidator (scripts/install-deps.sh --with-oracles): \(probe)")
        let pki = try RevocationTestPKI()
        defer { pki.remove() }
        let package = try pki.package(item.signer, chain: item.chain)
        if item.timestamped { try pki.timestampADayAgo(package) }
        // Each response with the file it was written to (the PKI's, for the oracle to read).
        let ocsps = try item.ocsps.map { certificate, responder, daysAgo -> (RevocationEvidenceFile, String) in
            guard let daysAgo else {
                return (try pki.ocsp(certificate, by: responder), pki.files.path("\(certificate)-by-\(responder).ocsp"))
            }
            let evidence = try pki.ocsp(certificate, by: responder, daysAgo: daysAgo)
            return (evidence, evidence.path)
        }
        let crls = try item.crls.map { try pki.crls($0)[0] }
        // A whole second, as `rial verify` states its verification time.
        let now = Timestamp(seconds: Timestamp.now().seconds)
        let report = Verifier(verificationTime: now, policy: try pki.policy(crls + ocsps.map(\.0))).report(for: package.path)
        // The time rial judged the seal's signer at: the trusted genTime, else its verification time.
        let at = try #require(item.timestamped ? report.timestamp?.genTime?.rfc3339 : now.rfc3339)
        let rial = Self.rialVerdict(report)
        var arguments = [
            python, Self.oracle, "--root", pki.files.path("root-ca.pem"), "--cert", pki.files.path("\(item.signer).pem"),
            "--other", pki.files.path(item.intermediate), "--at", at,
        ]
        arguments += item.crls.flatMap { ["--crl", pki.files.path($0)] } + ocsps.flatMap { ["--ocsp", $0.1] }
        let judged = Subprocess.execute(arguments, cwd: URL(fileURLWithPath: pki.directory))
        try #require(judged.status == 0, "pyhanko_revocation.py failed: \(judged)")
        let pyhanko = judged.output.trimmingCharacters(in: .whitespacesAndNewlines)
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

    /// rial's verdict on the seal's signer, in the oracle's words.
    static func rialVerdict(_ report: VerificationReport) -> (verdict: String, code: String, message: String) {
        let seal = report.checks.filter { $0.subject == "rial/seal/manifest.p7s" }
        if let failure = seal.first(where: { $0.status == .fail && $0.code.rawValue.hasPrefix("seal.certificate") }) {
            return ("invalid", failure.code.rawValue, failure.message)
        }
        guard let revocation = seal.first(where: { $0.code.rawValue.hasPrefix("seal.revocation") }) else { return ("none", "none", "") }
        switch revocation.status {
        case .pass: return ("valid", revocation.code.rawValue, revocation.message)
        case .fail: return (revocation.code.rawValue == "seal.revocation.revoked" ? "revoked" : "fail", revocation.code.rawValue, revocation.message)
        default: return ("not-checked", revocation.code.rawValue, revocation.message)
        }
    }
}
