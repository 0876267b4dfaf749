import Foundation
import RialTestSupport
import Testing

/// RFC 3161 timestamps over the seal's signature value, end to end: what `rial timestamp
/// request`, `rial timestamp attach` and `rial verify` exit with and print. Each kind of token,
/// judged by rial and by `openssl ts -verify`, is in-process (RialVerifierTests' TimestampTests).
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

    /// What the verifier finds for each kind of token, judged by rial and by `openssl ts
    /// -verify`, is in-process (RialVerifierTests' TimestampTests); here, the commands.
    @Test(
        "rial timestamp request and attach: exit 0; the package then verifies under --require-timestamp (exit 0) with the trusted time on the text report; openssl agrees"
    )
    func trustedTimestamp() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try sealedPackage(pki, in: dir)
            try Sealing.timestamp(package, pki: pki, in: dir)
            let (result, report) = try Sealing.verify(package, anchors(pki) + ["--require-seal", "--require-timestamp"], cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            let timestamp = try #require(report.timestamp)
            #expect(timestamp.state == "valid-trusted")
            #expect(try Sealing.opensslVerifiesTimestamp(package, anchor: pki.path("root-ca.pem"), in: dir))
            let text = CLI.rial(["verify", package.path, "--quiet"] + anchors(pki), cwd: dir)
            #expect(text.status == 0)
            #expect(text.stdout.contains("Timestamp          trusted: genTime \(timestamp.genTime ?? "?")"), "\(text.stdout)")
            // Without --tsa-trust the token's TSA is not judged: exit 0; requiring a timestamp then is a usage error.
            let (untrusted, untrustedReport) = try Sealing.verify(package, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(untrusted.status == 0)
            #expect(untrustedReport.timestamp?.state == "valid-untrusted")
            #expect(CLI.rial(["verify", package.path, "--require-timestamp"], cwd: dir).status == 64)
        }
    }

    /// The amender's refusal and the grafted token's findings are in-process
    /// (RialVerifierTests' TimestampTests.tokenOverOtherBytes, .sha1Imprint); here, the exit status and stderr.
    @Test("rial timestamp attach refuses a token over other bytes and one with a SHA-1 imprint: exit 1, saying why, the package unchanged")
    func attachRefusesOtherTokens() throws {
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

            let seal = dir.appendingPathComponent("seal.p7s")
            let value = dir.appendingPathComponent("signature-value.bin")
            try Sealing.extract("rial/seal/manifest.p7s", of: package, to: seal)
            try Sealing.forge("signature-value", seal, value)
            let request = dir.appendingPathComponent("sha1.tsq")
            let response = dir.appendingPathComponent("sha1.tsr")
            let asked = CLI.run(["openssl", "ts", "-query", "-data", value.path, "-sha1", "-cert", "-out", request.path], cwd: dir)
            try #require(asked.status == 0, "\(asked)")
            try pki.reply(as: "sha1", request: request, response: response)
            let sha1 = CLI.rial(["timestamp", "attach", package.path, "--token", response.path, "--quiet"], cwd: dir)
            #expect(sha1.status == 1)
            #expect(sha1.stderr.contains("not SHA-256"))
            #expect(try Data(contentsOf: package) == before)
        }
    }

    /// The findings are unit tests (TimestampCheckTests.sealWithoutATokenIsNotPresentUnlessRequired)
    /// and in-process package tests (RialVerifierTests' TimestampTests.strippedToken); here, the option.
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
            let stripped = dir.appendingPathComponent("stripped.rialpkg")
            try Oracle.tamper(tokenOnly, ["remove", "rial/seal/tsa-chain.pem", "--cover"], output: stripped)
            let (lenient, lenientReport) = try Sealing.verify(stripped, anchors(pki), cwd: dir)
            #expect(lenient.status == 0, "\(lenientReport.failures)")
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
}
