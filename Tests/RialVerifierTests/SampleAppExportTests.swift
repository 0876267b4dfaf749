import Foundation
import RialCrypto
import RialPackager
import RialTestSupport
import Testing
@testable import RialVerifier

/// The sample generator's capture app export (`rial sample --kind app-export`), made in
/// process: each claim in it is held against outside oracles (sha256sum, sha512sum, `openssl
/// ts -verify` with the root written beside it, ffprobe, the JSON Schemas of the app's files),
/// then packed and verified. What the commands print and their exit statuses are end-to-end
/// tests in RialCLITests' SampleAppExportTests.
@Suite("Sample app export (library)")
struct SampleAppExportTests {
    static let base = "recording_1768473001"  // seed 1: 1768473000 + 1

    /// Writes the sample to `dir/name` (root: `dir/name.tsa-root.pem`), as `rial sample -o NAME
    /// --kind app-export` does with no other option.
    static func sample(in dir: URL, name: String = "export") throws -> URL {
        var sample = SampleCapture()
        sample.kind = .appExport
        let export = dir.appendingPathComponent(name)
        try sample.write(to: export.path)
        return export
    }

    static func manifest(_ export: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: export.appendingPathComponent("\(base).manifest.json"))) as? [String: Any])
    }

    private func text(_ file: URL) throws -> String { String(decoding: try Data(contentsOf: file), as: UTF8.self) }

    @Test("the files of the app's flat export, its JSON as JSONEncoder writes it, valid against the schemas of the app's files")
    func layout() throws {
        try TemporaryDirectory.with { dir in
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
            let custody = try text(export.appendingPathComponent("\(Self.base).custody_log.json"))
            #expect(
                custody.hasPrefix("[\n  {\n    \"action\" : \"RECORDING_START\",\n    \"details\" : ") && custody.hasSuffix("}\n]"), "\(custody.prefix(120))")
            let manifestText = try text(export.appendingPathComponent("\(Self.base).manifest.json"))
            #expect(manifestText.contains("\"authority\" : \"http:\\/\\/localhost\\/rial-sample-tsa"), "\(manifestText.prefix(400))")
            for (schema, file) in [
                ("capture-app-forensic-manifest.schema.json", "manifest"), ("capture-app-custody-log.schema.json", "custody_log"),
                ("capture-app-hash-chain.schema.json", "hash_chain"), ("capture-app-video-metadata.schema.json", "metadata"),
            ] {
                let result = try OutsideOracle.validate(schema: schema, [export.appendingPathComponent("\(Self.base).\(file).json").path], cwd: dir)
                #expect(result.status == 0, "\(schema): \(result)")
            }
        }
    }

    @Test("the manifest's digests and size are the MP4's by sha256sum and sha512sum, and ffprobe reads the MP4 the metadata describes")
    func digestsAndMedia() throws {
        try TemporaryDirectory.with { dir in
            let export = try Self.sample(in: dir)
            let manifest = try Self.manifest(export)
            let media = export.appendingPathComponent("\(Self.base).mp4")
            for (tool, key) in [("sha256sum", "sha256Hash"), ("sha512sum", "sha512Hash")] {
                let line = "\(manifest[key] as? String ?? "")  \(Self.base).mp4\n"
                let checked = Subprocess.execute(["sh", "-c", "printf '%s' \"$1\" | \(try OutsideOracle.tool(tool)) -c", "sh", line], cwd: export)
                #expect(checked.status == 0 && checked.output.contains("\(Self.base).mp4: OK"), "\(tool): \(checked)")
            }
            #expect(manifest["fileSize"] as? Int == (try FileManager.default.attributesOfItem(atPath: media.path)[.size] as? Int))
            #expect(manifest["fileName"] as? String == "\(Self.base).mp4")
            let probe = Subprocess.execute(
                [
                    "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                    "stream=codec_name,width,height,nb_read_frames:format=format_name", "-of", "default=noprint_wrappers=1", media.path,
                ], cwd: dir)
            try #require(probe.status == 0, "ffprobe is installed by scripts/install-deps.sh --with-oracles: \(probe)")
            #expect(
                probe.output.contains("codec_name=h264") && probe.output.contains("width=160") && probe.output.contains("height=120")
                    && probe.output.contains("nb_read_frames=60") && probe.output.contains("mp4"), "\(probe.output)")
            let head = try Data(contentsOf: media).prefix(12)
            #expect(String(decoding: head[4..<12], as: UTF8.self) == "ftypmp42", "an MP4, as the app exports")
        }
    }

    @Test("the capture-time token verifies with openssl ts -verify against the root written beside the export, over the MP4, after the recording")
    func tokenByOpenSSL() throws {
        try TemporaryDirectory.with { dir in
            let export = try Self.sample(in: dir)
            let manifest = try Self.manifest(export)
            let tokens = try #require(manifest["timestampTokens"] as? [[String: Any]])
            #expect(tokens.count == 1)
            let der = try #require(Data(base64Encoded: tokens.first?["token"] as? String ?? ""))
            let tsr = dir.appendingPathComponent("token.tsr")
            try der.write(to: tsr)
            let openssl = try OutsideOracle.tool("openssl")
            let verified = Subprocess.execute(
                [
                    openssl, "ts", "-verify", "-data", export.appendingPathComponent("\(Self.base).mp4").path, "-in", tsr.path,
                    "-CAfile", dir.appendingPathComponent("export.tsa-root.pem").path,
                ], cwd: dir)
            #expect(verified.status == 0 && verified.output.contains("Verification: OK"), "\(verified)")
            // Over other bytes it fails: the token is the MP4's.
            let other = Subprocess.execute(
                [
                    openssl, "ts", "-verify", "-data", export.appendingPathComponent("README.txt").path, "-in", tsr.path,
                    "-CAfile", dir.appendingPathComponent("export.tsa-root.pem").path,
                ], cwd: dir)
            #expect(other.status != 0, "\(other)")
            let text = Subprocess.execute([openssl, "ts", "-reply", "-in", tsr.path, "-text"], cwd: dir)
            // Seed 1: the recording ends at 2026-01-15T10:30:03.125Z; the app asks 3 s later.
            #expect(text.output.contains("Time stamp: Jan 15 10:30:07 2026 GMT") && text.output.contains("Status: Granted."), "\(text.output)")
        }
    }

    @Test(
        "packed as it comes and verified with the root as TSA anchor: every part passes, the token attests the capture time; without the root it is not checked"
    )
    func packAndVerify() throws {
        try TemporaryDirectory.with { dir in
            let export = try Self.sample(in: dir)
            // As `rial pack export -o export.rialpkg`: no creation time given.
            let package = try LibraryFixture.pack(export, in: dir, name: "export.rialpkg") { $0.created = nil }
            let root = dir.appendingPathComponent("export.tsa-root.pem")
            let anchors = try Certificate.load(pem: Array(try Data(contentsOf: root)), source: root.path)
            let report = LibraryFixture.verify(package, policy: VerificationPolicy(timestampAnchors: anchors))
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.has("app.timestamp", subject: "data/capture/\(Self.base).manifest.json", status: .pass))
            for code in ["app.media.sha256", "app.media.sha512", "app.chain", "custody.import", "media.probe", "app.time.manifest"] {
                #expect(!report.checks(code).isEmpty && report.checks(code).allSatisfy { $0.status == .pass }, "\(code): \(report.checks(code))")
            }

            let plain = LibraryFixture.verify(package)
            #expect(
                plain.checks("app.timestamp").allSatisfy { $0.status == .notChecked } && !plain.checks("app.timestamp").isEmpty,
                "\(plain.checks("app.timestamp"))")
        }
    }

    @Test("the same options give the same bytes but for the token and its root; the root is never written over")
    func determinism() throws {
        try TemporaryDirectory.with { dir in
            let first = try Self.sample(in: dir)
            let second = try Self.sample(in: dir, name: "second")
            for relative in TemporaryDirectory.regularFiles(first) where relative != "\(Self.base).manifest.json" {
                #expect(
                    try Data(contentsOf: first.appendingPathComponent(relative)) == (try? Data(contentsOf: second.appendingPathComponent(relative))),
                    "\(relative)")
            }
            var one = try Self.manifest(first), two = try Self.manifest(second)
            one["timestampTokens"] = nil
            two["timestampTokens"] = nil
            #expect(NSDictionary(dictionary: one) == NSDictionary(dictionary: two))

            // The root beside it exists: nothing is written, and the refusal is an invalid option.
            _ = try Self.sample(in: dir, name: "third")
            var again = SampleCapture()
            again.kind = .appExport
            let clash = #expect(throws: PackagerError.self) { try again.write(to: dir.path + "/third/") }
            #expect(clash?.code == .invalidOption, "\(String(describing: clash))")
            // Refused for the root, not only for the non-empty directory: "third/" keeps its root at third.tsa-root.pem.
            #expect(SampleCapture.tsaRootPath(forExport: dir.path + "/third/") == dir.path + "/third.tsa-root.pem")
        }
    }
}
