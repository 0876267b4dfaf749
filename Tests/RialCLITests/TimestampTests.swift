import Foundation
import RialTestSupport
import Testing

/// RFC 3161 timestamps over the seal's signature value: each case judged by rial and by
/// `openssl ts -verify` (with the SHA-256 of the signature value as the imprint, as
/// README.txt tells experts), and the two must agree.
@Suite("Trusted timestamps")
struct TimestampTests {
    private func sealedPackage(_ pki: TestPKI, in dir: URL, name: String = "case.rialpkg", seed: Int = 1) throws -> URL {
        let capture = try Fixture.sample(in: dir, name: "capture-\(seed)", seed: seed)
        return try Fixture.pack(capture, in: dir, name: name, options: pki.signing())
    }

    private func failures(_ report: Report) -> [String] { report.failures.map(\.code) }

    private func anchors(_ pki: TestPKI, tsa: String = "root-ca.pem") -> [String] {
        ["--trust", pki.path("root-ca.pem"), "--tsa-trust", pki.path(tsa)]
    }

    @Test("a timestamped seal verifies with both anchors; genTime, TSA and serial in the report; openssl agrees")
    func trustedTimestamp() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            try Sealing.timestamp(package, pki: pki, in: dir)
            let (result, report) = try Sealing.verify(package, anchors(pki) + ["--require-seal", "--require-timestamp"], cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            #expect(report.has("timestamp.token", subject: "rial/seal/manifest.tsr", status: "pass"))
            #expect(report.has("timestamp.trust", subject: "rial/seal/manifest.tsr", status: "pass"))
            let timestamp = try #require(report.timestamp)
            #expect(timestamp.state == "valid-trusted")
            #expect(timestamp.tsa?.subject.contains("Rial Test TSA (TEST ONLY)") == true)
            #expect(timestamp.serial?.isEmpty == false)
            // The signer's certificates are judged at the trusted time, not at verification.
            #expect(report.seal?.certificatesJudgedAt == timestamp.genTime)
            #expect(try Sealing.opensslVerifiesTimestamp(package, anchor: pki.path("root-ca.pem"), in: dir))
            let text = CLI.rial(["verify", package.path, "--quiet"] + anchors(pki), cwd: dir).stdout
            #expect(text.contains("Timestamp          trusted: genTime \(timestamp.genTime ?? "?")"))
            // Attaching touched nothing the seal covers, and the bag stays valid for BagIt tools.
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("bag"))
            #expect(try Oracle.bagitValidate(bag).status == 0)
            #expect(try Sealing.opensslVerifiesSeal(package, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    @Test("without --tsa-trust: token valid, TSA not trusted (not checked, never PASS)")
    func untrustedWithoutAnchor() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            try Sealing.timestamp(package, pki: pki, in: dir)
            let (result, report) = try Sealing.verify(package, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(result.status == 0)
            #expect(report.checks("timestamp.trust").first?.status == "not_checked")
            #expect(report.timestamp?.state == "valid-untrusted")
            // An untrusted time is not used to judge the signer.
            #expect(report.checks("seal.trust").first?.message.contains("the verification time (no trusted timestamp)") == true)
            #expect(CLI.rial(["verify", package.path, "--require-timestamp"], cwd: dir).status == 64)
        }
    }

    @Test("a token over other bytes: timestamp.imprint.mismatch; attach refuses it; openssl agrees")
    func tokenOverOtherBytes() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let other = try sealedPackage(pki, in: dir, name: "other.rialpkg", seed: 2)
            try Sealing.timestamp(other, pki: pki, in: dir)
            let token = dir.appendingPathComponent("other.tsr")
            try Sealing.extract("rial/seal/manifest.tsr", of: other, to: token)

            let before = try Data(contentsOf: package)
            let refused = CLI.rial(["timestamp", "attach", package.path, "--token", token.path, "--quiet"], cwd: dir)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("other bytes"))
            #expect(try Data(contentsOf: package) == before)

            let grafted = dir.appendingPathComponent("grafted.rialpkg")
            try Oracle.tamper(package, ["add-file", "rial/seal/manifest.tsr", token.path, "--cover"], output: grafted)
            let (result, report) = try Sealing.verify(grafted, anchors(pki), cwd: dir)
            #expect(result.status == 1)
            #expect(failures(report) == ["timestamp.imprint.mismatch"])
            #expect(report.timestamp?.state == "invalid")
            #expect(try !Sealing.opensslVerifiesTimestamp(grafted, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    @Test("a token with a SHA-1 imprint: timestamp.imprint.algorithm; attach refuses it; openssl agrees")
    func sha1Imprint() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            let seal = dir.appendingPathComponent("seal.p7s")
            let value = dir.appendingPathComponent("signature-value.bin")
            try Sealing.extract("rial/seal/manifest.p7s", of: package, to: seal)
            try Sealing.forge("signature-value", seal, value)
            let request = dir.appendingPathComponent("sha1.tsq")
            let response = dir.appendingPathComponent("sha1.tsr")
            let asked = CLI.run(["openssl", "ts", "-query", "-data", value.path, "-sha1", "-cert", "-out", request.path], cwd: dir)
            try #require(asked.status == 0, "\(asked)")
            try pki.reply(as: "sha1", request: request, response: response)

            let refused = CLI.rial(["timestamp", "attach", package.path, "--token", response.path, "--quiet"], cwd: dir)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("not SHA-256"))

            let grafted = dir.appendingPathComponent("sha1.rialpkg")
            try Oracle.tamper(package, ["add-file", "rial/seal/manifest.tsr", response.path, "--cover"], output: grafted)
            let (result, report) = try Sealing.verify(grafted, anchors(pki), cwd: dir)
            #expect(result.status == 1)
            #expect(failures(report) == ["timestamp.imprint.algorithm"])
            #expect(try !Sealing.opensslVerifiesTimestamp(grafted, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    @Test("a TSA without the timeStamping EKU: timestamp.tsa.eku, and openssl agrees")
    func tsaWithoutEKU() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            try Sealing.timestamp(package, pki: pki, tsa: "noeku", in: dir)
            let (result, report) = try Sealing.verify(package, anchors(pki), cwd: dir)
            #expect(result.status == 1)
            #expect(failures(report) == ["timestamp.tsa.eku"])
            #expect(try !Sealing.opensslVerifiesTimestamp(package, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    @Test("an untrusted TSA: timestamp.tsa.untrusted; trusted once its own root is given; openssl agrees both ways")
    func untrustedTSA() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            try Sealing.timestamp(package, pki: pki, tsa: "other", chain: "other-tsa-chain.pem", in: dir)
            let (result, report) = try Sealing.verify(package, anchors(pki), cwd: dir)
            #expect(result.status == 1)
            #expect(failures(report) == ["timestamp.tsa.untrusted"])
            #expect(try !Sealing.opensslVerifiesTimestamp(package, anchor: pki.path("root-ca.pem"), in: dir))
            let (trusted, _) = try Sealing.verify(package, anchors(pki, tsa: "other-root-ca.pem"), cwd: dir)
            #expect(trusted.status == 0)
            #expect(try Sealing.opensslVerifiesTimestamp(package, anchor: pki.path("other-root-ca.pem"), in: dir))
        }
    }

    /// The findings are unit tests (TimestampCheckTests.sealWithoutATokenIsNotPresentUnlessRequired); here, the option.
    @Test(
        "a stripped token with its TSA chain passes without policy (exit 0), the token alone leaves an orphaned chain (exit 1), and both fail under --require-timestamp (exit 1, FAIL in the text report)"
    )
    func strippedToken() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            try Sealing.timestamp(package, pki: pki, in: dir)
            let tokenOnly = dir.appendingPathComponent("token-only.rialpkg")
            try Oracle.tamper(package, ["remove", "rial/seal/manifest.tsr", "--cover"], output: tokenOnly)
            let (orphaned, orphanedReport) = try Sealing.verify(tokenOnly, anchors(pki), cwd: dir)
            #expect(orphaned.status == 1)
            #expect(failures(orphanedReport) == ["timestamp.chain.orphaned"])
            // Token and chain both gone: nothing in the package says there was a timestamp
            // (it is appended outside the seal, SPEC §12), so only the policy can demand one.
            let stripped = dir.appendingPathComponent("stripped.rialpkg")
            try Oracle.tamper(tokenOnly, ["remove", "rial/seal/tsa-chain.pem", "--cover"], output: stripped)
            let (lenient, lenientReport) = try Sealing.verify(stripped, anchors(pki), cwd: dir)
            #expect(lenient.status == 0, "\(lenientReport.failures)")
            let (strict, strictReport) = try Sealing.verify(stripped, anchors(pki) + ["--require-timestamp"], cwd: dir)
            #expect(strict.status == 1)
            #expect(failures(strictReport) == ["timestamp.required"])
            let text = CLI.rial(["verify", stripped.path, "--quiet", "--require-timestamp"] + anchors(pki), cwd: dir)
            #expect(text.status == 1)
            #expect(text.stdout.contains("FAIL         timestamp.required  rial/seal/manifest.tsr"), "\(text.stdout)")
        }
    }

    @Test("timestamp request needs a sealed, passing package; attach checks the nonce")
    func requestAndAttachRefusals() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let unsealed = try Fixture.package(in: dir, name: "unsealed.rialpkg")
            let request = CLI.rial(["timestamp", "request", unsealed.path, "-o", "r.tsq", "--quiet"], cwd: dir)
            #expect(request.status == 2)
            #expect(request.stderr.contains("not sealed"))
            let package = try sealedPackage(pki, in: dir)
            let first = dir.appendingPathComponent("first.tsq")
            let second = dir.appendingPathComponent("second.tsq")
            let response = dir.appendingPathComponent("second.tsr")
            #expect(CLI.rial(["timestamp", "request", package.path, "-o", first.path, "--quiet"], cwd: dir).status == 0)
            #expect(CLI.rial(["timestamp", "request", package.path, "-o", first.path, "--quiet"], cwd: dir).status == 2, "never overwrites")
            #expect(CLI.rial(["timestamp", "request", package.path, "-o", second.path, "--quiet"], cwd: dir).status == 0)
            try pki.reply(as: "good", request: second, response: response)
            let wrongNonce = CLI.rial(["timestamp", "attach", package.path, "--token", response.path, "--request", first.path, "--quiet"], cwd: dir)
            #expect(wrongNonce.status == 1)
            #expect(wrongNonce.stderr.contains("nonce"))
            let garbage = dir.appendingPathComponent("garbage.tsr")
            try Data("not a response".utf8).write(to: garbage)
            #expect(CLI.rial(["timestamp", "attach", package.path, "--token", garbage.path, "--quiet"], cwd: dir).status == 64)
        }
    }

    @Test("a genTime before the package's own creation time: timestamp.time.before-package")
    func genTimeBeforeThePackage() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let capture = try Fixture.sample(in: dir)
            // The packer claims a creation time a day ahead of the TSA's clock. Its PACKAGED
            // event is then in the future too, so rial refuses to timestamp it; the token is
            // made with openssl and slipped in as a forger would.
            let tomorrow = Date().addingTimeInterval(86_400)
            let formatter = ISO8601DateFormatter()
            let created = formatter.string(from: tomorrow)
            let packed = CLI.rial(["pack", capture.path, "-o", "future.rialpkg", "--created", created, "--quiet"] + pki.signing(), cwd: dir)
            try #require(packed.status == 0, "\(packed)")
            let package = dir.appendingPathComponent("future.rialpkg")
            let seal = dir.appendingPathComponent("future.p7s"), value = dir.appendingPathComponent("future.sig")
            let request = dir.appendingPathComponent("future.tsq"), response = dir.appendingPathComponent("future.tsr")
            try Sealing.extract("rial/seal/manifest.p7s", of: package, to: seal)
            try Sealing.forge("signature-value", seal, value)
            let query = CLI.run(["openssl", "ts", "-query", "-data", value.path, "-sha256", "-cert", "-out", request.path], cwd: dir)
            try #require(query.status == 0, "\(query)")
            try pki.reply(as: "good", request: request, response: response)
            let stamped = dir.appendingPathComponent("stamped.rialpkg")
            try Oracle.tamper(package, ["add-file", "rial/seal/manifest.tsr", response.path, "--cover"], output: stamped)
            let (_, report) = try Sealing.verify(stamped, anchors(pki), cwd: dir)
            #expect(report.failures.map(\.code).contains("timestamp.time.before-package"), "\(report.failures)")
            #expect(report.failures.map(\.code).contains("custody.time.future"), "\(report.failures)")
            #expect(report.timestamp?.state == "invalid")
        }
    }
}
