import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// A custody event signed by a signer of the revocation PKI (``RevocationTestPKI``), its
/// root the anchor, judged with the CRLs and OCSP responses the PKI makes: each way the
/// evidence can leave the signer's revocation not known, worded with the custody codes. Events
/// carry no trusted time, so revocation is judged at the verification time, and a revocation
/// after it is never proven to postdate the signature. (The seal's codes for the same evidence
/// are SealRevocationTests'.)
@Suite("Custody revocation")
struct CustodyRevocationTests {
    private typealias Builder = InventoryBuilder

    /// The revocation finding about event 7, signed by `signer`, judged now with `evidence`.
    private func revocation(
        _ pki: RevocationTestPKI, signer: String, _ evidence: [RevocationEvidenceFile]
    ) throws -> CheckResult {
        let now = Timestamp.now()
        var builder = try Builder.package(sealedBy: TestIdentity())
        try builder.appendEvent(.received, at: Timestamp(seconds: now.seconds - 3_600), by: pki.identity(signer))
        var policy = VerificationPolicy(sealAnchors: [try pki.root])
        policy.revocationEvidence = evidence
        let results = CustodySignatureCheck().run(builder.context(policy: policy, at: now))
        let about = results.filter { $0.seq == 7 }
        // Revocation is judged only for a trusted signer: the chain reached the PKI's root.
        #expect(
            about.findings.prefix(2) == [
                Finding(.custodySignature, .pass, Builder.signaturePath(7), seq: 7), Finding(.custodyTrust, .pass, Builder.signaturePath(7), seq: 7),
            ])
        return try #require(about.first { $0.code.isIn(.custodyRevocation) }, "no revocation finding: \(about.findings)")
    }

    private func expect(_ result: CheckResult, _ code: CheckResult.Code, _ words: String...) {
        #expect(Finding(result) == Finding(code, .notChecked, Builder.signaturePath(7), seq: 7))
        for word in words { #expect(result.message.contains(word), "\(result.message)") }
    }

    @Test("only the root's CRL, which speaks of the intermediate and not the signer: custody.revocation.missing")
    func missing() throws {
        let pki = try RevocationTestPKI()
        defer { pki.remove() }
        let result = try revocation(pki, signer: "signer-good", [pki.crl("root.crl.pem")])
        expect(result, .custodyRevocationMissing, "none of the evidence given comes from the issuer of the signer CN=Revocation Test Signer good")
    }

    @Test("the intermediate's CRL of ten days ago, which lists nothing: custody.revocation.stale")
    func stale() throws {
        let pki = try RevocationTestPKI()
        defer { pki.remove() }
        let result = try revocation(pki, signer: "signer-good", [pki.crl("int-stale.crl.pem"), pki.crl("root.crl.pem")])
        expect(result, .custodyRevocationStale, "int-stale.crl.pem", "does not cover", "(custody events carry no trusted timestamp)")
    }

    @Test("the responder does not know the signer: custody.revocation.unknown")
    func unknown() throws {
        let pki = try RevocationTestPKI()
        defer { pki.remove() }
        let result = try revocation(pki, signer: "signer-unknown", [pki.ocsp("signer-unknown", by: "intermediate-ca"), pki.crl("root.crl.pem")])
        expect(
            result, .custodyRevocationUnknown, "signer-unknown-by-intermediate-ca.ocsp", "answers 'unknown' for the signer CN=Revocation Test Signer unknown")
    }

    @Test("a CRL in the intermediate's name signed by an impostor's key: custody.revocation.unauthorized")
    func unauthorized() throws {
        let pki = try RevocationTestPKI()
        defer { pki.remove() }
        let result = try revocation(pki, signer: "signer-good", [pki.crl("impostor.crl.pem"), pki.crl("root.crl.pem")])
        expect(result, .custodyRevocationUnauthorized, "impostor.crl.pem", "its signature does not verify under that certificate's key")
    }

    @Test("revoked two hours after the verification time, which nothing but the clock dates: custody.revocation.revoked-later, not checked")
    func revokedLater() throws {
        let pki = try RevocationTestPKI()
        defer { pki.remove() }
        let result = try revocation(pki, signer: "signer-revoked-future", [pki.crl("int-now.crl.pem"), pki.crl("root.crl.pem")])
        expect(result, .custodyRevocationRevokedLater, "for cessationOfOperation", "nothing but the verifier's clock dates the signature")
    }
}
