import Foundation
import RialAmender
import RialFormat
import RialPackager
import RialTestSupport
import RialVerifier
import Testing

/// Revocation evidence stapled into a package in process (SPEC §14.11), as `rial seal`,
/// `rial timestamp attach` and `rial custody append` staple `--revocation` files, with the
/// revocation PKI (``RevocationPKIFixture``): long-term validation with nothing but the roots,
/// each revocation row naming the file it used, and hostile stapled files never passing. The
/// commands' exit statuses and output are end-to-end tests in RialCLITests' StapledRevocationTests.
@Suite("PackageAmender staples revocation evidence", .requires(.openssl))
struct PackageAmenderStaplingTests {
    /// The revocation PKI and the scratch directory beside it, for one test.
    private struct Stapling {
        let pki: RevocationPKIFixture
        var dir: URL { URL(fileURLWithPath: pki.scratch) }

        /// A fresh unsealed package, `rial pack CAPTURE -o NAME`.
        func unsealed(_ name: String) throws -> String {
            try AmendableSample(name: "\(name).rialpkg", in: pki.scratch + "/\(name)").package
        }

        /// `--revocation PKI/NAME` (or a path outside the PKI) read as the command reads it.
        func staple(_ name: String) throws -> RevocationStaple {
            let path = name.hasPrefix("/") ? name : pki.path(name)
            return try RevocationStaple(bytes: Array(Data(contentsOf: URL(fileURLWithPath: path))), source: path)
        }

        /// Seals `package` as `signer` with the PKI's chain, stapling `staples`, as
        /// `rial seal PKG --sign-key S.key --cert S.pem --chain chain.pem --revocation …`.
        func seal(_ package: String, as signer: String = "signer-good", stapling staples: [String]) throws {
            let sealer = try Sealer(keyPath: pki.path("\(signer).key"), certificatePath: pki.path("\(signer).pem"), chainPath: pki.path("chain.pem"))
            _ = try PackageAmender(path: package).seal(with: sealer, at: .now(), stapling: staples.map(staple))
        }

        /// Timestamps `package` now with the PKI's TSA (`openssl ts -reply`), stapling `staples`.
        func timestamp(_ package: String, stapling staples: [String] = []) throws {
            let amender = PackageAmender(path: package)
            let request = try amender.makeTimestampRequest().request.der
            let name = pki.scratch + "/" + UUID().uuidString
            try Data(request).write(to: URL(fileURLWithPath: name + ".tsq"))
            try RevocationPKIFixture.run(
                ["openssl", "ts", "-reply", "-config", "tsa.cnf", "-queryfile", name + ".tsq", "-out", name + ".tsr"], in: pki.directory)
            let token = TimestampToken(
                response: Array(try Data(contentsOf: URL(fileURLWithPath: name + ".tsr"))), tsaChain: try pki.bytes("chain.pem"), request: request)
            _ = try amender.attachTimestamp(token, at: .now(), stapling: staples.map(staple))
        }

        /// `rial verify --trust root-ca.pem --tsa-trust root-ca.pem` (`--at` when `at` is given), with `crls` as `--crl`.
        func verify(_ package: String, at: Timestamp? = nil, crls: [String] = []) throws -> VerificationReport {
            let root = try pki.certificate("root-ca.pem")
            var policy = VerificationPolicy(sealAnchors: [root], timestampAnchors: [root])
            policy.statedTime = at
            policy.revocationEvidence = try crls.map { try RevocationEvidenceFile(kind: .crl, path: pki.path($0), bytes: pki.bytes($0)) }
            return Verifier(policy: policy).report(for: package)
        }

        /// The package's paths below its top directory (`tar -t`).
        func paths(_ package: String) throws -> [String] {
            try OutsideOracle.tarList(URL(fileURLWithPath: package)).compactMap { name in
                name.split(separator: "/", maxSplits: 1).dropFirst().first.map(String.init)
            }
        }

        /// `sha256sum`'s digest of a file of the PKI (or a path outside it).
        func sha256(_ name: String) throws -> String {
            let path = name.hasPrefix("/") ? name : pki.path(name)
            return String(try Subprocess.succeed([try OutsideOracle.tool("sha256sum"), path]).output.prefix(64))
        }

        /// Three years after the PKI was made: every certificate of it has expired, every CRL is stale.
        var yearsAhead: Timestamp { Timestamp(seconds: Timestamp.now().seconds + 3 * 365 * 86_400) }
    }

    /// Runs `body` with a fresh revocation PKI, removed after.
    private func withStapling(_ body: (Stapling) throws -> Void) throws {
        let pki = try RevocationPKIFixture()
        defer { pki.remove() }
        try body(Stapling(pki: pki))
    }

    @Test(
        "sealed with stapled CRLs and a trusted timestamp: PASS three years on with nothing but the roots; without the timestamp the expired seal fails, without the staples revocation is not checked"
    )
    func longTermValidation() throws {
        try withStapling { s in
            let package = try s.unsealed("ltv")
            try s.seal(package, stapling: ["int-now.crl.pem", "root.crl.pem"])
            let intCRL = try s.sha256("int-now.crl.pem"), rootCRL = try s.sha256("root.crl.pem")
            let listed = try s.paths(package)
            #expect(listed.contains("rial/seal/revocation/\(intCRL).crl") && listed.contains("rial/seal/revocation/\(rootCRL).crl"), "\(listed)")
            // Twin first: sealed, stapled, but no timestamp: three years on the signer has expired.
            let later = s.yearsAhead
            let untimed = try s.verify(package, at: later)
            #expect(untimed.verdict == .fail && untimed.failures.contains { $0.code.rawValue == "seal.certificate.expired" }, "\(untimed.failures)")

            try s.timestamp(package)
            let report = try s.verify(package, at: later)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.seal?.state == .validTrusted)
            let seal = try #require(report.checks.first { $0.code.rawValue == "seal.revocation" })
            #expect(seal.status == .pass, "\(seal)")
            #expect(seal.message.contains("rial/seal/revocation/\(intCRL).crl (stapled in the package, SHA-256 \(intCRL))"), "\(seal.message)")
            #expect(seal.message.contains("rial/seal/revocation/\(rootCRL).crl (stapled in the package, SHA-256 \(rootCRL))"), "\(seal.message)")
            #expect(report.checks.first { $0.code.rawValue == "timestamp.revocation" }?.status == .pass)
            let stapled = report.checks.filter { $0.code.rawValue == "seal.revocation.stapled" }
            #expect(stapled.count == 2 && stapled.allSatisfy { $0.status == .pass })
            let settings = try #require(report.settings)
            #expect(settings.isVerificationTimeStated)
            // The settings list the stapled files with their source.
            #expect(
                settings.revocationEvidence.contains { $0.source == .stapled && $0.file == "rial/seal/revocation/\(intCRL).crl" },
                "\(settings.revocationEvidence)")

            // Supplied and stapled together: each row says which it used.
            let both = try s.verify(package, crls: ["int-now.crl.pem"])
            let bothSeal = try #require(both.checks.first { $0.code.rawValue == "seal.revocation" })
            #expect(bothSeal.message.contains("(supplied, SHA-256 \(intCRL))"), "\(bothSeal.message)")

            // Twin: the same package sealed without staples has nothing to judge revocation by.
            let bare = try s.unsealed("bare")
            try s.seal(bare, stapling: [])
            try s.timestamp(bare)
            let bareReport = try s.verify(bare, at: later)
            #expect(bareReport.verdict == .pass)
            let bareSeal = try #require(bareReport.checks.first { $0.code.rawValue == "seal.revocation" })
            #expect(
                bareSeal.status == .notChecked && bareSeal.message.contains("no revocation evidence was given (--crl, --ocsp) or stapled"), "\(bareSeal)")
        }
    }

    @Test("a signer revoked before the sealing time, stapled CRL listing it: FAIL; the SEALED event names each stapled file under the signature")
    func stapledRevocationFails() throws {
        try withStapling { s in
            let package = try s.unsealed("revoked")
            try s.seal(package, as: "signer-revoked", stapling: ["int-now.crl.pem", "root.crl.pem"])
            let report = try s.verify(package)
            #expect(report.verdict == .fail)
            #expect(report.checks.first { $0.code.rawValue.hasPrefix("seal.revocation.revoked") }?.status == .fail, "\(report.failures)")
            #expect(report.seal?.state == .invalid)
            let sealed = try #require(report.custody?.entries.last?.event)
            #expect(
                sealed.details.contains("stapled revocation evidence: rial/seal/revocation/\(try s.sha256("int-now.crl.pem")).crl"), "\(sealed.details)")
        }
    }

    @Test("custody append and timestamp attach staple too (an OCSP response, an intermediate certificate); the same file twice is one file")
    func laterStaples() throws {
        try withStapling { s in
            let package = try s.unsealed("later")
            try s.seal(package, stapling: ["root.crl.pem"])
            _ = try s.pki.ocsp("signer-good", by: "ocsp-responder")
            let ocsp = "signer-good-by-ocsp-responder.ocsp"
            try s.timestamp(package, stapling: [ocsp, "intermediate-ca.pem"])
            _ = try PackageAmender(path: package).appendCustodyEvent(
                CustodyEventDraft(action: .transferred, actor: CustodyActor(name: "Jane Roe"), details: "to the lab"), at: .now(),
                stapling: [s.staple("root.crl.pem"), s.staple("int-now.crl.pem")])
            let listed = try s.paths(package).filter { $0.hasPrefix("rial/seal/revocation/") && !$0.hasSuffix("/") }
            #expect(
                listed.sorted()
                    == [
                        "rial/seal/revocation/\(try s.sha256(ocsp)).ocsp", "rial/seal/revocation/\(try s.sha256("intermediate-ca.pem")).crt",
                        "rial/seal/revocation/\(try s.sha256("int-now.crl.pem")).crl", "rial/seal/revocation/\(try s.sha256("root.crl.pem")).crl",
                    ].sorted(), "\(listed)")
            let report = try s.verify(package)
            #expect(report.verdict == .pass, "\(report.failures)")
            let seal = try #require(report.checks.first { $0.code.rawValue == "seal.revocation" })
            #expect(seal.status == .pass && seal.message.contains("(stapled in the package, SHA-256 "), "\(seal.message)")
            let stapled = report.checks.filter { $0.code.rawValue == "seal.revocation.stapled" }
            #expect(stapled.count == 4 && stapled.allSatisfy { $0.status == .pass })
            let event = try #require(report.custody?.entries.last?.event)
            #expect(
                event.details == "to the lab; stapled revocation evidence: rial/seal/revocation/\(try s.sha256("int-now.crl.pem")).crl",
                "only the file not yet stapled is named and added: \(event.details)")
        }
    }

    @Test(
        "a stapled file the signed SEALED event names, removed (tag manifests recomputed): FAIL seal.revocation.stapled.missing with the event's seq; one stapled by timestamp attach, which no event names, removed: no failure"
    )
    func removedStaple() throws {
        try withStapling { s in
            let package = try s.unsealed("removed")
            try s.seal(package, stapling: ["root.crl.pem"])
            try s.timestamp(package, stapling: ["int-now.crl.pem"])
            let intact = try s.verify(package)
            #expect(intact.verdict == .pass, "\(intact.failures)")
            let rootPath = "rial/seal/revocation/\(try s.sha256("root.crl.pem")).crl"
            let stripped = s.dir.appendingPathComponent("stripped.rialpkg")
            try OutsideOracle.tamper(URL(fileURLWithPath: package), ["remove", rootPath, "--cover"], output: stripped)
            let report = try s.verify(stripped.path)
            #expect(report.verdict == .fail)
            #expect(report.failures.map(\.code.rawValue) == ["seal.revocation.stapled.missing"], "\(report.failures)")
            let failure = try #require(report.failures.first)
            #expect(failure.subject == rootPath && failure.seq != nil && failure.message.contains("SEALED"), "\(failure)")
            // Twin: the timestamp's staple, which no event names.
            let other = s.dir.appendingPathComponent("other.rialpkg")
            try OutsideOracle.tamper(
                URL(fileURLWithPath: package), ["remove", "rial/seal/revocation/\(try s.sha256("int-now.crl.pem")).crl", "--cover"], output: other)
            let otherReport = try s.verify(other.path)
            #expect(otherReport.verdict == .pass && otherReport.failures.isEmpty, "\(otherReport.failures)")
        }
    }

    /// Hostile files planted under rial/seal/revocation/ (tamper.py, tag manifests recomputed).
    @Test(
        "hostile stapled files: garbage, a name that is not its SHA-256, a bad name, a CRL by an impostor, one over 64 MiB: NOT CHECKED with the reason, never PASS, never a crash"
    )
    func hostileStaples() throws {
        try withStapling { s in
            let package = try s.unsealed("hostile")
            try s.seal(package, stapling: [])
            let garbage = s.dir.appendingPathComponent("garbage.bin")
            try Data("garbage, not a CRL\n".utf8).write(to: garbage)
            let garbageName = try s.sha256(garbage.path)
            let cases: [(path: String, source: String, reason: String)] = [
                ("rial/seal/revocation/\(garbageName).crl", garbage.path, "not what its extension .crl says"),
                (
                    "rial/seal/revocation/\(String(repeating: "0", count: 64)).crl", s.pki.path("impostor.crl.pem"),
                    "its name says SHA-256 \(String(repeating: "0", count: 64))"
                ),
                ("rial/seal/revocation/notes.txt", garbage.path, "named by the SHA-256 of its bytes"),
            ]
            for (index, planted) in cases.enumerated() {
                let tampered = s.dir.appendingPathComponent("hostile-\(index).rialpkg")
                try OutsideOracle.tamper(URL(fileURLWithPath: package), ["add-file", planted.path, planted.source, "--cover"], output: tampered)
                let report = try s.verify(tampered.path)
                #expect(report.verdict == .pass, "\(planted.path): \(report.failures)")
                let row = try #require(report.checks.first { $0.subject == planted.path }, "\(planted.path)")
                #expect(row.code.rawValue == "seal.revocation.stapled" && row.status == .notChecked && row.message.contains(planted.reason), "\(row)")
                #expect(
                    report.checks.first { $0.code.rawValue.hasPrefix("seal.revocation") && $0.code.rawValue != "seal.revocation.stapled" }?.status
                        == .notChecked)
            }
            // A CRL by an impostor CA with the intermediate's name, stapled properly: read, but refused as evidence.
            let wrong = try s.unsealed("wrong-issuer")
            try s.seal(wrong, stapling: ["impostor.crl.pem", "root.crl.pem"])
            let wrongReport = try s.verify(wrong)
            #expect(wrongReport.verdict == .pass)
            let refused = try #require(
                wrongReport.checks.first { $0.code.rawValue.hasPrefix("seal.revocation.") && $0.code.rawValue != "seal.revocation.stapled" })
            #expect(
                refused.code.rawValue == "seal.revocation.unauthorized" && refused.status == .notChecked && refused.message.contains("stapled in the package"),
                "\(refused)")
            // Over the limit a verifier reads: the scanner's own limit fails it, and it is not used.
            let big = s.dir.appendingPathComponent("big.bin")
            try Subprocess.succeed(["truncate", "-s", "65M", big.path])
            let huge = s.dir.appendingPathComponent("huge.rialpkg")
            try OutsideOracle.tamper(
                URL(fileURLWithPath: package), ["add-file", "rial/seal/revocation/\(try s.sha256(big.path)).crl", big.path, "--cover"], output: huge)
            let hugeReport = try s.verify(huge.path)
            #expect(hugeReport.verdict == .fail && hugeReport.failures.contains { $0.code.rawValue == "archive.limit.tag-file-size" }, "\(hugeReport.failures)")
            let hugeRow = try #require(hugeReport.checks.first { $0.code.rawValue == "seal.revocation.stapled" })
            #expect(hugeRow.status == .notChecked && hugeRow.message.contains("larger than the 64 MiB"), "\(hugeRow)")
        }
    }
}
