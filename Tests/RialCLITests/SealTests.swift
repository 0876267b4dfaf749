import Foundation
import RialTestSupport
import Testing

/// Seals end to end: what `rial verify`, `rial seal`, `rial pack` and `rial keygen` exit with
/// and print for sealed packages. What the verifier finds for each kind of seal, judged by rial
/// and by `openssl cms -verify`, is in-process (RialVerifierTests' SealTests); what sealing
/// adds to a package is RialAmenderTests' SealingTests.
@Suite("Seals")
struct SealTests {
    /// A sample capture, sealed while packing by the PKI's investigator, chain embedded.
    private func sealedPackage(_ pki: TestPKI, in dir: URL, name: String = "case.rialpkg", seed: Int = 1) throws -> URL {
        let capture = try Fixture.sample(in: dir, name: "capture-\(seed)", seed: seed)
        return try Fixture.pack(capture, in: dir, name: name, options: pki.signing())
    }

    private func failures(_ report: Report) -> [String] { report.failures.map(\.code) }

    /// The findings and their reasons are unit tests (SealCheckTests.validSealWithoutAnAnchorIsNotTrusted)
    /// and in-process package tests (RialVerifierTests' SealTests); here, what the command says.
    @Test(
        "a sealed package: exit 0 and valid-trusted with the root as anchor; without an anchor exit 0, valid-untrusted, and the text report says the signer is NOT trusted"
    )
    func sealedPackageVerifies() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let (trusted, trustedReport) = try Sealing.verify(package, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(trusted.status == 0, "\(trustedReport.failures)")
            #expect(trustedReport.seal?.state == "valid-trusted")
            #expect(try Sealing.opensslVerifiesSeal(package, anchor: pki.path("root-ca.pem"), in: dir))
            let (result, report) = try Sealing.verify(package, cwd: dir)
            #expect(result.status == 0)
            #expect(report.seal?.state == "valid-untrusted")
            let text = CLI.rial(["verify", package.path, "--quiet"], cwd: dir)
            #expect(text.status == 0)
            #expect(text.stdout.contains("Seal               signature valid, signer NOT trusted"), "\(text.stdout)")
        }
    }

    /// The packer's and the amender's refusals and the grafted seal's finding are in-process
    /// tests (RialVerifierTests' SealTests.certificateExpiredAtSigning, RialAmenderTests'
    /// SealingTests.expiredSignerIsRefused); here, the exit status and what stderr says.
    @Test("a certificate expired at signing time: pack, seal and custody append refuse it as a usage error (exit 64), changing nothing")
    func certificateExpiredAtSigning() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let capture = try Fixture.sample(in: dir)
            let refused = CLI.rial(["pack", capture.path, "-o", "x.rialpkg", "--quiet"] + pki.signing("expired-investigator"), cwd: dir)
            #expect(refused.status == 64)
            #expect(refused.stderr.contains("expired"))
            let package = try Fixture.pack(capture, in: dir)
            let unsealed = try Fixture.read(package)
            for command in [["seal", package.path], ["custody", "append", package.path, "--action", "NOTE"]] {
                let amended = CLI.rial(command + pki.signing("expired-investigator") + ["--quiet"], cwd: dir)
                #expect(amended.status == 64, "\(amended)")
                #expect(amended.stderr.contains("expired"), "\(amended)")
            }
            #expect(try Fixture.read(package) == unsealed)
        }
    }

    /// The findings are unit tests (SealCheckTests.absentSealIsNotPresentUnlessRequired) and
    /// in-process package tests (RialVerifierTests' SealTests.strippedSeal); here, the option.
    @Test("a stripped seal: exit 1 without policy and under --require-seal; --require-seal without --trust is a usage error")
    func strippedSeal() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let stripped = dir.appendingPathComponent("stripped.rialpkg")
            try Oracle.tamper(package, ["remove", "rial/seal/manifest.p7s", "--cover"], output: stripped)
            let (lenient, lenientReport) = try Sealing.verify(stripped, cwd: dir)
            #expect(lenient.status == 1, "\(lenientReport.failures)")
            #expect(failures(lenientReport) == ["seal.removed"])
            let (strict, strictReport) = try Sealing.verify(stripped, ["--trust", pki.path("root-ca.pem"), "--require-seal"], cwd: dir)
            #expect(strict.status == 1)
            #expect(failures(strictReport) == ["seal.required"])
            // Requiring a seal without saying whose is a usage error.
            #expect(CLI.rial(["verify", stripped.path, "--require-seal"], cwd: dir).status == 64)
        }
    }

    /// What sealing adds, in which order, and the SEALED event are in-process tests
    /// (RialAmenderTests' SealingTests.sealsInPlace); here, the command's exit statuses.
    @Test("rial seal: seals a passing package in place (exit 0, then it verifies under --require-seal), refuses twice (exit 2)")
    func sealCommand() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try Fixture.package(in: dir)
            let sealed = CLI.rial(["seal", package.path, "--quiet"] + pki.signing(), cwd: dir)
            #expect(sealed.status == 0, "\(sealed)")
            #expect(sealed.stdout.isEmpty, "\(sealed)")
            let (result, report) = try Sealing.verify(package, ["--trust", pki.path("root-ca.pem"), "--require-seal"], cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            #expect(report.custody?.events.last?.action == "SEALED")
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

}
