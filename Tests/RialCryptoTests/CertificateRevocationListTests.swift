import Foundation
import Testing
import RialTestSupport
@testable import RialCrypto

/// CRLs made by `openssl ca -gencrl`, read by ``CertificateRevocationList`` and held against
/// what `openssl crl` prints of the same files.
@Suite("CertificateRevocationList")
struct CertificateRevocationListTests {
    @Test(.requires(.openssl))
    func readsWhatOpenSSLPrints() throws {
        let pki = try RevocationPKIFixture()
        defer { pki.remove() }
        let list = try #require(try CertificateRevocationList.load(pki.bytes("int-now.crl.pem"), source: "int-now.crl.pem").first)
        let printed = try RevocationPKIFixture.run([
            "openssl", "crl", "-in", pki.path("int-now.crl.pem"), "-noout", "-lastupdate", "-nextupdate", "-dateopt", "iso_8601",
        ])
        let dates = printed.split(separator: "\n").map { $0.split(separator: "=", maxSplits: 1) }
        #expect(list.thisUpdate == (try RevocationPKIFixture.seconds(iso: dates[0][1])))
        #expect(list.nextUpdate == (try RevocationPKIFixture.seconds(iso: dates[1][1])))
        #expect(list.issuer.contains("Rial Revocation Test Intermediate"))

        let intermediate = try pki.certificate("intermediate-ca.pem")
        #expect(list.isIssued(by: intermediate))
        #expect(!list.isIssued(by: try pki.certificate("root-ca.pem")), "the root did not sign the intermediate's CRL")
        #expect(list.statement(about: try pki.certificate("signer-good.pem"))?.status == .good)
        guard case .revoked(let at, let reason)? = list.statement(about: try pki.certificate("signer-compromised.pem"))?.status else {
            Issue.record("signer-compromised is listed")
            return
        }
        #expect(reason == .keyCompromise)
        #expect(at < list.thisUpdate ?? 0)
        // openssl ca -crl_compromise wrote an invalidityDate two days before NOW; the revocation is 12 hours before it.
        let earlier = try #require(list.statement(about: try pki.certificate("signer-compromised-earlier.pem")))
        let text = try RevocationPKIFixture.run(["openssl", "crl", "-in", pki.path("int-now.crl.pem"), "-noout", "-text"])
        #expect(text.contains("Invalidity Date"))
        if case .revoked(let revokedAt, _) = earlier.status, let invalid = earlier.invalidSince {
            #expect(revokedAt - invalid == 36 * 3_600, "invalidityDate NOW-2d, revocation NOW-12h")
        } else {
            Issue.record("signer-compromised-earlier is listed with an invalidityDate")
        }
        if case .revoked(_, let superseded)? = list.statement(about: try pki.certificate("signer-revoked.pem"))?.status {
            #expect(superseded == .superseded)
        } else {
            Issue.record("signer-revoked is listed")
        }
    }

    @Test(.requires(.openssl))
    func derAndImpostorsAndWrongFiles() throws {
        let pki = try RevocationPKIFixture()
        defer { pki.remove() }
        try RevocationPKIFixture.run(["openssl", "crl", "-in", pki.path("root.crl.pem"), "-outform", "DER", "-out", pki.path("root.crl.der")])
        let der = try #require(try CertificateRevocationList.load(pki.bytes("root.crl.der"), source: "root.crl.der").first)
        let pem = try #require(try CertificateRevocationList.load(pki.bytes("root.crl.pem"), source: "root.crl.pem").first)
        #expect(der.thisUpdate == pem.thisUpdate && der.nextUpdate == pem.nextUpdate)
        #expect(der.isIssued(by: try pki.certificate("root-ca.pem")))
        // Two CRLs in one PEM file are both read.
        let both = try pki.bytes("root.crl.pem") + pki.bytes("int-now.crl.pem")
        #expect(try CertificateRevocationList.load(both, source: "both").count == 2)
        // The intermediate's name, another key: named, not issued.
        let impostor = try #require(try CertificateRevocationList.load(pki.bytes("impostor.crl.pem"), source: "impostor").first)
        let intermediate = try pki.certificate("intermediate-ca.pem")
        #expect(impostor.names(intermediate) && !impostor.isIssued(by: intermediate))
        // A certificate is not a CRL; DER with bytes after it is refused.
        #expect(throws: CryptoError.self) { try CertificateRevocationList.load(pki.bytes("root-ca.pem"), source: "root-ca.pem") }
        #expect(throws: CryptoError.self) { try CertificateRevocationList.load(pki.bytes("root.crl.der") + [0], source: "trailing") }
    }
}
