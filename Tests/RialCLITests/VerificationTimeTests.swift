import Foundation
import Testing

/// `--at TIME` (SPEC §8.8) end to end: its parsing and usage errors, exit statuses, `rial report`
/// and `rial audit` with it. What a stated time changes in each report format is judged in
/// process (RialVerifierTests' VerificationTimeTests); the two tests on a revocation PKI stay
/// here while RevocationPKI does.
@Suite("Verifying as of a stated time (--at)")
struct VerificationTimeTests {
    static let at = "2031-05-01T00:00:00Z"

    @Test("end to end: rial verify and rial report with --at exit 0 and print (write) the same bytes twice; JSON Lines carry no elapsed_ms with --at")
    func reproducible() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.pack(try Fixture.sample(in: dir), in: dir)
            // Every renderer's bytes at a stated time are in-process tests (RialVerifierTests'
            // VerificationTimeTests); here the command passes --at through, for stdout and a file.
            let first = CLI.execute([CLI.rialPath, "verify", package.path, "--quiet", "--at", Self.at], cwd: dir)
            Thread.sleep(forTimeInterval: 1.1)
            let second = CLI.execute([CLI.rialPath, "verify", package.path, "--quiet", "--at", Self.at], cwd: dir)
            #expect(first.status == 0 && second.status == 0, "\(first)")
            #expect(!first.stdout.isEmpty && first.stdout == second.stdout, "two runs with --at differ")
            #expect(String(decoding: first.stdout, as: UTF8.self).contains("2031-05-01T00:00:00Z"), "the text names the time")
            // `rial report` writes the court report to a file: the same bytes twice.
            var written: [Data] = []
            for name in ["first.html", "second.html"] {
                let made = CLI.rial(["report", package.path, "-o", name, "--quiet", "--at", Self.at], cwd: dir)
                #expect(made.status == 0, "\(made)")
                written.append(try Data(contentsOf: dir.appendingPathComponent(name)))
                Thread.sleep(forTimeInterval: 1.1)
            }
            #expect(written.count == 2 && !written[0].isEmpty && written[0] == written[1], "rial report --at twice differs")
            // The command gives a line its elapsed time only on the clock.
            let lines = CLI.rial(["verify", package.path, "--format", "jsonl", "--quiet", "--at", Self.at], cwd: dir)
            #expect(!lines.stdout.contains("elapsed_ms"), "\(lines.stdout)")
            #expect(CLI.rial(["verify", package.path, "--format", "jsonl", "--quiet"], cwd: dir).stdout.contains("elapsed_ms"))
        }
    }

    @Test("rial audit --at: each package's line is the same on every run (no elapsed_ms), and the ledger's policy records the time")
    func audit() throws {
        try withTemporaryDirectory { dir in
            _ = try Fixture.pack(try Fixture.sample(in: dir), in: dir)
            var lines: [String] = []
            for ledger in ["first.sqlite", "second.sqlite"] {
                let result = CLI.rial(["audit", "case.rialpkg", "--ledger", ledger, "--format", "jsonl", "--quiet", "--at", Self.at], cwd: dir)
                #expect(result.status == 0 || result.status == 1, "\(result)")
                lines.append(result.stdout.split(separator: "\n").first.map(String.init) ?? "")
                Thread.sleep(forTimeInterval: 1.1)
            }
            #expect(lines[0].contains("\"type\": \"package\"") && lines[0] == lines[1] && !lines[0].contains("elapsed_ms"), "\(lines)")
            let sqlite = CLI.run([try Oracle.tool("sqlite3"), "first.sqlite", "SELECT policy FROM ledger_records WHERE kind = 'package'"], cwd: dir)
            #expect(sqlite.status == 0 && sqlite.stdout.contains("\"at\": \"2031-05-01T00:00:00Z\""), "\(sqlite)")
        }
    }

    @Test("an invalid --at is a usage error (64) with a sentence; a time with an offset or without Z too")
    func invalidTime() throws {
        try withTemporaryDirectory { dir in
            for bad in ["yesterday", "2031-05-01", "2031-05-01T00:00:00+02:00", "2031-13-01T00:00:00Z", ""] {
                let result = CLI.rial(["verify", "x.rialpkg", "--at", bad], cwd: dir)
                #expect(result.status == 64, "\(bad): \(result)")
                #expect(result.stderr.contains("--at takes a time in UTC as RFC 3339 writes it, e.g. 2031-05-01T00:00:00Z"), "\(result.stderr)")
            }
            for command in ["report", "audit"] {
                #expect(CLI.rial([command, "x.rialpkg", "--at", "soon"], cwd: dir).status == 64, "\(command)")
            }
        }
    }

    @Test("end to end: a time before the package was made exits 2 (input.time-before-package); at its created it exits 0")
    func beforeThePackage() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.pack(try Fixture.sample(in: dir), in: dir)
            // The report's error and its message are in-process tests (RialVerifierTests' VerificationTimeTests).
            let before = CLI.rial(["verify", package.path, "--quiet", "--at", "2025-01-01T00:00:00Z"], cwd: dir)
            #expect(before.status == 2, "\(before)")
            #expect((before.stdout + before.stderr).contains("input.time-before-package"), "\(before)")
            let twin = CLI.rial(["verify", package.path, "--quiet", "--at", Fixture.created], cwd: dir)
            #expect(twin.status == 0, "\(twin)")
        }
    }

    /// A signer's certificate valid ten days, twenty to ten days ago (issued under `faketime`),
    /// and a package sealed with it fifteen days ago.
    @Test("a certificate valid then and expired now: FAIL on the clock, PASS as of a time it was valid")
    func validThenExpiredNow() throws {
        let faketime = try Oracle.tool("faketime")
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let key = pki.path("old.key"), csr = pki.path("old.csr"), cert = pki.path("old.pem")
            let request = CLI.run(
                [
                    "openssl", "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
                    "-subj", "/O=Rial TEST ONLY/CN=Old Signer (TEST ONLY)", "-out", csr,
                ], cwd: pki.dir)
            try #require(request.status == 0, "\(request)")
            let issued = CLI.run(
                [
                    faketime, "-f", "-20d", "openssl", "x509", "-req", "-in", csr, "-CA", pki.path("intermediate-ca.pem"),
                    "-CAkey", pki.path("intermediate-ca.key"), "-set_serial", "0x77", "-days", "10", "-extfile", pki.path("pki.cnf"),
                    "-extensions", "v3_signer", "-out", cert,
                ], cwd: pki.dir)
            try #require(issued.status == 0, "\(issued)")
            let capture = try Fixture.sample(in: dir, name: "old-capture")
            let packed = CLI.run(
                [
                    faketime, "-f", "-15d", CLI.rialPath, "pack", capture.path, "-o", "old.rialpkg", "--quiet",
                    "--sign-key", key, "--cert", cert, "--chain", pki.path("chain.pem"),
                ], cwd: dir)
            try #require(packed.status == 0, "\(packed)")
            let package = dir.appendingPathComponent("old.rialpkg")
            let (now, nowReport) = try Sealing.verify(package, ["--trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(now.status == 1 && nowReport.failures.contains { $0.code == "seal.certificate.expired" }, "\(nowReport.failures)")
            let then = RevocationPKI.rfc3339(pki.now.addingTimeInterval(-12 * 86_400))
            let (atThen, thenReport) = try Sealing.verify(package, ["--trust", pki.path("root-ca.pem"), "--at", then], cwd: dir)
            #expect(atThen.status == 0, "\(thenReport.failures)")
            #expect(thenReport.seal?.state == "valid-trusted")
        }
    }

    @Test("revocation is judged at --at: a signer revoked two hours from now passes-later now, and is revoked as of tomorrow")
    func revocationJudgedAtTheStatedTime() throws {
        try withTemporaryDirectory { dir in
            let pki = try RevocationPKI.make(in: dir)
            let package = try pki.package("signer-revoked-future", in: dir)
            let evidence = pki.anchors + pki.crls("int-now.crl.pem", "root.crl.pem")
            let (_, today) = try Sealing.verify(package, evidence, cwd: dir)
            let todayCode = today.checks.first { $0.code.hasPrefix("seal.revocation") }
            #expect(todayCode?.code == "seal.revocation.revoked-later" && todayCode?.status == "not_checked", "\(String(describing: todayCode))")
            let tomorrow = RevocationPKI.rfc3339(pki.now.addingTimeInterval(86_400))
            let (result, report) = try Sealing.verify(package, evidence + ["--at", tomorrow], cwd: dir)
            #expect(result.status == 1)
            let seal = report.checks.first { $0.code.hasPrefix("seal.revocation") }
            #expect(seal?.code == "seal.revocation.revoked" && seal?.status == "fail", "\(String(describing: seal))")
            #expect(seal?.message.contains(tomorrow) == true, "the finding names the stated time: \(seal?.message ?? "")")
        }
    }
}
