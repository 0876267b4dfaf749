import Foundation
import Testing

/// `rial pack EXPORT_DIR` on folders laid out like the capture app's own export
/// (`Tests/Fixtures/AppExport/make-app-exports.sh`: real H.264/HEVC media, Swift-style JSON with
/// numeric dates, RFC 3161 tokens from the test TSA), and their tampered twins: each packs as
/// it came and fails verification with its own code and subject, or is refused with a message
/// that says what to do.
@Suite("the capture app's export, as it comes")
struct AppExportTests {
    static let media = "data/media/recording_1764000000.mp4"
    static let manifest = "data/capture/recording_1764000000.manifest.json"
    static let chain = "data/capture/recording_1764000000.hash_chain.json"
    static let metadata = "data/capture/recording_1764000000.metadata.json"
    static let custodyLog = "data/capture/recording_1764000000.custody_log.json"

    /// Every variant of the fixtures script, made fresh in `dir/exports`.
    static func exports(in dir: URL) throws -> URL {
        let script = CLI.repoRoot.appendingPathComponent("Tests/Fixtures/AppExport/make-app-exports.sh").path
        let out = dir.appendingPathComponent("exports")
        let result = CLI.run([script, out.path], cwd: dir)
        try #require(result.status == 0, "the fixtures script failed: \(result)")
        return out
    }

    /// Packs a variant as exported (the current time as `created`: the app's events are recent).
    static func pack(_ variant: String, _ exports: URL, in dir: URL, options: [String] = []) -> (CommandResult, URL) {
        let output = dir.appendingPathComponent("\(variant).rialpkg")
        return (CLI.rial(["pack", exports.appendingPathComponent(variant).path, "-o", output.path] + options, cwd: dir), output)
    }

    static func verify(_ package: URL, in dir: URL, options: [String] = []) throws -> Report {
        let result = CLI.rial(["verify", package.path, "--format", "json", "--quiet"] + options, cwd: dir)
        return try #require(try? Report.decode(result.stdout), "no JSON report: \(result)")
    }

    /// Packs and verifies a variant that must pack.
    static func packAndVerify(_ variant: String, options: [String] = [], verifyOptions: [String] = []) throws -> Report {
        try withTemporaryDirectory { dir in
            let exports = try exports(in: dir)
            let (result, package) = pack(variant, exports, in: dir, options: options)
            try #require(result.status == 0, "pack \(variant) failed: \(result)")
            return try verify(package, in: dir, options: verifyOptions)
        }
    }

    @Test("--plan prints which file becomes what, by content, and writes nothing")
    func plan() throws {
        try withTemporaryDirectory { dir in
            let exports = try Self.exports(in: dir)
            let result = CLI.rial(["pack", exports.appendingPathComponent("rich").path, "--plan"], cwd: dir)
            #expect(result.status == 0, "\(result)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.contains("is the capture app's export; 66 files") == true, "\(result.stdout)")
            #expect(lines.contains { $0.contains("recording_1764000000.mp4") && $0.contains("-> \(Self.media)") && $0.contains("video/mp4 by content") })
            #expect(lines.contains { $0.contains("-> \(Self.custodyLog)") && $0.contains("the app's custody log") })
            #expect(lines.contains { $0.contains("-> \(Self.manifest)") && $0.contains("forensic manifest") })
            #expect(lines.contains { $0.contains("-> data/capture/README.txt") && $0.contains("not interpreted") })
            #expect(lines.contains { $0.contains("-> data/depth/") && $0.contains("60 files") })
            #expect(Fixture.listing(dir).allSatisfy { !$0.hasSuffix(".rialpkg") }, "--plan wrote a package")
        }
    }

    @Test(
        "the flat export the forensic export design describes packs as it came: every file byte for byte, the app's digests and log read, nothing passed by omission"
    )
    func flatExport() throws {
        try withTemporaryDirectory { dir in
            let exports = try Self.exports(in: dir)
            let (result, package) = Self.pack("flat", exports, in: dir)
            try #require(result.status == 0, "\(result)")
            #expect(result.stdout.contains("App digests:      the SHA-256 and SHA-512 the capture app recorded match the media"), "\(result.stdout)")
            let report = try Self.verify(package, in: dir)
            #expect(report.verdict == "pass", "\(report.failures)")
            #expect(report.has("app.media.sha256", subject: Self.media, status: "pass"))
            #expect(report.has("app.media.sha512", subject: Self.media, status: "pass"))
            #expect(report.has("app.file.not-interpreted", subject: "data/capture/README.txt", status: "not_checked"))
            #expect(report.has("custody.import.time-converted", subject: Self.custodyLog, status: "pass"))
            #expect(report.custody?.importedCount == 5)
            // Byte for byte: each exported file is in the package under its own name.
            let root = try Fixture.untar(package, into: dir.appendingPathComponent("x"))
            let flat = exports.appendingPathComponent("flat")
            for name in try FileManager.default.contentsOfDirectory(atPath: flat.path) {
                let inPackage = name.hasSuffix(".mp4") ? "data/media/\(name)" : "data/capture/\(name)"
                #expect(try Fixture.read(flat.appendingPathComponent(name)) == Fixture.read(root.appendingPathComponent(inPackage)), "\(name)")
            }
            // A numeric date is converted exactly and kept as written.
            let first = try JSONSerialization.jsonObject(with: Fixture.read(root.appendingPathComponent("rial/custody/000001.json"))) as? [String: Any]
            let imported = first?["imported"] as? [String: Any]
            #expect(imported?["source"] as? String == Self.custodyLog)
            #expect((imported?["app_timestamp"] as? String)?.isEmpty == false, "\(String(describing: imported))")
        }
    }

    @Test("ISO 8601 dates need no conversion, and none is reported")
    func isoDates() throws {
        let report = try Self.packAndVerify("flat-iso")
        #expect(report.verdict == "pass", "\(report.failures)")
        #expect(report.checks("custody.import.time-converted").isEmpty)
    }

    @Test("the rich export: the app's chain holds together on its own, and the metadata's claims are held against it")
    func richExport() throws {
        let report = try Self.packAndVerify("rich")
        #expect(report.verdict == "pass", "\(report.failures)")
        #expect(report.has("app.chain", subject: Self.chain, status: "pass"))
        #expect(report.has("metadata.frame-count", subject: Self.metadata, status: "pass"))
        #expect(report.has("metadata.chain-final", subject: Self.metadata, status: "pass"))
        #expect(report.has("metadata.depth-count", subject: Self.metadata, status: "pass"))
        #expect(report.has("metadata.attestation", subject: Self.metadata, status: "not_checked"))
        #expect(report.has("app.file.not-interpreted", subject: "data/depth/", status: "not_checked"))
    }

    @Test("an HEVC QuickTime export is found by its content")
    func hevcExport() throws {
        try withTemporaryDirectory { dir in
            let exports = try Self.exports(in: dir)
            let plan = CLI.rial(["pack", exports.appendingPathComponent("rich-hevc").path, "--plan"], cwd: dir)
            #expect(plan.stdout.contains("-> data/media/recording_1764000000.mov  (media (video/quicktime by content))"), "\(plan.stdout)")
            let (result, package) = Self.pack("rich-hevc", exports, in: dir)
            try #require(result.status == 0, "\(result)")
            #expect(try Self.verify(package, in: dir).verdict == "pass")
        }
    }

    @Test(
        "digests the app recorded that do not match the media are refused at pack, or packed as received and failed",
        arguments: [
            ("digest-wrong", ["app.media.sha256.mismatch"]), ("digest512-wrong", ["app.media.sha512.mismatch"]),
            ("media-changed", ["app.media.sha256.mismatch", "app.media.sha512.mismatch"]),
        ])
    func wrongDigests(variant: String, codes: [String]) throws {
        try withTemporaryDirectory { dir in
            let exports = try Self.exports(in: dir)
            let (refused, package) = Self.pack(variant, exports, in: dir)
            #expect(refused.status == 2, "\(refused)")
            #expect(refused.stderr.contains("--keep-as-received") && refused.stderr.contains("pack.invalid-capture"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: package.path))
            let (kept, _) = Self.pack(variant, exports, in: dir, options: ["--keep-as-received"])
            try #require(kept.status == 0, "\(kept)")
            #expect(kept.stderr.contains("warning:") && kept.stdout.contains("do NOT match"), "\(kept)")
            let report = try Self.verify(package, in: dir)
            #expect(report.verdict == "fail")
            for code in codes { #expect(report.has(code, subject: Self.media), "\(code): \(report.failures)") }
            // The app's token covers the media as it was hashed: changed media is not what it stamped.
            let imprint: Set<String> = variant == "media-changed" ? ["app.timestamp.imprint"] : []
            #expect(Set(report.failures.map(\.code)) == Set(codes).union(imprint), "\(report.failures)")
        }
    }

    @Test(
        "an app chain inconsistent with itself fails with its own code and subject",
        arguments: [
            ("chain-final-wrong", "app.chain.final-mismatch", chain),
            ("chain-checkpoint-wrong", "app.chain.checkpoint-mismatch", chain + ": checkpoints[0]"),
        ])
    func inconsistentChain(variant: String, code: String, subject: String) throws {
        let report = try Self.packAndVerify(variant)
        #expect(report.verdict == "fail")
        #expect(report.has(code, subject: subject), "\(report.failures)")
    }

    @Test("one frame hash changed in the app's chain cannot be seen without the frames, and the report says so")
    func changedFrameHash() throws {
        let report = try Self.packAndVerify("chain-frame-changed")
        let result = try #require(report.checks("app.chain").first)
        #expect(result.status == "pass")
        #expect(result.message.contains("cannot be recomputed"), "\(result.message)")
    }

    @Test(
        "the metadata's claims held against the app's chain",
        arguments: [("claims-frame-count", "metadata.frame-count.mismatch"), ("claims-final", "metadata.chain-final.mismatch")])
    func claimsOff(variant: String, code: String) throws {
        let report = try Self.packAndVerify(variant)
        #expect(report.verdict == "fail")
        #expect(report.has(code, subject: Self.metadata), "\(report.failures)")
    }

    @Test(
        "an action beyond the app's five and an empty user id are carried and reported NOT CHECKED, not refused",
        arguments: [("custody-unknown-action", "custody.import.app-action", 5), ("custody-empty-user", "custody.import.no-user", 3)])
    func preservedCustody(variant: String, code: String, seq: Int) throws {
        let report = try Self.packAndVerify(variant)
        #expect(report.verdict == "pass", "\(report.failures)")
        let found = report.checks(code)
        #expect(found.count == 1 && found.first?.status == "not_checked", "\(found)")
        #expect(found.first?.subject == String(format: "rial/custody/%06d.json", seq))
    }

    @Test("the unknown action is carried as NOTE with the app's text")
    func unknownActionInTheEvent() throws {
        try withTemporaryDirectory { dir in
            let exports = try Self.exports(in: dir)
            let (result, package) = Self.pack("custody-unknown-action", exports, in: dir)
            try #require(result.status == 0, "\(result)")
            let root = try Fixture.untar(package, into: dir.appendingPathComponent("x"))
            let event = try JSONSerialization.jsonObject(with: Fixture.read(root.appendingPathComponent("rial/custody/000005.json"))) as? [String: Any]
            #expect(event?["action"] as? String == "NOTE")
            #expect((event?["imported"] as? [String: Any])?["app_action"] as? String == "TSA_TOKEN_RECEIVED")
        }
    }

    @Test("a garbage App Attest assertion fails instead of being present, not checked")
    func garbageAssertion() throws {
        let report = try Self.packAndVerify("assertion-garbage")
        #expect(report.has("app.assertion.malformed", subject: Self.metadata), "\(report.failures)")
    }

    @Test(
        "an ambiguous export is refused, listing what was found and what to do",
        arguments: [
            ("two-media", ["recording_1764000000.mp4", "recording_1764000099.mp4", "own folder"]),
            ("two-custody-logs", ["copy.custody_log.json", "recording_1764000000.custody_log.json", "custody log"]),
        ])
    func ambiguous(variant: String, mentions: [String]) throws {
        try withTemporaryDirectory { dir in
            let exports = try Self.exports(in: dir)
            for args in [["--plan"], ["-o", dir.appendingPathComponent("out.rialpkg").path]] {
                let result = CLI.rial(["pack", exports.appendingPathComponent(variant).path] + args, cwd: dir)
                #expect(result.status == 2, "\(result)")
                for mention in mentions { #expect(result.stderr.contains(mention), "\(mention): \(result.stderr)") }
            }
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.rialpkg").path))
        }
    }

    /// `openssl ts -verify` over the exported media and the export's first token, trusting the
    /// fixtures' test root: the outside oracle for each token case.
    static func opensslAccepts(_ variant: String, _ exports: URL, in dir: URL) throws -> Bool {
        let export = exports.appendingPathComponent(variant)
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Fixture.read(export.appendingPathComponent("recording_1764000000.manifest.json"))) as? [String: Any])
        let tokens = try #require(manifest["timestampTokens"] as? [[String: Any]])
        let text = try #require(tokens.first?["token"] as? String)
        let der = try #require(Data(base64Encoded: text))
        let token = dir.appendingPathComponent("\(variant).tsr")
        try der.write(to: token)
        let pki = exports.appendingPathComponent("pki")
        let result = CLI.run(
            [
                "openssl", "ts", "-verify", "-data", export.appendingPathComponent("recording_1764000000.mp4").path, "-in", token.path,
                "-CAfile", pki.appendingPathComponent("root-ca.pem").path, "-untrusted", pki.appendingPathComponent("tsa-chain.pem").path,
            ], cwd: dir)
        return result.status == 0
    }

    @Test(
        "the app's capture-time tokens of the fixtures: rial's verdict, with its code, and openssl ts -verify's agree",
        arguments: [
            ("flat", "app.timestamp", "pass", true), ("flat-sha512-token", "app.timestamp", "pass", true),
            ("token-other-bytes", "app.timestamp.imprint", "fail", false), ("token-untrusted", "app.timestamp", "not_checked", false),
            ("token-before-end", "app.timestamp.before-end", "fail", true),
        ])
    func tokens(variant: String, code: String, status: String, opensslVerifies: Bool) throws {
        try withTemporaryDirectory { dir in
            let exports = try Self.exports(in: dir)
            let (result, package) = Self.pack(variant, exports, in: dir)
            try #require(result.status == 0, "\(result)")
            let root = exports.appendingPathComponent("pki/root-ca.pem").path
            let report = try Self.verify(package, in: dir, options: ["--tsa-trust", root])
            #expect(report.has(code, subject: Self.manifest, status: status), "\(report.checks.filter { $0.code.hasPrefix("app.timestamp") })")
            // openssl judges signature, chain and imprint; genTime against the recording's end is rial's own rule.
            #expect(try Self.opensslAccepts(variant, exports, in: dir) == opensslVerifies)
            if status == "pass" {
                #expect(report.checks(code).first?.message.contains("captured no later than") == true)
                let text = CLI.rial(["verify", package.path, "--tsa-trust", root], cwd: dir)
                #expect(text.stdout.contains("Captured no later than") && text.stdout.contains("attested by Rial Test TSA (TEST ONLY)"), "\(text.stdout)")
            }
        }
    }

    @Test("without --tsa-trust a token is NOT CHECKED, and without a token NOT PRESENT; never PASS")
    func tokensUnjudged() throws {
        try withTemporaryDirectory { dir in
            let exports = try Self.exports(in: dir)
            for (variant, status) in [("flat", "not_checked"), ("flat-no-token", "not_present")] {
                let (result, package) = Self.pack(variant, exports, in: dir)
                try #require(result.status == 0, "\(result)")
                let report = try Self.verify(package, in: dir)
                #expect(report.has("app.timestamp", subject: Self.manifest, status: status), "\(variant): \(report.checks("app.timestamp"))")
            }
        }
    }

    @Test("the media changed after the app hashed and stamped it: digests and imprint fail, openssl agrees")
    func mediaChangedAfterStamping() throws {
        try withTemporaryDirectory { dir in
            let exports = try Self.exports(in: dir)
            let (result, package) = Self.pack("media-changed", exports, in: dir, options: ["--keep-as-received"])
            try #require(result.status == 0, "\(result)")
            let report = try Self.verify(package, in: dir, options: ["--tsa-trust", exports.appendingPathComponent("pki/root-ca.pem").path])
            #expect(report.has("app.timestamp.imprint", subject: Self.manifest), "\(report.failures)")
            #expect(report.has("app.media.sha256.mismatch", subject: Self.media))
            #expect(try !Self.opensslAccepts("media-changed", exports, in: dir))
        }
    }
}
