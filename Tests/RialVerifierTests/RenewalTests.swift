import Foundation
import RialCrypto
import RialFormat
import RialReport
import RialTestSupport
import Testing
@testable import RialVerifier

/// Renewing the seal's timestamp with RFC 4998 evidence records (SPEC §14.12), judged in-process:
/// the headline long-term case through a stated verification time, an independent asn1crypto
/// checker (Tests/oracles/ers_oracle.py) agreeing with rial both ways, and each failure code
/// caught with its subject. `rial renew`'s exit statuses and output are end-to-end tests in
/// RialCLITests' RenewalTests.
@Suite("Timestamp renewal (library)", .requires(.tsa))
struct RenewalTests {
    static let oracle = OutsideOracle.repoRoot.appendingPathComponent("Tests/oracles/ers_oracle.py").path
    static let record1 = "rial/seal/renewal/000001.ers"
    static let day: TimeInterval = 86_400

    /// A package sealed by the investigator and timestamped by TSA A now.
    private func stamped(_ pki: TestPKI, name: String, in dir: URL) throws -> URL {
        let capture = try LibraryFixture.sample(in: dir, name: "capture-\(name)")
        let package = try LibraryFixture.pack(capture, in: dir, name: "\(name).rialpkg") { $0.sealer = try pki.sealer() }
        try pki.timestamp(package, section: "tsa_a", in: dir)
        return package
    }

    /// `rial verify --trust root-ca.pem --tsa-trust root-ca.pem`, with `--at NOW+DAYS` when `days` is given.
    private func anchors(_ pki: TestPKI, at now: Date? = nil, days: Double = 0) throws -> VerificationPolicy {
        var policy = try pki.policy(tsaTrust: ["root-ca.pem"])
        if let now { policy.statedTime = Timestamp(seconds: Int64(now.addingTimeInterval(days * Self.day).timeIntervalSince1970)) }
        return policy
    }

    @Test("sealed and timestamped by TSA A, renewed by TSA B before A expires: PASS with nothing but the roots after A's expiry; expired after B's")
    func longTerm() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let now = try pki.addRenewalTSAs()
            let package = try stamped(pki, name: "renewed", in: dir)
            let plain = try stamped(pki, name: "plain", in: dir)
            try pki.renew(package, in: dir)
            // After A's certificate expired (NOW+30d), before B's.
            let report = LibraryFixture.verify(package, policy: try anchors(pki, at: now, days: 100))
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.has("timestamp.renewal", subject: Self.record1, status: .pass), "\(report.checks("timestamp.renewal"))")
            #expect(report.has("timestamp.token", subject: "rial/seal/manifest.tsr", status: .pass))
            // The court report shows the renewal, its status in words first.
            let (court, overview) = Verifier(policy: try anchors(pki, at: now, days: 100)).courtReport(for: package.path)
            #expect(court.verdict == .pass, "\(court.failures)")
            let page = HTMLReportRenderer.render(court, overview: overview).replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            #expect(page.contains("Timestamp renewalrenewed in time, every archive timestamp valid (timestamp.renewal)"), "renewal row missing")
            // Twin: the same package never renewed says so (SPEC §14.12: the seal's token is judged at genTime either way).
            let unrenewed = LibraryFixture.verify(plain, policy: try anchors(pki, at: now, days: 100))
            #expect(unrenewed.has("timestamp.renewal", subject: "rial/seal/manifest.tsr", status: .notPresent))
            #expect(!unrenewed.has("timestamp.renewal", subject: Self.record1, status: .pass))
            // Three years on: the signer's certificate (two years) and TSA A's (30 days) have both
            // expired, B's has not; with nothing but the roots the package still passes, its seal
            // judged at the seal timestamp's genTime, the renewal proving that time still stands.
            let years = LibraryFixture.verify(package, policy: try anchors(pki, at: now, days: 1100))
            #expect(years.verdict == .pass, "\(years.failures)")
            #expect(years.has("timestamp.renewal", subject: Self.record1, status: .pass))
            #expect(years.has("seal.trust", subject: "rial/seal/manifest.p7s", status: .pass))
            #expect(years.checks("seal.trust").first?.message.contains("genTime") == true, "\(years.checks("seal.trust"))")
            // After B's certificate expired too: not renewed in time.
            let late = LibraryFixture.verify(package, policy: try anchors(pki, at: now, days: 4000))
            #expect(late.verdict == .fail && late.has("timestamp.renewal.expired", subject: Self.record1), "\(late.failures)")
            // Without TSA anchors: hashes and tokens checked, trust not.
            let untrusted = LibraryFixture.verify(package, policy: try pki.policy())
            #expect(untrusted.has("timestamp.renewal", subject: Self.record1, status: .notChecked))
        }
    }

    @Test("rial's records, timestamp and hash-tree (SHA-512) renewals, pass the independent RFC 4998 checker; a record it writes passes rial")
    func oracleAgrees() throws {
        try TemporaryDirectory.with { dir in
            let python = try OutsideOracle.python()
            let pki = try TestPKI.make(in: dir)
            _ = try pki.addRenewalTSAs()
            let package = try stamped(pki, name: "case", in: dir)
            try pki.renew(package, in: dir)
            try pki.renew(package, algorithm: .sha512, in: dir)
            try pki.renew(package, in: dir)
            let report = LibraryFixture.verify(package, policy: try anchors(pki))
            #expect(report.has("timestamp.renewal", subject: "rial/seal/renewal/000003.ers", status: .pass), "\(report.checks("timestamp.renewal"))")
            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("bag"))
            func oracleVerify(_ number: Int) -> Subprocess.Run {
                Subprocess.execute(
                    [
                        python, Self.oracle, "verify", bag.appendingPathComponent("rial/seal/renewal/00000\(number).ers").path,
                        bag.appendingPathComponent("rial/seal/manifest.tsr").path, pki.path("root-ca.pem"), pki.path("tsa-chain.pem"),
                    ], cwd: dir)
            }
            for number in 1...3 {
                let checked = oracleVerify(number)
                #expect(checked.status == 0 && checked.output.contains("\"valid\": true"), "record \(number): \(checked)")
            }
            #expect(oracleVerify(3).output.contains("{\"algorithm\": \"sha512\", \"count\": 2}"))

            // The other way: the oracle writes a record (SHA-256, then a SHA-512 chain) for a fresh package.
            let fresh = try stamped(pki, name: "fresh", in: dir)
            let freshBag = try OutsideOracle.untar(fresh, into: dir.appendingPathComponent("fresh-bag"))
            let record = try oracleRecord(for: freshBag, pki, python: python, in: dir)
            try inject(record, as: "000001.ers", into: freshBag, python: python, in: dir)
            let written = LibraryFixture.verify(freshBag, policy: try anchors(pki))
            #expect(written.has("timestamp.renewal", subject: Self.record1, status: .pass), "\(written.checks("timestamp.renewal"))")
        }
    }

    /// A two-chain record the oracle writes over `bag`'s seal timestamp, TSA B answering.
    private func oracleRecord(for bag: URL, _ pki: TestPKI, python: String, corruptFirst: Bool = false, in dir: URL) throws -> URL {
        let data = bag.appendingPathComponent("rial/seal/manifest.tsr").path
        var record = "-"
        for (step, algorithm) in ["sha256", "sha512"].enumerated() {
            var imprint = Subprocess.execute([python, Self.oracle, "imprint", record, data, algorithm], cwd: dir).output
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if corruptFirst, step == 0 { imprint = String(repeating: "ab", count: 32) }
            let request = dir.appendingPathComponent("oracle-\(step).tsq"), response = dir.appendingPathComponent("oracle-\(step).tsr")
            let query = Subprocess.execute(
                ["openssl", "ts", "-query", "-digest", imprint, "-\(algorithm)", "-cert", "-out", request.path], cwd: dir,
                environment: ["OPENSSL_CONF": "/dev/null"])
            try #require(query.status == 0, "\(query)")
            try pki.reply(section: "tsa_b", request: request, response: response)
            let out = dir.appendingPathComponent("oracle-\(step)-\(UUID().uuidString).ers").path
            let appended = Subprocess.execute([python, Self.oracle, "append", record, response.path, out], cwd: dir)
            try #require(appended.status == 0, "\(appended)")
            record = out
        }
        return URL(fileURLWithPath: record)
    }

    private func inject(_ file: URL, as name: String, into bag: URL, python: String, in dir: URL) throws {
        let done = Subprocess.execute([python, Self.oracle, "inject", bag.path, name, file.path], cwd: dir)
        try #require(done.status == 0, "\(done)")
    }

    @Test("tampered and broken renewals: each caught with its code and subject")
    func tamperTwins() throws {
        try TemporaryDirectory.with { dir in
            let python = try OutsideOracle.python()
            let pki = try TestPKI.make(in: dir)
            let now = try pki.addRenewalTSAs()
            // hash-mismatch: a record whose first archive timestamp covers other bytes.
            let package = try stamped(pki, name: "mismatch", in: dir)
            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("mismatch-bag"))
            try inject(try oracleRecord(for: bag, pki, python: python, corruptFirst: true, in: dir), as: "000001.ers", into: bag, python: python, in: dir)
            let mismatch = LibraryFixture.verify(bag, policy: try anchors(pki))
            #expect(mismatch.has("timestamp.renewal.hash-mismatch", subject: Self.record1), "\(mismatch.checks("timestamp.renewal.hash-mismatch"))")
            // malformed: junk as the last record, and a stray name.
            let junk = dir.appendingPathComponent("junk.ers")
            try Data("not a record".utf8).write(to: junk)
            try inject(junk, as: "000002.ers", into: bag, python: python, in: dir)
            try inject(junk, as: "notes.ers", into: bag, python: python, in: dir)
            let malformed = LibraryFixture.verify(bag, policy: try anchors(pki))
            #expect(malformed.has("timestamp.renewal.malformed", subject: "rial/seal/renewal/000002.ers"))
            #expect(malformed.has("timestamp.renewal.malformed", subject: "rial/seal/renewal/notes.ers"))

            // token-invalid: renewed by a TSA of another root.
            let other = try stamped(pki, name: "other", in: dir)
            try pki.renew(other, section: "tsa_other", in: dir)
            let invalid = LibraryFixture.verify(other, policy: try anchors(pki))
            #expect(invalid.has("timestamp.renewal.token-invalid", subject: Self.record1), "\(invalid.checks("timestamp.renewal.token-invalid"))")
            #expect(invalid.has("timestamp.token", subject: "rial/seal/manifest.tsr", status: .pass))

            // gap: renewed 40 days on, after TSA A's certificate expired (NOW+30d).
            let late = try stamped(pki, name: "late", in: dir)
            try pki.renew(late, shift: "+40d", in: dir)
            let gap = LibraryFixture.verify(late, policy: try anchors(pki, at: now, days: 50))
            #expect(gap.has("timestamp.renewal.gap", subject: Self.record1), "\(gap.checks("timestamp.renewal.gap"))")
            // Its twin renewed in time passes at the same time.
            let onTime = try stamped(pki, name: "on-time", in: dir)
            try pki.renew(onTime, in: dir)
            let passed = LibraryFixture.verify(onTime, policy: try anchors(pki, at: now, days: 50))
            #expect(passed.has("timestamp.renewal", subject: Self.record1, status: .pass))
        }
    }
}
