import Foundation
import RialTestSupport
import Testing

/// Renewing the seal's timestamp with RFC 4998 evidence records (`rial renew`, SPEC §14.12)
/// end to end: the commands' exit statuses and what they say. The long-term case, the
/// independent RFC 4998 checker and each failure code are in-process (RialVerifierTests'
/// RenewalTests).
@Suite("Timestamp renewal (RFC 4998 evidence records)")
struct RenewalTests {
    static let day: TimeInterval = 86_400

    /// The test PKI with TSA A (valid NOW−1d…NOW+30d) and TSA B (NOW−1d…NOW+3649d), and NOW.
    private func pki(in dir: URL) throws -> (TestPKI, Date) {
        let pki = try TestPKI.make(in: dir)
        return (pki, try pki.addRenewalTSAs())
    }

    /// A package sealed by the investigator and timestamped by TSA A now.
    private func stamped(_ pki: TestPKI, name: String, in dir: URL) throws -> URL {
        let package = try Fixture.pack(try Fixture.sample(in: dir, name: "capture-\(name)"), in: dir, name: "\(name).rialpkg", options: pki.signing())
        let request = dir.appendingPathComponent("\(name).tsq"), response = dir.appendingPathComponent("\(name).tsr")
        try #require(CLI.rial(["timestamp", "request", package.path, "-o", request.path, "--quiet"], cwd: dir).status == 0)
        try pki.reply(section: "tsa_a", request: request, response: response)
        let attached = CLI.rial(["timestamp", "attach", package.path, "--token", response.path, "--tsa-chain", pki.path("tsa-chain.pem"), "--quiet"], cwd: dir)
        try #require(attached.status == 0, "\(attached)")
        return package
    }

    /// Renews `package` with TSA B, through `rial renew request` and `attach`.
    private func renew(_ package: URL, _ pki: TestPKI, in dir: URL) throws -> CommandResult {
        let request = dir.appendingPathComponent("\(UUID().uuidString).tsq"), response = dir.appendingPathComponent("\(UUID().uuidString).tsr")
        let asked = CLI.rial(["renew", "request", package.path, "-o", request.path, "--quiet"], cwd: dir)
        try #require(asked.status == 0, "\(asked)")
        try pki.reply(section: "tsa_b", request: request, response: response)
        return CLI.rial(
            [
                "renew", "attach", package.path, "--token", response.path, "--tsa-chain", pki.path("tsa-chain.pem"),
                "--request", request.path, "--quiet",
            ], cwd: dir)
    }

    private func anchors(_ pki: TestPKI) -> [String] { ["--trust", pki.path("root-ca.pem"), "--tsa-trust", pki.path("root-ca.pem")] }

    private func at(_ now: Date, days: Double) -> [String] { ["--at", RevocationPKI.rfc3339(now.addingTimeInterval(days * Self.day))] }

    private static let record1 = "rial/seal/renewal/000001.ers"

    @Test(
        "rial renew request and attach: exit 0; after TSA A's expiry the package verifies (exit 0) at --at with nothing but the roots; after TSA B's it fails (exit 1)"
    )
    func longTerm() throws {
        try withTemporaryDirectory { dir in
            let (pki, now) = try pki(in: dir)
            let package = try stamped(pki, name: "renewed", in: dir)
            let renewed = try renew(package, pki, in: dir)
            #expect(renewed.status == 0, "\(renewed)")
            let (result, report) = try Sealing.verify(package, anchors(pki) + at(now, days: 100), cwd: dir)
            #expect(result.status == 0 && report.verdict == "pass", "\(result)")
            #expect(report.has("timestamp.renewal", subject: Self.record1, status: "pass"), "\(report.checks("timestamp.renewal"))")
            let (late, lateReport) = try Sealing.verify(package, anchors(pki) + at(now, days: 4000), cwd: dir)
            #expect(late.status == 1 && lateReport.has("timestamp.renewal.expired", subject: Self.record1), "\(late)")
        }
    }

    @Test("renew attach refuses a token over other bytes (amend.token-mismatch) and a package without a timestamp")
    func attachRefuses() throws {
        try withTemporaryDirectory { dir in
            let (pki, _) = try pki(in: dir)
            let package = try stamped(pki, name: "case", in: dir)
            // The seal timestamp's own request: an imprint over the seal, not over the timestamp.
            let request = dir.appendingPathComponent("seal.tsq"), response = dir.appendingPathComponent("seal.tsr")
            try #require(CLI.rial(["timestamp", "request", package.path, "-o", request.path, "--quiet"], cwd: dir).status == 0)
            try pki.reply(section: "tsa_b", request: request, response: response)
            let refused = CLI.rial(["renew", "attach", package.path, "--token", response.path], cwd: dir)
            #expect(refused.status == 1 && refused.stderr.contains("amend.token-mismatch"), "\(refused)")
            #expect(try !Fixture.tarList(package).contains { $0.hasSuffix(Self.record1) })
            let unstamped = try Fixture.pack(try Fixture.sample(in: dir, name: "capture-unstamped"), in: dir, name: "unstamped.rialpkg", options: pki.signing())
            let asked = CLI.rial(["renew", "request", unstamped.path, "-o", "u.tsq", "--quiet"], cwd: dir)
            #expect(asked.status == 1 && asked.stderr.contains("amend.not-timestamped"), "\(asked)")
        }
    }
}
