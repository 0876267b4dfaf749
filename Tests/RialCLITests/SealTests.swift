import Foundation
import RialTestSupport
import Testing

/// Seals: every case is judged by rial and by `openssl cms -verify`, and the two must agree
/// (except on high-S signatures, which rial refuses by policy, schema/SPEC.md §14).
@Suite("Seals")
struct SealTests {
    /// A sample capture, sealed while packing by the PKI's investigator, chain embedded.
    private func sealedPackage(_ pki: TestPKI, in dir: URL, name: String = "case.rialpkg", seed: Int = 1) throws -> URL {
        let capture = try Fixture.sample(in: dir, name: "capture-\(seed)", seed: seed)
        return try Fixture.pack(capture, in: dir, name: name, options: pki.signing())
    }

    private func failures(_ report: Report) -> [String] { report.failures.map(\.code) }

    @Test("a sealed package verifies: valid-trusted with the root as anchor, and openssl agrees")
    func sealedAndTrusted() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let (result, report) = try Sealing.verify(package, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            #expect(report.has("seal.signature", subject: "rial/seal/manifest.p7s", status: "pass"))
            #expect(report.has("seal.trust", subject: "rial/seal/manifest.p7s", status: "pass"))
            #expect(report.seal?.state == "valid-trusted")
            #expect(report.seal?.signer?.subject.contains("CN=Test Investigator (TEST ONLY)") == true)
            #expect(report.seal?.trustAnchor?.contains("Rial Test Root CA") == true)
            #expect(try Sealing.opensslVerifiesSeal(package, anchor: pki.path("root-ca.pem"), in: dir))
            // The seal follows the payload (it is made from the final manifest), then the
            // custody log, whose PACKAGED event is signed by the same signer.
            let entries = try Fixture.tarList(package).filter { !$0.hasSuffix("/") }
            let sealIndex = try #require(entries.firstIndex { $0.hasSuffix("/rial/seal/manifest.p7s") })
            #expect(entries[sealIndex...].dropFirst().allSatisfy { $0.contains("/rial/custody/") }, "\(entries.suffix(8))")
            #expect(entries.last?.hasSuffix("/rial/custody/000006.p7s") == true, "\(entries.suffix(8))")
            #expect(!entries[..<sealIndex].contains { $0.contains("/rial/custody/") })
            // BagIt validators see a consistent bag: the seal is listed in the tag manifests.
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("bag"))
            let bagit = try Oracle.bagitValidate(bag)
            #expect(bagit.status == 0, "\(bagit)")
            #expect(try Fixture.text(bag.appendingPathComponent("tagmanifest-sha256.txt")).contains("  rial/seal/manifest.p7s\n"))
        }
    }

    /// The findings and their reasons are unit tests (SealCheckTests.validSealWithoutAnAnchorIsNotTrusted);
    /// here, what the command says: exit 0, the seal's state in the JSON report and on the text report's Seal line.
    @Test("without an anchor: exit 0, valid-untrusted, and the text report says the signer is NOT trusted")
    func validButUntrusted() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let (result, report) = try Sealing.verify(package, cwd: dir)
            #expect(result.status == 0)
            #expect(report.seal?.state == "valid-untrusted")
            let text = CLI.rial(["verify", package.path, "--quiet"], cwd: dir)
            #expect(text.status == 0)
            #expect(text.stdout.contains("Seal               signature valid, signer NOT trusted"), "\(text.stdout)")
        }
    }

    @Test("manifest edited after sealing: seal.content.mismatch, and openssl agrees")
    func manifestEditedAfterSealing() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let edited = dir.appendingPathComponent("edited.rialpkg")
            // An attacker who rewrites every digest: only the seal still tells.
            try Oracle.tamper(package, ["replace-text", "rial/manifest.json", "\"name\": \"rial\"", "\"name\": \"rial-forged\"", "--cover"], output: edited)
            let (result, report) = try Sealing.verify(edited, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(result.status == 1)
            // The custody findings the same edit causes are unit tests (CustodyCheckTests.manifestEditedUnderTheLog).
            #expect(failures(report).contains("seal.content.mismatch"), "\(report.failures)")
            #expect(try !Sealing.opensslVerifiesSeal(edited, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    @Test("a seal copied from another package fails: seal.content.mismatch, and openssl agrees")
    func sealCopiedFromAnotherPackage() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let other = try sealedPackage(pki, in: dir, name: "other.rialpkg", seed: 2)
            let otherSeal = dir.appendingPathComponent("other.p7s")
            try Sealing.extract("rial/seal/manifest.p7s", of: other, to: otherSeal)
            let moved = dir.appendingPathComponent("moved.rialpkg")
            try Oracle.tamper(package, ["replace-file", "rial/seal/manifest.p7s", otherSeal.path, "--cover"], output: moved)
            let (result, report) = try Sealing.verify(moved, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(result.status == 1)
            #expect(failures(report) == ["seal.content.mismatch"])
            #expect(try !Sealing.opensslVerifiesSeal(moved, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    @Test("a signature made with another key: seal.signature.invalid, and openssl agrees")
    func wrongKey() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            // The same manifest sealed by another key; its signature value grafted onto the
            // investigator's seal, whose certificate still names the investigator.
            let otherSealed = try Fixture.pack(
                dir.appendingPathComponent("capture-1"), in: dir, name: "other-key.rialpkg",
                options: pki.signing("other-investigator", chain: nil))
            let seal = dir.appendingPathComponent("seal.p7s")
            let otherSeal = dir.appendingPathComponent("other-seal.p7s")
            let forged = dir.appendingPathComponent("forged.p7s")
            try Sealing.extract("rial/seal/manifest.p7s", of: package, to: seal)
            try Sealing.extract("rial/seal/manifest.p7s", of: otherSealed, to: otherSeal)
            try Sealing.forge("signature-from", seal, forged, [otherSeal.path])
            let tampered = dir.appendingPathComponent("wrong-key.rialpkg")
            try Oracle.tamper(package, ["replace-file", "rial/seal/manifest.p7s", forged.path, "--cover"], output: tampered)
            let (result, report) = try Sealing.verify(tampered, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(result.status == 1)
            #expect(failures(report) == ["seal.signature.invalid"])
            #expect(try !Sealing.opensslVerifiesSeal(tampered, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    @Test("a signer not chaining to the anchor: seal.signer.untrusted, and openssl agrees")
    func signerNotChainingToAnchor() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let capture = try Fixture.sample(in: dir)
            let package = try Fixture.pack(capture, in: dir, options: pki.signing("other-investigator", chain: nil))
            let (result, report) = try Sealing.verify(package, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(result.status == 1)
            // The PACKAGED event is signed by the same signer: its trust is NOT CHECKED (a custody
            // signer outside the anchors is unjudged provenance), the seal's fails.
            #expect(failures(report) == ["seal.signer.untrusted"])
            #expect(report.checks("custody.signer.untrusted").map(\.status) == ["not_checked"])
            #expect(try !Sealing.opensslVerifiesSeal(package, anchor: pki.path("root-ca.pem"), in: dir))
            // Its own root, given by the verifier, makes it trusted; both tools agree again.
            let (trusted, _) = try Sealing.verify(package, ["--trust", pki.path("other-root-ca.pem")], cwd: dir)
            #expect(trusted.status == 0)
            #expect(try Sealing.opensslVerifiesSeal(package, anchor: pki.path("other-root-ca.pem"), in: dir))
        }
    }

    @Test("an anchor supplied only by the package is never an anchor")
    func anchorSuppliedByThePackage() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let capture = try Fixture.sample(in: dir)
            // The package embeds its own root (other-investigator-chain.pem is other-root-ca.pem).
            let package = try Fixture.pack(capture, in: dir, options: pki.signing("other-investigator", chain: "other-investigator-chain.pem"))
            let (result, report) = try Sealing.verify(package, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(result.status == 1)
            #expect(failures(report) == ["seal.signer.untrusted"])
            #expect(report.checks("custody.signer.untrusted").map(\.status) == ["not_checked"])
            let message = try #require(report.checks("seal.signer.untrusted").first?.message)
            #expect(message.contains("carries its own root"))
            #expect(try !Sealing.opensslVerifiesSeal(package, anchor: pki.path("root-ca.pem"), in: dir))
            // Without any anchor, the embedded root still does not make it trusted.
            let (_, untrusted) = try Sealing.verify(package, cwd: dir)
            #expect(untrusted.checks("seal.trust").first?.status == "not_checked")
            #expect(untrusted.seal?.state == "valid-untrusted")
        }
    }

    @Test("a certificate expired at signing time: seal.certificate.expired, and openssl agrees")
    func certificateExpiredAtSigning() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let capture = try Fixture.sample(in: dir)
            // rial refuses to seal with an expired certificate ...
            let refused = CLI.rial(["pack", capture.path, "-o", "x.rialpkg", "--quiet"] + pki.signing("expired-investigator"), cwd: dir)
            #expect(refused.status == 64)
            #expect(refused.stderr.contains("expired"))
            // ... so the seal is made with openssl and grafted onto an unsealed package.
            let package = try Fixture.pack(capture, in: dir)
            // rial seal and rial custody append refuse it too, as a usage error, changing nothing.
            let unsealed = try Fixture.read(package)
            for command in [["seal", package.path], ["custody", "append", package.path, "--action", "NOTE"]] {
                let amended = CLI.rial(command + pki.signing("expired-investigator") + ["--quiet"], cwd: dir)
                #expect(amended.status == 64, "\(amended)")
                #expect(amended.stderr.contains("expired"), "\(amended)")
            }
            #expect(try Fixture.read(package) == unsealed)
            let manifest = dir.appendingPathComponent("manifest.json")
            try Sealing.extract("rial/manifest.json", of: package, to: manifest)
            let seal = dir.appendingPathComponent("expired.p7s")
            let signed = CLI.run(
                [
                    "openssl", "cms", "-sign", "-binary", "-in", manifest.path, "-signer", pki.path("expired-investigator.pem"),
                    "-inkey", pki.path("expired-investigator.key"), "-certfile", pki.path("investigator-chain.pem"),
                    "-md", "sha256", "-nosmimecap", "-outform", "DER", "-out", seal.path,
                ], cwd: dir)
            try #require(signed.status == 0, "\(signed)")
            // openssl signs high-S half the time; the low-S twin is the same signature in
            // the one form rial accepts, so only the certificate's dates are left to fail.
            let lowS = dir.appendingPathComponent("expired-low-s.p7s")
            try Sealing.forge("low-s", seal, lowS)
            let sealed = dir.appendingPathComponent("expired.rialpkg")
            try Oracle.tamper(package, ["add-file", "rial/seal/manifest.p7s", lowS.path, "--cover"], output: sealed)
            let (result, report) = try Sealing.verify(sealed, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(result.status == 1)
            #expect(failures(report) == ["seal.certificate.expired"])
            #expect(try !Sealing.opensslVerifiesSeal(sealed, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    /// The findings are unit tests (SealCheckTests.absentSealIsNotPresentUnlessRequired); here, the option.
    @Test(
        "a stripped seal that the custody log records fails even without policy (seal.removed), and under --require-seal (seal.required); --require-seal without --trust is a usage error"
    )
    func strippedSeal() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let stripped = dir.appendingPathComponent("stripped.rialpkg")
            try Oracle.tamper(package, ["remove", "rial/seal/manifest.p7s", "--cover"], output: stripped)
            // The PACKAGED event was signed while packing, which sealed the package: the log says there was a seal.
            let (lenient, lenientReport) = try Sealing.verify(stripped, cwd: dir)
            #expect(lenient.status == 1, "\(lenientReport.failures)")
            #expect(failures(lenientReport) == ["seal.removed"])
            #expect(lenientReport.checks("seal.removed").first?.subject == "rial/seal/manifest.p7s")
            #expect(lenientReport.checks("seal.removed").first?.seq == 6)
            let (strict, strictReport) = try Sealing.verify(stripped, ["--trust", pki.path("root-ca.pem"), "--require-seal"], cwd: dir)
            #expect(strict.status == 1)
            #expect(failures(strictReport) == ["seal.required"])
            // Requiring a seal without saying whose is a usage error.
            #expect(CLI.rial(["verify", stripped.path, "--require-seal"], cwd: dir).status == 64)

            // rial seal records a SEALED event; stripping that seal is found the same way.
            let unsealed = try Fixture.package(in: dir, name: "later.rialpkg")
            try #require(CLI.rial(["seal", unsealed.path, "--quiet"] + pki.signing(), cwd: dir).status == 0)
            let strippedLater = dir.appendingPathComponent("stripped-later.rialpkg")
            try Oracle.tamper(unsealed, ["remove", "rial/seal/manifest.p7s", "--cover"], output: strippedLater)
            let (_, laterReport) = try Sealing.verify(strippedLater, cwd: dir)
            #expect(failures(laterReport) == ["seal.removed"], "\(laterReport.failures)")
        }
    }

    @Test("a TSA chain without its token: the token was removed (timestamp.chain.orphaned), never silence")
    func orphanedTSAChain() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            try Sealing.timestamp(package, pki: pki, in: dir)
            let stripped = dir.appendingPathComponent("no-token.rialpkg")
            try Oracle.tamper(package, ["remove", "rial/seal/manifest.tsr", "--cover"], output: stripped)
            let (result, report) = try Sealing.verify(stripped, ["--trust", pki.path("root-ca.pem"), "--tsa-trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(result.status == 1)
            #expect(failures(report) == ["timestamp.chain.orphaned"], "\(report.failures)")
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
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let seal = dir.appendingPathComponent("seal.p7s")
            let forged = dir.appendingPathComponent("forged.p7s")
            try Sealing.extract("rial/seal/manifest.p7s", of: package, to: seal)
            try Sealing.forge(op, seal, forged)
            let tampered = dir.appendingPathComponent("\(op).rialpkg")
            try Oracle.tamper(package, ["replace-file", "rial/seal/manifest.p7s", forged.path, "--cover"], output: tampered)
            let (result, report) = try Sealing.verify(tampered, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(result.status == 1)
            #expect(failures(report) == [code])
            #expect(report.seal?.state == "invalid")
            // openssl accepts the high-S twin; rial's stricter policy is deliberate.
            #expect(try Sealing.opensslVerifiesSeal(tampered, anchor: pki.path("root-ca.pem"), in: dir) == opensslAccepts)
        }
    }

    @Test("rial seal: seals a passing package in place, changes nothing the manifest covers, refuses twice")
    func sealCommand() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try Fixture.package(in: dir)
            let before = try Fixture.tarList(package)
            let manifestBefore = dir.appendingPathComponent("before.json")
            try Sealing.extract("rial/manifest.json", of: package, to: manifestBefore)
            let sealed = CLI.rial(["seal", package.path, "--quiet"] + pki.signing(), cwd: dir)
            #expect(sealed.status == 0, "\(sealed)")
            let after = try Fixture.tarList(package)
            #expect(Array(after.prefix(before.count)) == before, "existing entries keep their order")
            // The seal, then a SEALED custody event signed by the same key.
            #expect(
                Array(after.suffix(3).map { String($0.split(separator: "/").last ?? "") }) == ["manifest.p7s", "000007.json", "000007.p7s"],
                "\(after.suffix(3))")
            let manifestAfter = dir.appendingPathComponent("after.json")
            try Sealing.extract("rial/manifest.json", of: package, to: manifestAfter)
            #expect(try Data(contentsOf: manifestBefore) == Data(contentsOf: manifestAfter))
            let (result, report) = try Sealing.verify(package, ["--trust", pki.path("root-ca.pem"), "--require-seal"], cwd: dir)
            #expect(result.status == 0)
            let event = try #require(report.custody?.events.last)
            #expect(event.action == "SEALED" && event.signature == "valid-trusted" && event.actor?.certificateSha256 == report.seal?.signer?.sha256Fingerprint)
            #expect(try Sealing.opensslVerifiesSeal(package, anchor: pki.path("root-ca.pem"), in: dir))
            let again = CLI.rial(["seal", package.path, "--quiet"] + pki.signing(), cwd: dir)
            #expect(again.status == 2)
            #expect(again.stderr.contains("already sealed"))
        }
    }

    @Test("rial seal refuses a package that fails verification and leaves it untouched")
    func sealRefusesFailingPackage() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try Fixture.package(in: dir)
            let broken = dir.appendingPathComponent("broken.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: broken)
            let before = try Data(contentsOf: broken)
            let result = CLI.rial(["seal", broken.path, "--quiet"] + pki.signing(), cwd: dir)
            #expect(result.status == 1)
            #expect(result.stderr.contains("nothing was changed"))
            #expect(try Data(contentsOf: broken) == before)
        }
    }

    @Test("rial keygen: a 0600 PKCS#8 P-256 key and a self-signed certificate that seals and verifies as its own anchor")
    func keygen() throws {
        try withTemporaryDirectory { dir in
            let made = CLI.rial(["keygen", "--subject", "CN=Jane Doe,O=Metro Police\\, Forensics,C=GB", "--out", "jane", "--days", "30"], cwd: dir)
            try #require(made.status == 0, "\(made)")
            let key = dir.appendingPathComponent("jane.key")
            let attributes = try FileManager.default.attributesOfItem(atPath: key.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect(try Fixture.text(key).hasPrefix("-----BEGIN PRIVATE KEY-----"))
            let curve = CLI.run(["openssl", "pkey", "-in", key.path, "-noout", "-text"], cwd: dir)
            #expect(curve.stdout.contains("prime256v1") || curve.stdout.contains("P-256"))
            let subject = CLI.run(["openssl", "x509", "-in", "jane.pem", "-noout", "-subject", "-nameopt", "RFC2253"], cwd: dir)
            #expect(subject.stdout.contains("CN=Jane Doe,O=Metro Police\\, Forensics,C=GB"))
            let fingerprint = CLI.run(["openssl", "x509", "-in", "jane.pem", "-noout", "-fingerprint", "-sha256"], cwd: dir).stdout
                .split(separator: "=").last.map { $0.replacingOccurrences(of: ":", with: "").lowercased().trimmingCharacters(in: .whitespacesAndNewlines) }
            #expect(made.stdout.contains(fingerprint ?? "missing"))
            // It never overwrites.
            #expect(CLI.rial(["keygen", "--subject", "CN=X", "--out", "jane"], cwd: dir).status != 0)

            let capture = try Fixture.sample(in: dir)
            let package = try Fixture.pack(capture, in: dir, options: ["--sign-key", key.path, "--cert", dir.appendingPathComponent("jane.pem").path])
            let (result, report) = try Sealing.verify(package, ["--trust", dir.appendingPathComponent("jane.pem").path, "--require-seal"], cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            #expect(report.seal?.state == "valid-trusted")
            #expect(try Sealing.opensslVerifiesSeal(package, anchor: dir.appendingPathComponent("jane.pem").path, in: dir))

            let csr = CLI.rial(["keygen", "--subject", "CN=Lab 3,O=County Lab", "--out", "lab", "--csr"], cwd: dir)
            #expect(csr.status == 0)
            let checked = CLI.run(["openssl", "req", "-in", "lab.csr", "-noout", "-verify", "-subject"], cwd: dir)
            #expect(checked.status == 0, "\(checked)")
            #expect(checked.stdout.contains("Lab 3"))
            #expect(CLI.rial(["keygen", "--subject", "O=No Common Name", "--out", "x"], cwd: dir).status == 64)
        }
    }

    @Test("pack refuses a key that is not the certificate's, and keys that are not P-256")
    func packRefusesMismatchedKeys() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let capture = try Fixture.sample(in: dir)
            let mismatched = CLI.rial(
                [
                    "pack", capture.path, "-o", "x.rialpkg", "--quiet", "--sign-key", pki.path("other-investigator.key"),
                    "--cert", pki.path("investigator.pem"),
                ], cwd: dir)
            #expect(mismatched.status == 64)
            #expect(mismatched.stderr.contains("does not belong"))
            let rsa = dir.appendingPathComponent("rsa.key")
            _ = CLI.run(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", rsa.path], cwd: dir)
            let wrongType = CLI.rial(
                ["pack", capture.path, "-o", "x.rialpkg", "--quiet", "--sign-key", rsa.path, "--cert", pki.path("investigator.pem")], cwd: dir)
            #expect(wrongType.status == 64)
            #expect(wrongType.stderr.contains("P-256"))
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.rialpkg").path))
        }
    }

    @Test("--trust-dir: every PEM in the directory is an anchor; a directory without one is a usage error")
    func trustDirectory() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let anchors = dir.appendingPathComponent("anchors")
            try FileManager.default.createDirectory(at: anchors, withIntermediateDirectories: true)
            let empty = CLI.rial(["verify", package.path, "--trust-dir", anchors.path], cwd: dir)
            #expect(empty.status == 64)
            #expect(empty.stderr.contains("no *.pem"))
            try FileManager.default.copyItem(atPath: pki.path("other-root-ca.pem"), toPath: anchors.appendingPathComponent("a-other.pem").path)
            try FileManager.default.copyItem(atPath: pki.path("root-ca.pem"), toPath: anchors.appendingPathComponent("b-root.crt").path)
            let (result, report) = try Sealing.verify(package, ["--trust-dir", anchors.path, "--require-seal"], cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            #expect(report.seal?.state == "valid-trusted")
            let notPEM = dir.appendingPathComponent("not.pem")
            try Data("hello".utf8).write(to: notPEM)
            #expect(CLI.rial(["verify", package.path, "--trust", notPEM.path], cwd: dir).status == 64)
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
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try Fixture.package(in: dir)
            let manifest = dir.appendingPathComponent("manifest.json")
            try Sealing.extract("rial/manifest.json", of: package, to: manifest)
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
            try #require(CLI.run(sign, cwd: dir).status == 0)
            if kind == "certificate" {
                try #require(CLI.run(["openssl", "x509", "-in", pki.path("investigator.pem"), "-outform", "DER", "-out", seal.path], cwd: dir).status == 0)
            } else if kind == "ber-length" || kind == "unsigned-attr" {
                let low = dir.appendingPathComponent("low.p7s")
                try Sealing.forge("low-s", seal, low)
                try Sealing.forge(kind, low, seal)
            } else if ["sig-alg-null", "sig-alg-ecpublickey", "digest-alg-null", "signeddata-digest-null"].contains(kind) {
                let low = dir.appendingPathComponent("low.p7s")
                try Sealing.forge("low-s", seal, low)
                try Sealing.forge(kind, low, seal)
                // Made without the key, and OpenSSL still verifies it: a second byte form of one seal.
                // (-noverify: the signature and content only; the chain is the same as the original's.)
                let openssl = CLI.run(
                    [
                        "openssl", "cms", "-verify", "-binary", "-inform", "DER", "-in", seal.path, "-content", manifest.path,
                        "-noverify", "-out", "/dev/null",
                    ], cwd: dir)
                #expect(openssl.status == 0, "openssl cms -verify should accept the \(kind) form: \(openssl)")
            } else if kind == "trailing" {
                var bytes = try Data(contentsOf: seal)
                bytes.append(0)
                try bytes.write(to: seal)
            }
            let sealed = dir.appendingPathComponent("\(kind).rialpkg")
            try Oracle.tamper(package, ["add-file", "rial/seal/manifest.p7s", seal.path, "--cover"], output: sealed)
            let (result, report) = try Sealing.verify(sealed, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(result.status == 1)
            #expect(failures(report) == [code])
            #expect(report.seal?.state == "invalid")
        }
    }

    @Test("--require-seal holds for a bag stripped of rial/ altogether")
    func requiredSealOnAStrippedBag() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("bag"))
            for path in ["rial", "README.txt", "tagmanifest-sha256.txt", "tagmanifest-sha512.txt"] {
                try FileManager.default.removeItem(at: bag.appendingPathComponent(path))
            }
            let (lenient, _) = try Sealing.verify(bag, cwd: dir)
            #expect(lenient.status == 0, "a plain bag passes as a bag")
            let (strict, report) = try Sealing.verify(bag, ["--trust", pki.path("root-ca.pem"), "--require-seal"], cwd: dir)
            #expect(strict.status == 1)
            #expect(report.has("seal.required", subject: "rial/seal/manifest.p7s"))
        }
    }

    @Test("rial seal keeps the package's permissions")
    func sealKeepsPermissions() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try Fixture.package(in: dir)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: package.path)
            #expect(CLI.rial(["seal", package.path, "--quiet"] + pki.signing(), cwd: dir).status == 0)
            let mode = try FileManager.default.attributesOfItem(atPath: package.path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
            #expect(leftovers.isEmpty)
        }
    }
}
