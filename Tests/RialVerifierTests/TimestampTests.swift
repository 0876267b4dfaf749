import Foundation
import RialAmender
import RialFormat
import RialTestSupport
import Testing
@testable import RialVerifier

/// RFC 3161 timestamps over the seal's signature value, judged in-process: each case judged by
/// the verifier and by `openssl ts -verify` (with the SHA-256 of the signature value as the
/// imprint, as README.txt tells experts), and the two must agree. `rial timestamp` and
/// `rial verify`'s exit statuses and output are end-to-end tests in RialCLITests' TimestampTests.
@Suite("Trusted timestamps (library)", .requires(.tsa))
struct TimestampTests {
    static let token = "rial/seal/manifest.tsr"

    /// Both anchors: the test root for the seal and for the TSA (`--trust` and `--tsa-trust`).
    private func anchors(_ pki: TestPKI, tsa: String = "root-ca.pem", requiresTimestamp: Bool = false) throws -> VerificationPolicy {
        try pki.policy(tsaTrust: [tsa], requiresTimestamp: requiresTimestamp)
    }

    /// A token for `package`'s seal from test TSA `tsa` over a `digest` imprint, made with
    /// `openssl ts -query` as a forger would (rial asks only for SHA-256, and never for a
    /// package it refuses).
    private func forgedToken(for package: URL, _ pki: TestPKI, digest: String = "sha256", name: String, in dir: URL) throws -> URL {
        let seal = dir.appendingPathComponent("\(name).p7s"), value = dir.appendingPathComponent("\(name).sig")
        let request = dir.appendingPathComponent("\(name).tsq"), response = dir.appendingPathComponent("\(name).tsr")
        try SealOracle.extract("rial/seal/manifest.p7s", of: package, to: seal)
        try SealOracle.forge("signature-value", seal, value)
        let asked = Subprocess.execute(["openssl", "ts", "-query", "-data", value.path, "-\(digest)", "-cert", "-out", request.path], cwd: dir)
        try #require(asked.status == 0, "\(asked)")
        try pki.reply(as: digest == "sha1" ? "sha1" : "good", request: request, response: response)
        return response
    }

    @Test("a timestamped seal verifies with both anchors; genTime, TSA and serial in the report; openssl agrees")
    func trustedTimestamp() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            try pki.timestamp(package, in: dir)
            let report = LibraryFixture.verify(package, policy: try pki.policy(tsaTrust: ["root-ca.pem"], requiresSeal: true, requiresTimestamp: true))
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.has("timestamp.token", subject: Self.token, status: .pass))
            #expect(report.has("timestamp.trust", subject: Self.token, status: .pass))
            let timestamp = try #require(report.timestamp)
            #expect(timestamp.state == .validTrusted)
            #expect(timestamp.tsaSubject?.contains("Rial Test TSA (TEST ONLY)") == true)
            #expect(timestamp.serial?.isEmpty == false)
            // The signer's certificates are judged at the trusted time, not at verification.
            let genTime = try #require(timestamp.genTime)
            #expect(report.seal?.judgedAt == genTime)
            #expect(try SealOracle.opensslVerifiesTimestamp(package, anchor: pki.path("root-ca.pem"), in: dir))
            let text = LibraryFixture.verify(package, policy: try anchors(pki)).textLines
            #expect(text.contains { $0.contains("Timestamp          trusted: genTime \(genTime.rfc3339)") }, "\(text)")
            // Attaching touched nothing the seal covers, and the bag stays valid for BagIt tools.
            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("bag"))
            #expect(try OutsideOracle.bagitValidate(bag).status == 0)
            #expect(try SealOracle.opensslVerifiesSeal(package, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    @Test("without a TSA anchor: token valid, TSA not trusted (not checked, never PASS)")
    func untrustedWithoutAnchor() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            try pki.timestamp(package, in: dir)
            let report = LibraryFixture.verify(package, policy: try pki.policy())
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.checks("timestamp.trust").first?.status == .notChecked)
            #expect(report.timestamp?.state == .validUntrusted)
            // An untrusted time is not used to judge the signer.
            #expect(report.checks("seal.trust").first?.message.contains("the verification time (no trusted timestamp)") == true)
        }
    }

    @Test("a token over other bytes: attaching it is refused (amend.token-mismatch); grafted, timestamp.imprint.mismatch; openssl agrees")
    func tokenOverOtherBytes() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let other = try LibraryFixture.sealed(pki, in: dir, name: "other.rialpkg", seed: 2)
            try pki.timestamp(other, in: dir)
            let token = dir.appendingPathComponent("other.tsr")
            try SealOracle.extract(Self.token, of: other, to: token)

            let before = try Data(contentsOf: package)
            let refusal = #expect(throws: AmenderError.self) {
                try PackageAmender(path: package.path).attachTimestamp(TimestampToken(response: Array(Data(contentsOf: token))), at: .now())
            }
            #expect(refusal?.code == .tokenMismatch)
            #expect(refusal?.reason.contains("other bytes") == true, "\(String(describing: refusal))")
            #expect(try Data(contentsOf: package) == before)

            let grafted = dir.appendingPathComponent("grafted.rialpkg")
            try OutsideOracle.tamper(package, ["add-file", Self.token, token.path, "--cover"], output: grafted)
            let report = LibraryFixture.verify(grafted, policy: try anchors(pki))
            #expect(report.verdict == .fail)
            #expect(report.failureCodes == ["timestamp.imprint.mismatch"])
            #expect(report.timestamp?.state == .invalid)
            #expect(try !SealOracle.opensslVerifiesTimestamp(grafted, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    @Test("a token with a SHA-1 imprint: attaching it is refused (amend.token-not-sha256); grafted, timestamp.imprint.algorithm; openssl agrees")
    func sha1Imprint() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            let response = try forgedToken(for: package, pki, digest: "sha1", name: "sha1", in: dir)

            let refusal = #expect(throws: AmenderError.self) {
                try PackageAmender(path: package.path).attachTimestamp(TimestampToken(response: Array(Data(contentsOf: response))), at: .now())
            }
            #expect(refusal?.code == .tokenNotSHA256)
            #expect(refusal?.reason.contains("not SHA-256") == true, "\(String(describing: refusal))")

            let grafted = dir.appendingPathComponent("sha1.rialpkg")
            try OutsideOracle.tamper(package, ["add-file", Self.token, response.path, "--cover"], output: grafted)
            let report = LibraryFixture.verify(grafted, policy: try anchors(pki))
            #expect(report.verdict == .fail)
            #expect(report.failureCodes == ["timestamp.imprint.algorithm"])
            #expect(try !SealOracle.opensslVerifiesTimestamp(grafted, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    @Test("a TSA without the timeStamping EKU: timestamp.tsa.eku, and openssl agrees")
    func tsaWithoutEKU() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            try pki.timestamp(package, tsa: "noeku", in: dir)
            let report = LibraryFixture.verify(package, policy: try anchors(pki))
            #expect(report.verdict == .fail)
            #expect(report.failureCodes == ["timestamp.tsa.eku"])
            #expect(try !SealOracle.opensslVerifiesTimestamp(package, anchor: pki.path("root-ca.pem"), in: dir))
        }
    }

    @Test("an untrusted TSA: timestamp.tsa.untrusted; trusted once its own root is given; openssl agrees both ways")
    func untrustedTSA() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            try pki.timestamp(package, tsa: "other", chain: "other-tsa-chain.pem", in: dir)
            let report = LibraryFixture.verify(package, policy: try anchors(pki))
            #expect(report.verdict == .fail)
            #expect(report.failureCodes == ["timestamp.tsa.untrusted"])
            #expect(try !SealOracle.opensslVerifiesTimestamp(package, anchor: pki.path("root-ca.pem"), in: dir))
            let trusted = LibraryFixture.verify(package, policy: try anchors(pki, tsa: "other-root-ca.pem"))
            #expect(trusted.verdict == .pass, "\(trusted.failures)")
            #expect(try SealOracle.opensslVerifiesTimestamp(package, anchor: pki.path("other-root-ca.pem"), in: dir))
        }
    }

    /// The findings are unit tests (TimestampCheckTests.sealWithoutATokenIsNotPresentUnlessRequired); here, whole packages.
    @Test(
        "a stripped token with its TSA chain passes without policy, the token alone leaves an orphaned chain, and both fail when a timestamp is required (FAIL in the text report)"
    )
    func strippedToken() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let package = try LibraryFixture.sealed(pki, in: dir)
            try pki.timestamp(package, in: dir)
            let tokenOnly = dir.appendingPathComponent("token-only.rialpkg")
            try OutsideOracle.tamper(package, ["remove", Self.token, "--cover"], output: tokenOnly)
            let orphaned = LibraryFixture.verify(tokenOnly, policy: try anchors(pki))
            #expect(orphaned.verdict == .fail)
            #expect(orphaned.failureCodes == ["timestamp.chain.orphaned"])
            // Token and chain both gone: nothing in the package says there was a timestamp
            // (it is appended outside the seal, SPEC §12), so only the policy can demand one.
            let stripped = dir.appendingPathComponent("stripped.rialpkg")
            try OutsideOracle.tamper(tokenOnly, ["remove", "rial/seal/tsa-chain.pem", "--cover"], output: stripped)
            let lenient = LibraryFixture.verify(stripped, policy: try anchors(pki))
            #expect(lenient.verdict == .pass, "\(lenient.failures)")
            let strict = LibraryFixture.verify(stripped, policy: try anchors(pki, requiresTimestamp: true))
            #expect(strict.verdict == .fail)
            #expect(strict.failureCodes == ["timestamp.required"])
            #expect(strict.textLines.contains { $0.contains("FAIL         timestamp.required  rial/seal/manifest.tsr") }, "\(strict.textLines)")
        }
    }

    @Test("a genTime before the package's own creation time: timestamp.time.before-package")
    func genTimeBeforeThePackage() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            // The packer claims a creation time a day ahead of the TSA's clock. Its PACKAGED
            // event is then in the future too, so rial refuses to timestamp it; the token is
            // made with openssl and slipped in as a forger would.
            let tomorrow = Timestamp(seconds: Timestamp.now().seconds + 86_400)
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir, name: "future.rialpkg") {
                $0.created = tomorrow
                $0.sealer = try pki.sealer()
            }
            let response = try forgedToken(for: package, pki, name: "future", in: dir)
            let stamped = dir.appendingPathComponent("stamped.rialpkg")
            try OutsideOracle.tamper(package, ["add-file", Self.token, response.path, "--cover"], output: stamped)
            let report = LibraryFixture.verify(stamped, policy: try anchors(pki))
            #expect(report.failureCodes.contains("timestamp.time.before-package"), "\(report.failures)")
            #expect(report.failureCodes.contains("custody.time.future"), "\(report.failures)")
            #expect(report.timestamp?.state == .invalid)
        }
    }
}
