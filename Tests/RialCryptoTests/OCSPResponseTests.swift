import Foundation
import Testing
import RialTestSupport
@testable import RialCrypto

/// OCSP responses made by `openssl ocsp` as an offline responder, read by ``OCSPResponse``:
/// what they say, and whether their signer may speak for the issuer (`OCSP_basic_verify`).
@Suite("OCSPResponse")
struct OCSPResponseTests {
    @Test(.requires(.openssl))
    func statusAndAuthority() throws {
        let pki = try RevocationPKIFixture()
        defer { pki.remove() }
        let root = try pki.certificate("root-ca.pem"), intermediate = try pki.certificate("intermediate-ca.pem")
        let good = try pki.certificate("signer-good.pem"), revoked = try pki.certificate("signer-revoked.pem")
        let now = Int64(Date().timeIntervalSince1970)

        let delegated = try OCSPResponse(pki.ocsp("signer-good", by: "ocsp-responder"), source: "delegated")
        #expect(delegated.statement(about: good, issuer: intermediate)?.status == .good)
        #expect(delegated.statement(about: good, issuer: intermediate)?.covers(now) == true)
        #expect(delegated.statement(about: revoked, issuer: intermediate) == nil, "it says nothing about another certificate")
        #expect(try delegated.authorityProblem(anchors: [root], chain: [intermediate, root], at: now) == nil)
        #expect(try delegated.authorityProblem(anchors: [], chain: [intermediate, root], at: now) != nil, "without an anchor nothing is authorised")

        let byIssuer = try OCSPResponse(pki.ocsp("signer-revoked", by: "intermediate-ca"), source: "issuer")
        #expect(try byIssuer.authorityProblem(anchors: [root], chain: [intermediate, root], at: now) == nil)
        guard case .revoked(_, let reason)? = byIssuer.statement(about: revoked, issuer: intermediate)?.status else {
            Issue.record("the issuer says revoked")
            return
        }
        #expect(reason == .superseded)

        for responder in ["wrong-responder", "noeku-responder"] {
            let response = try OCSPResponse(pki.ocsp("signer-good", by: responder), source: responder)
            #expect(response.statement(about: good, issuer: intermediate)?.status == .good, "it says good…")
            #expect(try response.authorityProblem(anchors: [root], chain: [intermediate, root], at: now) != nil, "…but may not: \(responder)")
        }
        let unknown = try OCSPResponse(pki.ocsp("signer-unknown", by: "ocsp-responder"), source: "unknown")
        #expect(unknown.statement(about: try pki.certificate("signer-unknown.pem"), issuer: intermediate)?.status == .unknown)
        #expect(throws: CryptoError.self) { try OCSPResponse(pki.bytes("root.crl.pem"), source: "a CRL") }
    }
}
