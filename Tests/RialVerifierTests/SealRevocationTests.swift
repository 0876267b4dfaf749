import Foundation
import RialFormat
import RialTestSupport
import Testing
@testable import RialVerifier

/// Revocation evidence the verifier supplies (SPEC §14.10), judged in process for a package
/// sealed by a signer of the revocation PKI (``RevocationTestPKI``, made by `openssl ca` and
/// answered by `openssl ocsp`; nothing is fetched): each state with its own code, and beside
/// each the twin that must not trigger it. How `rial verify --crl/--ocsp` reads files, prints
/// the evidence and exits is end-to-end in RialCLITests' RevocationTests.
@Suite("Seal revocation", .requires(.openssl))
struct SealRevocationTests {
    /// The code, status and message of the seal's one revocation finding ("none" when there is
    /// not exactly one), for expectations.
    private func sealCode(_ report: VerificationReport) -> String { (try? report.sealRevocation())?.code.rawValue ?? "none" }
    private func sealStatus(_ report: VerificationReport) -> CheckStatus? { (try? report.sealRevocation())?.status }
    private func sealMessage(_ report: VerificationReport) -> String { (try? report.sealRevocation())?.message ?? "none" }

    /// Runs `body` with a fresh revocation PKI, removed after.
    private func withPKI(_ body: (RevocationTestPKI) throws -> Void) throws {
        let pki = try RevocationTestPKI()
        defer { pki.remove() }
        try body(pki)
    }

    @Test("good by the issuer's CRL: PASS for the seal and every custody signature; without evidence NOT CHECKED, never PASS")
    func goodByCRL() throws {
        try withPKI { pki in
            let package = try pki.package("signer-good")
            let report = try pki.verify(package, pki.crls("int-now.crl.pem", "root.crl.pem"))
            #expect(report.verdict == .pass, "\(report.failures)")
            let seal = try report.sealRevocation()
            #expect(seal.code.rawValue == "seal.revocation" && seal.status == .pass)
            #expect(
                seal.message.contains("int-now.crl.pem") && seal.message.contains("root.crl.pem"),
                "every certificate below the anchor is named with its evidence: \(seal.message)")
            #expect(VerdictPart(seal) == .provenance)
            let custody = report.checks("custody.revocation")
            #expect(!custody.isEmpty && custody.allSatisfy { $0.status == .pass && $0.seq != nil }, "\(custody)")
            #expect(report.seal?.state == .validTrusted)

            let without = try pki.verify(package)
            #expect(without.verdict == .pass)
            let none = try without.sealRevocation()
            #expect(none.code.rawValue == "seal.revocation" && none.status == .notChecked)
            #expect(none.message.contains("no revocation evidence was given (--crl, --ocsp)"))
            #expect(!without.checks.contains { $0.code.rawValue.contains("revocation") && $0.status == .pass })
        }
    }

    @Test("revoked before the time that matters: FAIL with date and reason; the same CRL passes a signer it does not list")
    func revokedBefore() throws {
        try withPKI { pki in
            let evidence = try pki.crls("int-now.crl.pem", "root.crl.pem")
            let report = try pki.verify(try pki.package("signer-revoked"), evidence)
            #expect(report.verdict == .fail)
            let seal = try report.sealRevocation()
            #expect(seal.code.rawValue == "seal.revocation.revoked" && seal.status == .fail)
            #expect(seal.message.contains("for superseded") && seal.message.contains("before"))
            #expect(!seal.message.contains("keyCompromise"))
            #expect(report.seal?.state == .invalid)
            let custody = report.checks("custody.revocation.revoked")
            #expect(!custody.isEmpty && custody.allSatisfy { $0.status == .fail })
            // Twin: the same CRL, a signer it does not list.
            let twin = try pki.verify(try pki.package("signer-good"), evidence)
            #expect(twin.verdict == .pass && sealCode(twin) == "seal.revocation")
        }
    }

    @Test("a keyCompromise revocation is reported as such (openssl ca -crl_compromise), and before the time is a FAIL")
    func keyCompromise() throws {
        try withPKI { pki in
            let report = try pki.verify(try pki.package("signer-compromised"), pki.crls("int-now.crl.pem", "root.crl.pem"))
            #expect(report.verdict == .fail)
            let seal = try report.sealRevocation()
            #expect(
                seal.code.rawValue == "seal.revocation.revoked" && seal.message.contains("for keyCompromise")
                    && seal.message.contains("private key was in other hands"))
        }
    }

    @Test("a key compromise whose invalidityDate is before the trusted genTime fails, though the revocation came after it; compromised after it passes")
    func compromiseDatedBeforeTheTime() throws {
        try withPKI { pki in
            let package = try pki.package("signer-compromised-earlier")
            try pki.timestampADayAgo(package)
            let evidence = try pki.crls("int-at-T.crl.pem", "int-now.crl.pem", "root.crl.pem")
            let report = try pki.verify(package, evidence)
            #expect(report.verdict == .fail)
            #expect(sealCode(report) == "seal.revocation.revoked", "\(sealMessage(report))")
            #expect(sealMessage(report).contains("invalidityDate") && sealMessage(report).contains("for keyCompromise"), "\(sealMessage(report))")
            // Twin: compromised (invalidityDate and revocation) after genTime.
            let later = try pki.package("signer-compromised-later")
            try pki.timestampADayAgo(later)
            let twin = try pki.verify(later, evidence)
            #expect(sealCode(twin) == "seal.revocation.revoked-later" && sealStatus(twin) == .pass, "\(sealMessage(twin))")
        }
    }

    @Test(
        "revoked after a trusted genTime: PASS with the date; the same revocation without the timestamp is a FAIL, and so it is for custody events, which no trusted time dates"
    )
    func revokedAfterTrustedTime() throws {
        try withPKI { pki in
            let later = try pki.package("signer-revoked-later")
            // Twin first: judged at the verification time, a revocation 12 hours ago is before it.
            let untimed = try pki.verify(later, pki.crls("int-now.crl.pem", "root.crl.pem"))
            #expect(untimed.verdict == .fail)
            #expect(sealCode(untimed) == "seal.revocation.revoked")
            try pki.timestampADayAgo(later)
            // The CRL current at genTime speaks for the TSA then; today's lists the later revocation.
            let evidence = try pki.crls("int-at-T.crl.pem", "int-now.crl.pem", "root.crl.pem")
            let report = try pki.verify(later, evidence)
            #expect(report.verdict == .fail)
            #expect(report.failureCodes.allSatisfy { $0 == "custody.revocation.revoked" }, "\(report.failures)")
            #expect(report.checks("custody.revocation.revoked").allSatisfy { $0.message.contains("custody events carry no trusted timestamp") })
            let seal = try report.sealRevocation()
            #expect(seal.code.rawValue == "seal.revocation.revoked-later" && seal.status == .pass, "\(seal.message)")
            #expect(
                seal.message.contains("after") && seal.message.contains("the trusted timestamp's genTime") && seal.message.contains("predates the revocation"))
            #expect(report.checks("timestamp.revocation").first?.status == .pass)

            let compromised = try pki.package("signer-compromised-later")
            try pki.timestampADayAgo(compromised)
            let said = try pki.verify(compromised, evidence).sealRevocation()
            #expect(said.code.rawValue == "seal.revocation.revoked-later" && said.message.contains("for keyCompromise"), "\(said.message)")
        }
    }

    @Test("a revocation dated after the verification time, with no trusted timestamp, is NOT CHECKED (nothing dates the signature); with one, it passes")
    func revokedLaterWithoutTrustedTime() throws {
        try withPKI { pki in
            let package = try pki.package("signer-revoked-future")
            let evidence = try pki.crls("int-at-T.crl.pem", "int-now.crl.pem", "root.crl.pem")
            let report = try pki.verify(package, evidence)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(sealCode(report) == "seal.revocation.revoked-later" && sealStatus(report) == .notChecked, "\(sealMessage(report))")
            #expect(sealMessage(report).contains("nothing proves it was made before the revocation") && sealMessage(report).contains("cessationOfOperation"))
            try pki.timestampADayAgo(package)
            let twin = try pki.verify(package, evidence)
            #expect(sealCode(twin) == "seal.revocation.revoked-later" && sealStatus(twin) == .pass, "\(sealMessage(twin))")
        }
    }

    @Test("a TSA revoked for key compromise fails at any date (RFC 3161 §4), and its genTime no longer dates the seal; a good TSA passes")
    func tsaKeyCompromise() throws {
        try withPKI { pki in
            let package = try pki.package("signer-good")
            try pki.timestampADayAgo(package, tsa: "tsa-compromised-later")
            let evidence = try pki.crls("int-at-T.crl.pem", "int-now.crl.pem", "root.crl.pem")
            let report = try pki.verify(package, evidence)
            #expect(report.verdict == .fail)
            let tsa = try #require(report.checks.first { $0.code.rawValue.hasPrefix("timestamp.revocation") })
            #expect(tsa.code.rawValue == "timestamp.revocation.revoked" && tsa.message.contains("RFC 3161 §4"), "\(tsa.message)")
            #expect(sealMessage(report).contains("the verification time (no trusted timestamp)"))
            #expect(report.timestamp?.state == .invalid, "no header calls a revoked TSA's time trusted")
            let twin = try pki.package("signer-good")
            try pki.timestampADayAgo(twin)
            let twinReport = try pki.verify(twin, evidence)
            #expect(twinReport.verdict == .pass, "\(twinReport.failures)")
            #expect(twinReport.checks("timestamp.revocation").first?.status == .pass)
            #expect(sealMessage(twinReport).contains("the trusted timestamp's genTime"))
        }
    }

    @Test("stale evidence (the time outside thisUpdate…nextUpdate) is NOT CHECKED, for a CRL and an OCSP response; current evidence passes")
    func stale() throws {
        try withPKI { pki in
            let package = try pki.package("signer-good")
            let report = try pki.verify(package, pki.crls("int-stale.crl.pem", "root.crl.pem"))
            #expect(report.verdict == .pass)
            let seal = try report.sealRevocation()
            #expect(seal.code.rawValue == "seal.revocation.stale" && seal.status == .notChecked, "\(seal.message)")
            let staleOCSP = try pki.verify(package, [pki.ocsp("signer-good", by: "ocsp-responder", daysAgo: 3)] + pki.crls("root.crl.pem"))
            #expect(sealCode(staleOCSP) == "seal.revocation.stale")
            let twin = try pki.verify(package, [pki.ocsp("signer-good", by: "ocsp-responder")] + pki.crls("root.crl.pem"))
            #expect(sealCode(twin) == "seal.revocation" && sealStatus(twin) == .pass)
        }
    }

    @Test("evidence that says nothing about a certificate on the chain is NOT CHECKED (missing), naming it; with it, PASS")
    func missing() throws {
        try withPKI { pki in
            let package = try pki.package("signer-good")
            let seal = try pki.verify(package, pki.crls("root.crl.pem")).sealRevocation()
            #expect(seal.code.rawValue == "seal.revocation.missing" && seal.status == .notChecked && seal.message.contains("Signer good"))
            // The intermediate's own revocation (the root's CRL) matters too.
            let ca = try pki.verify(package, pki.crls("int-now.crl.pem")).sealRevocation()
            #expect(ca.code.rawValue == "seal.revocation.missing" && ca.message.contains("a CA on the chain"), "\(ca.message)")
        }
    }

    @Test("OCSP unknown is NOT CHECKED; the same delegated responder's good answer passes")
    func unknown() throws {
        try withPKI { pki in
            let report = try pki.verify(try pki.package("signer-unknown"), [pki.ocsp("signer-unknown", by: "ocsp-responder")] + pki.crls("root.crl.pem"))
            #expect(sealCode(report) == "seal.revocation.unknown")
            let twin = try pki.verify(try pki.package("signer-good"), [pki.ocsp("signer-good", by: "ocsp-responder")] + pki.crls("root.crl.pem"))
            #expect(sealStatus(twin) == .pass)
        }
    }

    @Test("an OCSP response in PEM (OCSP RESPONSE) is read as its DER is")
    func ocspInPEM() throws {
        try withPKI { pki in
            let package = try pki.package("signer-good")
            let der = try pki.files.ocsp("signer-good", by: "ocsp-responder")
            let base64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
            let pem = Array(("-----BEGIN OCSP RESPONSE-----\n" + base64 + "\n-----END OCSP RESPONSE-----\n").utf8)
            let report = try pki.verify(package, [RevocationEvidenceFile(kind: .ocsp, path: "signer.ocsp.pem", bytes: pem)] + pki.crls("root.crl.pem"))
            #expect(sealCode(report) == "seal.revocation" && sealStatus(report) == .pass, "\(sealMessage(report))")
        }
    }

    @Test(
        "evidence not signed by the issuer or its delegated responder is not used (NOT CHECKED), even when it says revoked; the issuer's own and its delegate's are"
    )
    func unauthorized() throws {
        try withPKI { pki in
            let good = try pki.package("signer-good")
            let root = try pki.crls("root.crl.pem")
            for responder in ["wrong-responder", "noeku-responder"] {
                let report = try pki.verify(good, [pki.ocsp("signer-good", by: responder)] + root)
                #expect(sealCode(report) == "seal.revocation.unauthorized", "\(responder)")
            }
            let impostor = try pki.verify(good, pki.crls("impostor.crl.pem", "root.crl.pem"))
            #expect(sealCode(impostor) == "seal.revocation.unauthorized")
            // A revocation said by the wrong responder is no verdict.
            let revoked = try pki.package("signer-revoked")
            let wrong = try pki.verify(revoked, [pki.ocsp("signer-revoked", by: "wrong-responder")] + root)
            #expect(wrong.verdict == .pass && sealCode(wrong) == "seal.revocation.unauthorized")
            // Twins: the issuer itself, and its delegated responder.
            let byIssuer = try pki.verify(revoked, [pki.ocsp("signer-revoked", by: "intermediate-ca")] + root)
            #expect(byIssuer.verdict == .fail && sealCode(byIssuer) == "seal.revocation.revoked")
            let byDelegate = try pki.verify(good, [pki.ocsp("signer-good", by: "ocsp-responder")] + root)
            #expect(sealCode(byDelegate) == "seal.revocation")
        }
    }

    @Test("an expired intermediate fails the chain; revocation is then not judged")
    func expiredIntermediate() throws {
        try withPKI { pki in
            let report = try pki.verify(try pki.package("expired-ca-signer", chain: "expired-chain.pem"), pki.crls("root.crl.pem"))
            #expect(report.verdict == .fail)
            #expect(report.has("seal.certificate.expired", subject: "rial/seal/manifest.p7s"))
            #expect(!report.checks.contains { $0.code.rawValue.hasPrefix("seal.revocation") })
        }
    }
}
