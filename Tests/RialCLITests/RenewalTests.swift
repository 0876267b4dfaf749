import Foundation
import RialTestSupport
import Testing

/// Renewing the seal's timestamp with RFC 4998 evidence records (`rial renew`, SPEC §14.12):
/// the headline long-term case through `--at`, an independent asn1crypto checker
/// (Tests/oracles/ers_oracle.py) agreeing with rial both ways, and each failure code caught
/// with its subject.
@Suite("Timestamp renewal (RFC 4998 evidence records)")
struct RenewalTests {
    static let oracle = CLI.repoRoot.appendingPathComponent("Tests/oracles/ers_oracle.py").path
    static let tsaScript = CLI.repoRoot.appendingPathComponent("examples/pki/add-renewal-tsas.sh").path
    static let day: TimeInterval = 86_400

    /// The test PKI with TSA A (valid NOW−1d…NOW+30d) and TSA B (NOW−1d…NOW+3649d), and NOW.
    private func pki(in dir: URL) throws -> (TestPKI, Date) {
        _ = try Oracle.tool("faketime")
        let pki = try TestPKI.make(in: dir)
        let made = CLI.run(["bash", Self.tsaScript, pki.dir.path], cwd: dir)
        try #require(made.status == 0, "add-renewal-tsas.sh failed: \(made)")
        let seconds = try #require(
            TimeInterval(
                try String(contentsOf: pki.dir.appendingPathComponent("renewal-now.txt"), encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)))
        return (pki, Date(timeIntervalSince1970: seconds))
    }

    /// `openssl ts -reply` as `section` of the PKI's tsa.cnf, under `faketime` when `shift` is given.
    private func reply(_ pki: TestPKI, section: String, request: URL, response: URL, shift: String? = nil) throws {
        var command = ["openssl", "ts", "-reply", "-config", "tsa.cnf", "-section", section, "-queryfile", request.path, "-out", response.path]
        if let shift { command = [try Oracle.tool("faketime"), "-f", shift] + command }
        let replied = CLI.run(command, cwd: pki.dir, environment: ["OPENSSL_CONF": "/dev/null"])
        try #require(replied.status == 0, "openssl ts -reply failed: \(replied)")
    }

    /// A package sealed by the investigator and timestamped by TSA A now.
    private func stamped(_ pki: TestPKI, name: String, in dir: URL) throws -> URL {
        let package = try Fixture.pack(try Fixture.sample(in: dir, name: "capture-\(name)"), in: dir, name: "\(name).rialpkg", options: pki.signing())
        let request = dir.appendingPathComponent("\(name).tsq"), response = dir.appendingPathComponent("\(name).tsr")
        try #require(CLI.rial(["timestamp", "request", package.path, "-o", request.path, "--quiet"], cwd: dir).status == 0)
        try reply(pki, section: "tsa_a", request: request, response: response)
        let attached = CLI.rial(["timestamp", "attach", package.path, "--token", response.path, "--tsa-chain", pki.path("tsa-chain.pem"), "--quiet"], cwd: dir)
        try #require(attached.status == 0, "\(attached)")
        return package
    }

    /// Renews `package` with `section`'s TSA, through `rial renew request` and `attach`.
    @discardableResult
    private func renew(_ package: URL, _ pki: TestPKI, section: String = "tsa_b", hash: String? = nil, shift: String? = nil, in dir: URL) throws
        -> CommandResult
    {
        let request = dir.appendingPathComponent("\(UUID().uuidString).tsq"), response = dir.appendingPathComponent("\(UUID().uuidString).tsr")
        let asked = CLI.rial(["renew", "request", package.path, "-o", request.path, "--quiet"] + (hash.map { ["--hash", $0] } ?? []), cwd: dir)
        try #require(asked.status == 0, "\(asked)")
        try reply(pki, section: section, request: request, response: response, shift: shift)
        return CLI.rial(
            [
                "renew", "attach", package.path, "--token", response.path, "--tsa-chain", pki.path("tsa-chain.pem"),
                "--request", request.path, "--quiet",
            ], cwd: dir)
    }

    private func anchors(_ pki: TestPKI) -> [String] { ["--trust", pki.path("root-ca.pem"), "--tsa-trust", pki.path("root-ca.pem")] }

    private func at(_ now: Date, days: Double) -> [String] { ["--at", RevocationPKI.rfc3339(now.addingTimeInterval(days * Self.day))] }

    private static let record1 = "rial/seal/renewal/000001.ers"

    @Test("sealed and timestamped by TSA A, renewed by TSA B before A expires: PASS with nothing but the roots after A's expiry; expired after B's")
    func longTerm() throws {
        try withTemporaryDirectory { dir in
            let (pki, now) = try pki(in: dir)
            let package = try stamped(pki, name: "renewed", in: dir)
            let plain = try stamped(pki, name: "plain", in: dir)
            #expect(try renew(package, pki, in: dir).status == 0)
            // After A's certificate expired (NOW+30d), before B's.
            let (result, report) = try Sealing.verify(package, anchors(pki) + at(now, days: 100), cwd: dir)
            #expect(result.status == 0 && report.verdict == "pass", "\(result)")
            #expect(report.has("timestamp.renewal", subject: Self.record1, status: "pass"), "\(report.checks("timestamp.renewal"))")
            #expect(report.has("timestamp.token", subject: "rial/seal/manifest.tsr", status: "pass"))
            // The court report shows the renewal, its status in words first.
            let html = dir.appendingPathComponent("renewed.html")
            let court = CLI.rial(["verify", package.path, "--report", html.path, "--quiet"] + anchors(pki) + at(now, days: 100), cwd: dir)
            #expect(court.status == 0, "\(court)")
            let page = try Fixture.text(html).replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            #expect(page.contains("Timestamp renewalrenewed in time, every archive timestamp valid (timestamp.renewal)"), "renewal row missing")
            // Twin: the same package never renewed says so (SPEC §14.12: the seal's token is judged at genTime either way).
            let (_, unrenewed) = try Sealing.verify(plain, anchors(pki) + at(now, days: 100), cwd: dir)
            #expect(unrenewed.has("timestamp.renewal", subject: "rial/seal/manifest.tsr", status: "not_present"))
            #expect(!unrenewed.has("timestamp.renewal", subject: Self.record1, status: "pass"))
            // Three years on: the signer's certificate (two years) and TSA A's (30 days) have both
            // expired, B's has not; with nothing but the roots the package still passes, its seal
            // judged at the seal timestamp's genTime, the renewal proving that time still stands.
            let (years, yearsReport) = try Sealing.verify(package, anchors(pki) + at(now, days: 1100), cwd: dir)
            #expect(years.status == 0 && yearsReport.verdict == "pass", "\(years)")
            #expect(yearsReport.has("timestamp.renewal", subject: Self.record1, status: "pass"))
            #expect(yearsReport.has("seal.trust", subject: "rial/seal/manifest.p7s", status: "pass"))
            #expect(yearsReport.checks("seal.trust").first?.message.contains("genTime") == true, "\(yearsReport.checks("seal.trust"))")
            // After B's certificate expired too: not renewed in time.
            let (late, lateReport) = try Sealing.verify(package, anchors(pki) + at(now, days: 4000), cwd: dir)
            #expect(late.status == 1 && lateReport.has("timestamp.renewal.expired", subject: Self.record1), "\(late)")
            // Without TSA anchors: hashes and tokens checked, trust not.
            let (_, untrusted) = try Sealing.verify(package, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(untrusted.has("timestamp.renewal", subject: Self.record1, status: "not_checked"))
        }
    }

    @Test("rial's records, timestamp and hash-tree (SHA-512) renewals, pass the independent RFC 4998 checker; a record it writes passes rial")
    func oracleAgrees() throws {
        try withTemporaryDirectory { dir in
            let python = try Oracle.python()
            let (pki, _) = try pki(in: dir)
            let package = try stamped(pki, name: "case", in: dir)
            #expect(try renew(package, pki, in: dir).status == 0)
            #expect(try renew(package, pki, hash: "sha512", in: dir).status == 0)
            #expect(try renew(package, pki, in: dir).status == 0)
            let (_, report) = try Sealing.verify(package, anchors(pki), cwd: dir)
            #expect(report.has("timestamp.renewal", subject: "rial/seal/renewal/000003.ers", status: "pass"), "\(report.checks("timestamp.renewal"))")
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("bag"))
            for number in 1...3 {
                let checked = CLI.run(
                    [
                        python, Self.oracle, "verify", bag.appendingPathComponent("rial/seal/renewal/00000\(number).ers").path,
                        bag.appendingPathComponent("rial/seal/manifest.tsr").path, pki.path("root-ca.pem"), pki.path("tsa-chain.pem"),
                    ], cwd: dir)
                #expect(checked.status == 0 && checked.stdout.contains("\"valid\": true"), "record \(number): \(checked)")
            }
            #expect(
                CLI.run(
                    [
                        python, Self.oracle, "verify", bag.appendingPathComponent("rial/seal/renewal/000003.ers").path,
                        bag.appendingPathComponent("rial/seal/manifest.tsr").path, pki.path("root-ca.pem"), pki.path("tsa-chain.pem"),
                    ], cwd: dir
                )
                .stdout.contains("{\"algorithm\": \"sha512\", \"count\": 2}"))

            // The other way: the oracle writes a record (SHA-256, then a SHA-512 chain) for a fresh package.
            let fresh = try stamped(pki, name: "fresh", in: dir)
            let freshBag = try Fixture.untar(fresh, into: dir.appendingPathComponent("fresh-bag"))
            let record = try oracleRecord(for: freshBag, pki, python: python, in: dir)
            try inject(record, as: "000001.ers", into: freshBag, python: python, in: dir)
            let (result, written) = try Sealing.verify(freshBag, anchors(pki), cwd: dir)
            #expect(written.has("timestamp.renewal", subject: Self.record1, status: "pass"), "\(result)")
        }
    }

    /// A two-chain record the oracle writes over `bag`'s seal timestamp, TSA B answering.
    private func oracleRecord(for bag: URL, _ pki: TestPKI, python: String, corruptFirst: Bool = false, in dir: URL) throws -> URL {
        let data = bag.appendingPathComponent("rial/seal/manifest.tsr").path
        var record = "-"
        for (step, algorithm) in ["sha256", "sha512"].enumerated() {
            var imprint = CLI.run([python, Self.oracle, "imprint", record, data, algorithm], cwd: dir).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            if corruptFirst, step == 0 { imprint = String(repeating: "ab", count: 32) }
            let request = dir.appendingPathComponent("oracle-\(step).tsq"), response = dir.appendingPathComponent("oracle-\(step).tsr")
            let query = CLI.run(
                ["openssl", "ts", "-query", "-digest", imprint, "-\(algorithm)", "-cert", "-out", request.path], cwd: dir,
                environment: ["OPENSSL_CONF": "/dev/null"])
            try #require(query.status == 0, "\(query)")
            try reply(pki, section: "tsa_b", request: request, response: response)
            let out = dir.appendingPathComponent("oracle-\(step)-\(UUID().uuidString).ers").path
            let appended = CLI.run([python, Self.oracle, "append", record, response.path, out], cwd: dir)
            try #require(appended.status == 0, "\(appended)")
            record = out
        }
        return URL(fileURLWithPath: record)
    }

    private func inject(_ file: URL, as name: String, into bag: URL, python: String, in dir: URL) throws {
        let done = CLI.run([python, Self.oracle, "inject", bag.path, name, file.path], cwd: dir)
        try #require(done.status == 0, "\(done)")
    }

    @Test("tampered and broken renewals: each caught with its code and subject")
    func tamperTwins() throws {
        try withTemporaryDirectory { dir in
            let python = try Oracle.python()
            let (pki, now) = try pki(in: dir)
            // hash-mismatch: a record whose first archive timestamp covers other bytes.
            let package = try stamped(pki, name: "mismatch", in: dir)
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("mismatch-bag"))
            try inject(try oracleRecord(for: bag, pki, python: python, corruptFirst: true, in: dir), as: "000001.ers", into: bag, python: python, in: dir)
            let (_, mismatch) = try Sealing.verify(bag, anchors(pki), cwd: dir)
            #expect(mismatch.has("timestamp.renewal.hash-mismatch", subject: Self.record1), "\(mismatch.checks("timestamp.renewal.hash-mismatch"))")
            // malformed: junk as the last record, and a stray name.
            let junk = dir.appendingPathComponent("junk.ers")
            try Data("not a record".utf8).write(to: junk)
            try inject(junk, as: "000002.ers", into: bag, python: python, in: dir)
            try inject(junk, as: "notes.ers", into: bag, python: python, in: dir)
            let (_, malformed) = try Sealing.verify(bag, anchors(pki), cwd: dir)
            #expect(malformed.has("timestamp.renewal.malformed", subject: "rial/seal/renewal/000002.ers"))
            #expect(malformed.has("timestamp.renewal.malformed", subject: "rial/seal/renewal/notes.ers"))

            // token-invalid: renewed by a TSA of another root.
            let other = try stamped(pki, name: "other", in: dir)
            #expect(try renew(other, pki, section: "tsa_other", in: dir).status == 0)
            let (_, invalid) = try Sealing.verify(other, anchors(pki), cwd: dir)
            #expect(invalid.has("timestamp.renewal.token-invalid", subject: Self.record1), "\(invalid.checks("timestamp.renewal.token-invalid"))")
            #expect(invalid.has("timestamp.token", subject: "rial/seal/manifest.tsr", status: "pass"))

            // gap: renewed 40 days on, after TSA A's certificate expired (NOW+30d).
            let late = try stamped(pki, name: "late", in: dir)
            #expect(try renew(late, pki, shift: "+40d", in: dir).status == 0)
            let (_, gap) = try Sealing.verify(late, anchors(pki) + at(now, days: 50), cwd: dir)
            #expect(gap.has("timestamp.renewal.gap", subject: Self.record1), "\(gap.checks("timestamp.renewal.gap"))")
            // Its twin renewed in time passes at the same --at.
            let onTime = try stamped(pki, name: "on-time", in: dir)
            #expect(try renew(onTime, pki, in: dir).status == 0)
            let (_, passed) = try Sealing.verify(onTime, anchors(pki) + at(now, days: 50), cwd: dir)
            #expect(passed.has("timestamp.renewal", subject: Self.record1, status: "pass"))
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
            try reply(pki, section: "tsa_b", request: request, response: response)
            let refused = CLI.rial(["renew", "attach", package.path, "--token", response.path], cwd: dir)
            #expect(refused.status == 1 && refused.stderr.contains("amend.token-mismatch"), "\(refused)")
            #expect(try !Fixture.tarList(package).contains { $0.hasSuffix(Self.record1) })
            let unstamped = try Fixture.pack(try Fixture.sample(in: dir, name: "capture-unstamped"), in: dir, name: "unstamped.rialpkg", options: pki.signing())
            let asked = CLI.rial(["renew", "request", unstamped.path, "-o", "u.tsq", "--quiet"], cwd: dir)
            #expect(asked.status == 1 && asked.stderr.contains("amend.not-timestamped"), "\(asked)")
        }
    }
}
