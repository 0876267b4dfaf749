import Foundation
import RialAmender
import RialFormat
import RialPackager
import RialTestSupport
import Testing
@testable import RialVerifier

/// Seals judged in-process: every case is judged by the verifier and by `openssl cms -verify`,
/// and the two must agree (except on high-S signatures, which rial refuses by policy,
/// schema/SPEC.md §14). `rial verify`'s and `rial seal`'s exit statuses and output are
/// end-to-end tests in RialCLITests' SealTests.
@Suite("Seals (library)", .requires(.openssl))
struct SealTests {
    static let seal = "rial/seal/manifest.p7s"

    @Test("a sealed package verifies: valid-trusted with the root as anchor, and openssl agrees")
    func sealedAndTrusted() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let report = LibraryFixture.verify(package, policy: try pki.policy())
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.has("seal.signature", subject: Self.seal, status: .pass))
            #expect(report.has("seal.trust", subject: Self.seal, status: .pass))
            #expect(report.seal?.state == .validTrusted)
            #expect(report.seal?.signerSubject?.contains("CN=Test Investigator (TEST ONLY)") == true)
            #expect(report.seal?.anchorSubject?.contains("Rial Test Root CA") == true)
            #expect(try SealOracle.opensslVerifiesSeal(package, anchor: pki.path("root-ca.pem"), in: dir))
            // The seal follows the payload (it is made from the final manifest), then the
            // custody log, whose PACKAGED event is signed by the same signer.
            let entries = try OutsideOracle.tarList(package).filter { !$0.hasSuffix("/") }
            let sealIndex = try #require(entries.firstIndex { $0.hasSuffix("/rial/seal/manifest.p7s") })
            #expect(entries[sealIndex...].dropFirst().allSatisfy { $0.contains("/rial/custody/") }, "\(entries.suffix(8))")
            #expect(entries.last?.hasSuffix("/rial/custody/000006.p7s") == true, "\(entries.suffix(8))")
            #expect(!entries[..<sealIndex].contains { $0.contains("/rial/custody/") })
            // BagIt validators see a consistent bag: the seal is listed in the tag manifests.
            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("bag"))
            let bagit = try OutsideOracle.bagitValidate(bag)
            #expect(bagit.status == 0, "\(bagit)")
            let tagManifest = String(decoding: try Data(contentsOf: bag.appendingPathComponent("tagmanifest-sha256.txt")), as: UTF8.self)
            #expect(tagManifest.contains("  rial/seal/manifest.p7s\n"))
        }
    }

    @Test("manifest edited after sealing: seal.content.mismatch, and openssl agrees")
    func manifestEditedAfterSealing() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let edited = dir.appendingPathComponent("edited.rialpkg")
            // An attacker who rewrites every digest: only the seal still tells.
            try OutsideOracle.tamper(
                package, ["replace-text", "rial/manifest.json", "\"name\": \"rial\"", "\"name\": \"rial-forged\"", "--cover"], output: edited)
            let report = LibraryFixture.verify(edited, policy: try pki.policy())
            #expect(report.verdict == .fail)
            // The custody findings the same edit causes are unit tests (CustodyCheckTests.manifestEditedUnderTheLog).
            #expect(report.failureCodes.contains("seal.content.mismatch"), "\(report.failures)")
            #expect(try !SealOracle.opensslVerifiesSeal(edited, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    @Test("a seal copied from another package fails: seal.content.mismatch, and openssl agrees")
    func sealCopiedFromAnotherPackage() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let other = try LibraryFixture.sealed(pki, in: dir, name: "other.rialpkg", seed: 2)
            let otherSeal = dir.appendingPathComponent("other.p7s")
            try SealOracle.extract(Self.seal, of: other, to: otherSeal)
            let moved = dir.appendingPathComponent("moved.rialpkg")
            try OutsideOracle.tamper(package, ["replace-file", Self.seal, otherSeal.path, "--cover"], output: moved)
            let report = LibraryFixture.verify(moved, policy: try pki.policy())
            #expect(report.verdict == .fail)
            #expect(report.failureCodes == ["seal.content.mismatch"])
            #expect(try !SealOracle.opensslVerifiesSeal(moved, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    @Test("a signature made with another key: seal.signature.invalid, and openssl agrees")
    func wrongKey() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            // The same manifest sealed by another key; its signature value grafted onto the
            // investigator's seal, whose certificate still names the investigator.
            let otherSealed = try LibraryFixture.pack(dir.appendingPathComponent("capture-1"), in: dir, name: "other-key.rialpkg") {
                $0.sealer = try pki.sealer("other-investigator", chain: nil)
            }
            let seal = dir.appendingPathComponent("seal.p7s")
            let otherSeal = dir.appendingPathComponent("other-seal.p7s")
            let forged = dir.appendingPathComponent("forged.p7s")
            try SealOracle.extract(Self.seal, of: package, to: seal)
            try SealOracle.extract(Self.seal, of: otherSealed, to: otherSeal)
            try SealOracle.forge("signature-from", seal, forged, [otherSeal.path])
            let tampered = dir.appendingPathComponent("wrong-key.rialpkg")
            try OutsideOracle.tamper(package, ["replace-file", Self.seal, forged.path, "--cover"], output: tampered)
            let report = LibraryFixture.verify(tampered, policy: try pki.policy())
            #expect(report.verdict == .fail)
            #expect(report.failureCodes == ["seal.signature.invalid"])
            #expect(try !SealOracle.opensslVerifiesSeal(tampered, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    @Test("a signer not chaining to the anchor: seal.signer.untrusted, and openssl agrees")
    func signerNotChainingToAnchor() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir, signer: "other-investigator", chain: nil)
            let report = LibraryFixture.verify(package, policy: try pki.policy())
            #expect(report.verdict == .fail)
            // The PACKAGED event is signed by the same signer: its trust is NOT CHECKED (a custody
            // signer outside the anchors is unjudged provenance), the seal's fails.
            #expect(report.failureCodes == ["seal.signer.untrusted"])
            #expect(report.checks("custody.signer.untrusted").map(\.status) == [.notChecked])
            #expect(try !SealOracle.opensslVerifiesSeal(package, anchor: pki.path("root-ca.pem"), in: dir))
            // Its own root, given by the verifier, makes it trusted; both tools agree again.
            let trusted = LibraryFixture.verify(package, policy: try pki.policy(trust: ["other-root-ca.pem"]))
            #expect(trusted.verdict == .pass, "\(trusted.failures)")
            #expect(try SealOracle.opensslVerifiesSeal(package, anchor: pki.path("other-root-ca.pem"), in: dir))
        }
    }

    @Test("an anchor supplied only by the package is never an anchor")
    func anchorSuppliedByThePackage() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            // The package embeds its own root (other-investigator-chain.pem is other-root-ca.pem).
            let package = try LibraryFixture.sealed(pki, in: dir, signer: "other-investigator", chain: "other-investigator-chain.pem")
            let report = LibraryFixture.verify(package, policy: try pki.policy())
            #expect(report.verdict == .fail)
            #expect(report.failureCodes == ["seal.signer.untrusted"])
            #expect(report.checks("custody.signer.untrusted").map(\.status) == [.notChecked])
            let message = try #require(report.checks("seal.signer.untrusted").first?.message)
            #expect(message.contains("carries its own root"))
            #expect(try !SealOracle.opensslVerifiesSeal(package, anchor: pki.path("root-ca.pem"), in: dir))
            // Without any anchor, the embedded root still does not make it trusted.
            let untrusted = LibraryFixture.verify(package)
            #expect(untrusted.checks("seal.trust").first?.status == .notChecked)
            #expect(untrusted.seal?.state == .validUntrusted)
        }
    }

    @Test("a certificate expired at signing time: the packer refuses it; a seal made with openssl fails seal.certificate.expired, and openssl agrees")
    func certificateExpiredAtSigning() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let capture = try LibraryFixture.sample(in: dir)
            // The packer refuses to seal with an expired certificate (rial pack: exit 64) ...
            let refusal = #expect(throws: PackagerError.self) {
                _ = try LibraryFixture.pack(capture, in: dir, name: "x.rialpkg") { $0.sealer = try pki.sealer("expired-investigator") }
            }
            #expect(refusal?.code == .invalidOption)
            #expect(refusal?.reason.contains("expired") == true, "\(String(describing: refusal))")
            // ... so the seal is made with openssl and grafted onto an unsealed package.
            let package = try LibraryFixture.pack(capture, in: dir)
            let manifest = dir.appendingPathComponent("manifest.json")
            try SealOracle.extract("rial/manifest.json", of: package, to: manifest)
            let seal = dir.appendingPathComponent("expired.p7s")
            let signed = Subprocess.execute(
                [
                    "openssl", "cms", "-sign", "-binary", "-in", manifest.path, "-signer", pki.path("expired-investigator.pem"),
                    "-inkey", pki.path("expired-investigator.key"), "-certfile", pki.path("investigator-chain.pem"),
                    "-md", "sha256", "-nosmimecap", "-outform", "DER", "-out", seal.path,
                ], cwd: dir)
            try #require(signed.status == 0, "\(signed)")
            // openssl signs high-S half the time; the low-S twin is the same signature in
            // the one form rial accepts, so only the certificate's dates are left to fail.
            let lowS = dir.appendingPathComponent("expired-low-s.p7s")
            try SealOracle.forge("low-s", seal, lowS)
            let sealed = dir.appendingPathComponent("expired.rialpkg")
            try OutsideOracle.tamper(package, ["add-file", Self.seal, lowS.path, "--cover"], output: sealed)
            let report = LibraryFixture.verify(sealed, policy: try pki.policy())
            #expect(report.verdict == .fail)
            #expect(report.failureCodes == ["seal.certificate.expired"])
            #expect(try !SealOracle.opensslVerifiesSeal(sealed, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    /// The findings are unit tests (SealCheckTests.absentSealIsNotPresentUnlessRequired); here, whole packages.
    @Test("a stripped seal that the custody log records fails even without policy (seal.removed), and when a seal is required (seal.required)")
    func strippedSeal() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let stripped = dir.appendingPathComponent("stripped.rialpkg")
            try OutsideOracle.tamper(package, ["remove", Self.seal, "--cover"], output: stripped)
            // The PACKAGED event was signed while packing, which sealed the package: the log says there was a seal.
            let lenient = LibraryFixture.verify(stripped)
            #expect(lenient.verdict == .fail, "\(lenient.failures)")
            #expect(lenient.failureCodes == ["seal.removed"])
            #expect(lenient.checks("seal.removed").first?.subject == Self.seal)
            #expect(lenient.checks("seal.removed").first?.seq == 6)
            let strict = LibraryFixture.verify(stripped, policy: try pki.policy(requiresSeal: true))
            #expect(strict.verdict == .fail)
            #expect(strict.failureCodes == ["seal.required"])

            // Sealing later records a SEALED event; stripping that seal is found the same way.
            let unsealed = try LibraryFixture.pack(LibraryFixture.sample(in: dir, name: "capture-later"), in: dir, name: "later.rialpkg")
            _ = try PackageAmender(path: unsealed.path).seal(with: pki.sealer(), at: .now())
            let strippedLater = dir.appendingPathComponent("stripped-later.rialpkg")
            try OutsideOracle.tamper(unsealed, ["remove", Self.seal, "--cover"], output: strippedLater)
            let later = LibraryFixture.verify(strippedLater)
            #expect(later.failureCodes == ["seal.removed"], "\(later.failures)")
        }
    }

    @Test("a TSA chain without its token: the token was removed (timestamp.chain.orphaned), never silence")
    func orphanedTSAChain() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            try pki.timestamp(package, in: dir)
            let stripped = dir.appendingPathComponent("no-token.rialpkg")
            try OutsideOracle.tamper(package, ["remove", "rial/seal/manifest.tsr", "--cover"], output: stripped)
            let report = LibraryFixture.verify(stripped, policy: try pki.policy(tsaTrust: ["root-ca.pem"]))
            #expect(report.verdict == .fail)
            #expect(report.failureCodes == ["timestamp.chain.orphaned"], "\(report.failures)")
            #expect(report.has("timestamp.chain.orphaned", subject: "rial/seal/tsa-chain.pem"))
        }
    }

    /// An empty seal file is a unit test (SealCheckTests.emptySealFile).
    @Test(
        "zero-length, placeholder and high-S signature values each fail with their own code",
        arguments: [
            ("empty", "seal.signature.empty", false),
            ("zeros", "seal.signature.placeholder", false), ("high-s", "seal.signature.high-s", true),
        ])
    func placeholderSignatures(op: String, code: String, opensslAccepts: Bool) throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let seal = dir.appendingPathComponent("seal.p7s")
            let forged = dir.appendingPathComponent("forged.p7s")
            try SealOracle.extract(Self.seal, of: package, to: seal)
            try SealOracle.forge(op, seal, forged)
            let tampered = dir.appendingPathComponent("\(op).rialpkg")
            try OutsideOracle.tamper(package, ["replace-file", Self.seal, forged.path, "--cover"], output: tampered)
            let report = LibraryFixture.verify(tampered, policy: try pki.policy())
            #expect(report.verdict == .fail)
            #expect(report.failureCodes == [code])
            #expect(report.seal?.state == .invalid)
            // openssl accepts the high-S twin; rial's stricter policy is deliberate.
            #expect(try SealOracle.opensslVerifiesSeal(tampered, anchor: pki.path("root-ca.pem"), in: dir) == opensslAccepts)
        }
    }

    @Test(
        "seals of the wrong shape are named: embedded content, SHA-384, a certificate instead of a seal, trailing bytes, BER, unsigned attributes, algorithm identifiers in a second byte form",
        arguments: [
            ("embedded", "seal.structure"), ("sha384", "seal.algorithm"), ("certificate", "seal.malformed"), ("trailing", "seal.malformed"),
            ("ber-length", "seal.malformed"), ("unsigned-attr", "seal.structure"),
            ("sig-alg-null", "seal.algorithm"), ("sig-alg-ecpublickey", "seal.algorithm"), ("digest-alg-null", "seal.algorithm"),
            ("signeddata-digest-null", "seal.algorithm"),
        ])
    func wrongShapes(kind: String, code: String) throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let manifest = dir.appendingPathComponent("manifest.json")
            try SealOracle.extract("rial/manifest.json", of: package, to: manifest)
            let seal = dir.appendingPathComponent("seal.p7s")
            var sign = [
                "openssl", "cms", "-sign", "-binary", "-in", manifest.path, "-signer", pki.path("investigator.pem"),
                "-inkey", pki.path("investigator.key"), "-nosmimecap", "-outform", "DER", "-out", seal.path,
            ]
            switch kind {
            case "embedded": sign += ["-nodetach", "-md", "sha256"]
            case "sha384": sign += ["-md", "sha384"]
            default: sign += ["-md", "sha256"]
            }
            try #require(Subprocess.execute(sign, cwd: dir).status == 0)
            if kind == "certificate" {
                try #require(
                    Subprocess.execute(["openssl", "x509", "-in", pki.path("investigator.pem"), "-outform", "DER", "-out", seal.path], cwd: dir).status == 0)
            } else if kind == "ber-length" || kind == "unsigned-attr" {
                let low = dir.appendingPathComponent("low.p7s")
                try SealOracle.forge("low-s", seal, low)
                try SealOracle.forge(kind, low, seal)
            } else if ["sig-alg-null", "sig-alg-ecpublickey", "digest-alg-null", "signeddata-digest-null"].contains(kind) {
                let low = dir.appendingPathComponent("low.p7s")
                try SealOracle.forge("low-s", seal, low)
                try SealOracle.forge(kind, low, seal)
                // Made without the key, and OpenSSL still verifies it: a second byte form of one seal.
                // (-noverify: the signature and content only; the chain is the same as the original's.)
                let openssl = OutsideOracle.cmsVerify(signature: seal.path, content: manifest.path, anchor: nil, cwd: dir)
                #expect(openssl.status == 0, "openssl cms -verify should accept the \(kind) form: \(openssl)")
            } else if kind == "trailing" {
                var bytes = try Data(contentsOf: seal)
                bytes.append(0)
                try bytes.write(to: seal)
            }
            let sealed = dir.appendingPathComponent("\(kind).rialpkg")
            try OutsideOracle.tamper(package, ["add-file", Self.seal, seal.path, "--cover"], output: sealed)
            let report = LibraryFixture.verify(sealed, policy: try pki.policy())
            #expect(report.verdict == .fail)
            #expect(report.failureCodes == [code])
            #expect(report.seal?.state == .invalid)
        }
    }

    @Test("a required seal holds for a bag stripped of rial/ altogether")
    func requiredSealOnAStrippedBag() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("bag"))
            for path in ["rial", "README.txt", "tagmanifest-sha256.txt", "tagmanifest-sha512.txt"] {
                try FileManager.default.removeItem(at: bag.appendingPathComponent(path))
            }
            let lenient = LibraryFixture.verify(bag)
            #expect(lenient.verdict == .pass, "a plain bag passes as a bag: \(lenient.failures)")
            let strict = LibraryFixture.verify(bag, policy: try pki.policy(requiresSeal: true))
            #expect(strict.verdict == .fail)
            #expect(strict.has("seal.required", subject: Self.seal))
        }
    }
}
