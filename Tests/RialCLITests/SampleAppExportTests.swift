import Foundation
import Testing

/// `rial sample --kind app-export` writes the capture app's export as the app writes it, so
/// that the README's first commands can be tried: each claim in it is held against outside
/// oracles (sha256sum, sha512sum, `openssl ts -verify` with the root written beside it,
/// ffprobe, the JSON Schemas of the app's files), then packed and verified.
@Suite("rial sample --kind app-export")
struct SampleAppExportTests {
    static let base = "recording_1768473001"  // seed 1: 1768473000 + 1

    /// Writes the sample to `dir/export` (root: `dir/export.tsa-root.pem`).
    static func sample(in dir: URL, _ options: [String] = []) throws -> URL {
        let made = CLI.rial(["sample", "-o", "export", "--kind", "app-export"] + options, cwd: dir)
        try #require(made.status == 0, "\(made)")
        #expect(made.stdout.contains("Next: rial pack export -o export.rialpkg") && made.stdout.contains("--tsa-trust export.tsa-root.pem"), "\(made.stdout)")
        return dir.appendingPathComponent("export")
    }

    static func manifest(_ export: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: export.appendingPathComponent("\(base).manifest.json"))) as? [String: Any])
    }

    @Test("the files of the app's flat export, its JSON as JSONEncoder writes it, valid against the schemas of the app's files")
    func layout() throws {
        try withTemporaryDirectory { dir in
            let export = try Self.sample(in: dir)
            let names = try FileManager.default.contentsOfDirectory(atPath: export.path).sorted()
            #expect(
                names == [
                    "README.txt", "depth", "\(Self.base).custody_log.json", "\(Self.base).hash_chain.json", "\(Self.base).manifest.json",
                    "\(Self.base).metadata.json", "\(Self.base).mp4",
                ], "\(names)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: export.appendingPathComponent("depth").path).count == 20)
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("export.tsa-root.pem").path), "the root goes beside the export")
            // [.prettyPrinted, .sortedKeys]: two spaces, " : ", "/" escaped, no final newline.
            let custody = try Fixture.text(export.appendingPathComponent("\(Self.base).custody_log.json"))
            #expect(
                custody.hasPrefix("[\n  {\n    \"action\" : \"RECORDING_START\",\n    \"details\" : ") && custody.hasSuffix("}\n]"), "\(custody.prefix(120))")
            let manifestText = try Fixture.text(export.appendingPathComponent("\(Self.base).manifest.json"))
            #expect(manifestText.contains("\"authority\" : \"http:\\/\\/localhost\\/rial-sample-tsa"), "\(manifestText.prefix(400))")
            for (schema, file) in [
                ("capture-app-forensic-manifest.schema.json", "manifest"), ("capture-app-custody-log.schema.json", "custody_log"),
                ("capture-app-hash-chain.schema.json", "hash_chain"), ("capture-app-video-metadata.schema.json", "metadata"),
            ] {
                let result = try Oracle.validate(schema: schema, [export.appendingPathComponent("\(Self.base).\(file).json").path], cwd: dir)
                #expect(result.status == 0, "\(schema): \(result)")
            }
        }
    }

    @Test("the manifest's digests and size are the MP4's by sha256sum and sha512sum, and ffprobe reads the MP4 the metadata describes")
    func digestsAndMedia() throws {
        try withTemporaryDirectory { dir in
            let export = try Self.sample(in: dir)
            let manifest = try Self.manifest(export)
            let media = export.appendingPathComponent("\(Self.base).mp4")
            for (tool, key) in [("sha256sum", "sha256Hash"), ("sha512sum", "sha512Hash")] {
                let line = "\(manifest[key] as? String ?? "")  \(Self.base).mp4\n"
                let checked = CLI.run(["sh", "-c", "printf '%s' \"$1\" | \(try Oracle.tool(tool)) -c", "sh", line], cwd: export)
                #expect(checked.status == 0 && checked.stdout.contains("\(Self.base).mp4: OK"), "\(tool): \(checked)")
            }
            #expect(manifest["fileSize"] as? Int == (try FileManager.default.attributesOfItem(atPath: media.path)[.size] as? Int))
            #expect(manifest["fileName"] as? String == "\(Self.base).mp4")
            let probe = CLI.run(
                [
                    "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                    "stream=codec_name,width,height,nb_read_frames:format=format_name", "-of", "default=noprint_wrappers=1", media.path,
                ], cwd: dir)
            try #require(probe.status == 0, "ffprobe is installed by scripts/install-deps.sh --with-oracles: \(probe)")
            #expect(
                probe.stdout.contains("codec_name=h264") && probe.stdout.contains("width=160") && probe.stdout.contains("height=120")
                    && probe.stdout.contains("nb_read_frames=60") && probe.stdout.contains("mp4"), "\(probe.stdout)")
            let head = try Data(contentsOf: media).prefix(12)
            #expect(String(decoding: head[4..<12], as: UTF8.self) == "ftypmp42", "an MP4, as the app exports")
        }
    }

    @Test("the capture-time token verifies with openssl ts -verify against the root written beside the export, over the MP4, after the recording")
    func tokenByOpenSSL() throws {
        try withTemporaryDirectory { dir in
            let export = try Self.sample(in: dir)
            let manifest = try Self.manifest(export)
            let tokens = try #require(manifest["timestampTokens"] as? [[String: Any]])
            #expect(tokens.count == 1)
            let der = try #require(Data(base64Encoded: tokens.first?["token"] as? String ?? ""))
            let tsr = dir.appendingPathComponent("token.tsr")
            try der.write(to: tsr)
            let openssl = try Oracle.tool("openssl")
            let verified = CLI.run(
                [
                    openssl, "ts", "-verify", "-data", export.appendingPathComponent("\(Self.base).mp4").path, "-in", tsr.path,
                    "-CAfile", dir.appendingPathComponent("export.tsa-root.pem").path,
                ], cwd: dir)
            #expect(verified.status == 0 && verified.stdout.contains("Verification: OK"), "\(verified)")
            // Over other bytes it fails: the token is the MP4's.
            let other = CLI.run(
                [
                    openssl, "ts", "-verify", "-data", export.appendingPathComponent("README.txt").path, "-in", tsr.path,
                    "-CAfile", dir.appendingPathComponent("export.tsa-root.pem").path,
                ], cwd: dir)
            #expect(other.status != 0, "\(other)")
            let text = CLI.run([openssl, "ts", "-reply", "-in", tsr.path, "-text"], cwd: dir)
            // Seed 1: the recording ends at 2026-01-15T10:30:03.125Z; the app asks 3 s later.
            #expect(text.stdout.contains("Time stamp: Jan 15 10:30:07 2026 GMT") && text.stdout.contains("Status: Granted."), "\(text.stdout)")
        }
    }

    @Test("packed as it comes and verified with --tsa-trust: every part passes, the token attests the capture time; without the root it is not checked")
    func packAndVerify() throws {
        try withTemporaryDirectory { dir in
            _ = try Self.sample(in: dir)
            let packed = CLI.rial(["pack", "export", "-o", "export.rialpkg"], cwd: dir)
            try #require(packed.status == 0, "\(packed)")
            #expect(packed.stdout.contains("App digests:      the SHA-256 and SHA-512 the capture app recorded match the media"), "\(packed.stdout)")
            #expect(packed.stderr.isEmpty, "\(packed.stderr)")
            let trusted = CLI.rial(["verify", "export.rialpkg", "--tsa-trust", "export.tsa-root.pem", "--format", "json", "--quiet"], cwd: dir)
            #expect(trusted.status == 0, "\(trusted.stderr)")
            let report = try Report.decode(trusted.stdout)
            #expect(report.verdict == "pass", "\(report.failures)")
            #expect(report.has("app.timestamp", subject: "data/capture/\(Self.base).manifest.json", status: "pass"))
            for code in ["app.media.sha256", "app.media.sha512", "app.chain", "custody.import", "media.probe", "app.time.manifest"] {
                #expect(!report.checks(code).isEmpty && report.checks(code).allSatisfy { $0.status == "pass" }, "\(code): \(report.checks(code))")
            }
            let text = CLI.rial(["verify", "export.rialpkg", "--tsa-trust", "export.tsa-root.pem"], cwd: dir)
            #expect(text.stdout.contains("Provenance  PASS         captured no later than 2026-01-15T10:30:07Z"), "\(text.stdout.prefix(1200))")

            let untrusted = CLI.rial(["verify", "export.rialpkg", "--format", "json", "--quiet"], cwd: dir)
            let plain = try Report.decode(untrusted.stdout)
            #expect(
                plain.checks("app.timestamp").allSatisfy { $0.status == "not_checked" } && !plain.checks("app.timestamp").isEmpty,
                "\(plain.checks("app.timestamp"))")
        }
    }

    @Test("the same options give the same bytes but for the token and its root; the root is never written over")
    func determinism() throws {
        try withTemporaryDirectory { dir in
            let first = try Self.sample(in: dir)
            let second = dir.appendingPathComponent("second")
            try #require(CLI.rial(["sample", "-o", "second", "--kind", "app-export"], cwd: dir).status == 0)
            for relative in Fixture.regularFiles(first) where relative != "\(Self.base).manifest.json" {
                #expect(try Fixture.read(first.appendingPathComponent(relative)) == (try? Fixture.read(second.appendingPathComponent(relative))), "\(relative)")
            }
            var one = try Self.manifest(first), two = try Self.manifest(second)
            one["timestampTokens"] = nil
            two["timestampTokens"] = nil
            #expect(NSDictionary(dictionary: one) == NSDictionary(dictionary: two))

            // The root beside it exists: nothing is written, and the usage error says what to do.
            let again = CLI.rial(["sample", "-o", "third", "--kind", "app-export"], cwd: dir)
            #expect(again.status == 0)
            let clash = CLI.rial(["sample", "-o", "third/", "--kind", "app-export"], cwd: dir)
            #expect(clash.status == 64 && clash.stderr.contains("third.tsa-root.pem exists"), "\(clash)")
        }
    }
}
