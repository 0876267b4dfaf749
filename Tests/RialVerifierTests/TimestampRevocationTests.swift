import Foundation
import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// A seal stamped by the revocation PKI's TSA (``RevocationTestPKI``), its root the TSA
/// anchor, judged with the CRLs and OCSP responses the PKI makes: each way the evidence can
/// leave the TSA's revocation not known, and a revocation after genTime, worded with the
/// timestamp codes. The token's genTime is a trusted time, so a revocation after it (for a
/// reason other than key compromise) passes. (The seal's codes are SealRevocationTests'.)
@Suite("Timestamp revocation")
struct TimestampRevocationTests {
    private typealias Builder = InventoryBuilder
    private let path = PackageLayout.sealTimestamp

    /// The revocation finding about a token the PKI's TSA makes now over a sealed package,
    /// judged a minute later with the evidence `evidence` gives (made before the token, so
    /// every response made now covers its genTime).
    private func revocation(_ evidence: (RevocationTestPKI) throws -> [RevocationEvidenceFile]) throws -> CheckResult {
        let pki = try RevocationTestPKI()
        defer { pki.remove() }
        let given = try evidence(pki)
        var builder = try Builder.package(sealedBy: TestIdentity())
        let seal = try DetachedSignature(der: #require(builder.files[PackageLayout.seal]))
        builder.files[path] = try pki.token(over: seal.signatureValue)
        builder.files[PackageLayout.sealTimestampChain] = try pki.bytes("chain.pem")
        var policy = VerificationPolicy(timestampAnchors: [try pki.root])
        policy.revocationEvidence = given
        let results = TimestampCheck().run(builder.context(policy: policy, at: Timestamp(seconds: Timestamp.now().seconds + 60)))
        // Revocation is judged only for a trusted TSA: its chain reached the PKI's root at genTime.
        #expect(results.findings.prefix(2) == [Finding(.timestampToken, .pass, path), Finding(.timestampTrust, .pass, path)])
        return try #require(results.first { $0.code.isIn(.timestampRevocation) }, "no revocation finding: \(results.findings)")
    }

    private func expect(_ result: CheckResult, _ code: CheckResult.Code, status: CheckStatus = .notChecked, _ words: String...) {
        #expect(Finding(result) == Finding(code, status, path))
        for word in words { #expect(result.message.contains(word), "\(result.message)") }
    }

    /// The index line of the PKI's TSA (not the one compromised later).
    private static func isTSA(_ line: String) -> Bool { line.hasSuffix("CN=Rial Revocation Test TSA (TEST ONLY)") }

    @Test("only the root's CRL, which speaks of the intermediate and not the TSA: timestamp.revocation.missing")
    func missing() throws {
        let result = try revocation { [try $0.crl("root.crl.pem")] }
        expect(
            result, .timestampRevocationMissing, "none of the evidence given comes from the issuer of the TSA CN=Rial Revocation Test TSA",
            "the token's genTime")
    }

    @Test("the intermediate's CRL of ten days ago, which lists nothing: timestamp.revocation.stale")
    func stale() throws {
        let result = try revocation { [try $0.crl("int-stale.crl.pem"), try $0.crl("root.crl.pem")] }
        expect(result, .timestampRevocationStale, "int-stale.crl.pem", "does not cover")
    }

    @Test("a responder whose database does not hold the TSA: timestamp.revocation.unknown")
    func unknown() throws {
        let result = try revocation { pki in [try pki.ocsp("tsa", index: { Self.isTSA($0) ? nil : $0 }), try pki.crl("root.crl.pem")] }
        expect(result, .timestampRevocationUnknown, "answers 'unknown' for the TSA CN=Rial Revocation Test TSA")
    }

    @Test("a CRL in the intermediate's name signed by an impostor's key: timestamp.revocation.unauthorized")
    func unauthorized() throws {
        let result = try revocation { [try $0.crl("impostor.crl.pem"), try $0.crl("root.crl.pem")] }
        expect(result, .timestampRevocationUnauthorized, "impostor.crl.pem", "its signature does not verify under that certificate's key")
    }

    @Test("the TSA revoked as superseded two hours after genTime: timestamp.revocation.revoked-later passes, the token predating it")
    func revokedLater() throws {
        let later = RevocationTestPKI.indexDate(Timestamp.now().seconds + 2 * 3_600)
        let result = try revocation { pki in
            // `openssl ca -revoke`'s change to the index line, dated two hours on.
            let revoke: (String) -> String = { line in
                guard Self.isTSA(line) else { return line }
                var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                fields[0] = "R"
                fields[2] = later + ",superseded"
                return fields.joined(separator: "\t")
            }
            return [try pki.ocsp("tsa", index: revoke), try pki.crl("root.crl.pem")]
        }
        expect(
            result, .timestampRevocationRevokedLater, status: .pass, "for superseded, after",
            "the signature predates the revocation, and the trusted timestamp proves it")
    }
}
