import Foundation
import RialTestSupport
import Testing

/// rial's output checked by tools that share no code with it: bagit-python, coreutils'
/// sha256sum/sha512sum, and jsonschema (Tests/oracles/validate_json.py). That a bag the packer
/// writes passes bagit-python and coreutils, with complete manifests, is in-process
/// (RialPackagerTests' PackedBagOracleTests); here, what the commands write.
@Suite("Independent oracles")
struct OracleTests {
    @Test("the oracles are installed (otherwise: run make test)")
    func oraclesPresent() throws {
        _ = try Oracle.python()
        _ = try Oracle.tool("sha256sum")
        _ = try Oracle.tool("sha512sum")
        _ = try Oracle.tool("tar")
    }

    @Test("bagit-python validates a package with bag-info fields and a name beyond ASCII")
    func bagitValidatesRichPackage() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            try Data("Aussage\n".utf8).write(to: capture.appendingPathComponent("media/Zeugenaussage_Müller_東京.txt"))
            // A text file among the media is no media rial examines: packed unread (--no-examine-media).
            let package = try Fixture.pack(
                capture, in: dir,
                options: [
                    "--no-examine-media", "--case", "2026-117", "--organization", "County Lab Zürich",
                    "--info", "Contact-Name=Jane Doe",
                ])
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("x"))
            let result = try Oracle.bagitValidate(bag)
            #expect(result.status == 0, "\(result)")
            let sums = CLI.run([try Oracle.tool("sha256sum"), "--check", "--strict", "manifest-sha256.txt"], cwd: bag)
            #expect(sums.status == 0, "\(sums)")
        }
    }

    @Test("the oracles can fail: bagit-python and sha256sum reject a byte flipped after extraction")
    func oraclesCatchTampering() throws {
        try withTemporaryDirectory { dir in
            let bag = try Fixture.untar(try Fixture.package(in: dir), into: dir.appendingPathComponent("x"))
            let media = bag.appendingPathComponent("data/media/capture.mov")
            var bytes = try Fixture.read(media)
            bytes[100] ^= 0xFF
            try bytes.write(to: media)

            let bagit = try Oracle.bagitValidate(bag)
            #expect(bagit.status != 0, "\(bagit)")
            let sums = CLI.run([try Oracle.tool("sha256sum"), "--check", "--strict", "manifest-sha256.txt"], cwd: bag)
            #expect(sums.status != 0, "\(sums)")
            let rial = CLI.rial(["verify", bag.path, "--quiet"], cwd: dir)
            #expect(rial.status == 1, "\(rial)")
        }
    }

    @Test("files named in NFD keep one spelling in the tar and in the manifests")
    func decomposedName() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            // "Müller" with u + U+0308 COMBINING DIAERESIS, as macOS and many cameras spell it.
            let decomposed = "M\u{0075}\u{0308}ller.mov"
            let nameBytes = Array(decomposed.utf8)
            // The sample's real video, renamed (a text file there would rightly fail media.unsupported).
            let path = capture.appendingPathComponent("media").path + "/" + decomposed
            #expect(rename(capture.appendingPathComponent("media/capture.mov").path, path) == 0)
            let package = try Fixture.pack(capture, in: dir)
            #expect(CLI.rial(["verify", package.path, "--quiet"], cwd: dir).status == 0)

            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("x"))
            let manifest = try Fixture.read(bag.appendingPathComponent("manifest-sha256.txt"))
            let onDisk = (try FileManager.default.contentsOfDirectory(atPath: bag.appendingPathComponent("data/media").path))
            let manifestHasNFD = manifest.range(of: Data(nameBytes)) != nil
            let diskHasNFD = onDisk.contains { Array($0.utf8) == nameBytes }
            let sums = CLI.run([try Oracle.tool("sha256sum"), "--check", "--strict", "manifest-sha256.txt"], cwd: bag)
            let bagit = try Oracle.bagitValidate(bag)
            // The packer stores names in NFC (as libarchive writes tar names), so the manifests and
            // the tar entry spell the name the same way and outside tools find the file.
            #expect(manifestHasNFD == diskHasNFD, "manifest NFD: \(manifestHasNFD), tar entry NFD: \(diskHasNFD)")
            #expect(sums.status == 0, "\(sums)")
            #expect(bagit.status == 0, "\(bagit)")
        }
    }

    @Test(
        "rial's JSON files, the capture descriptor and the capture app files match their JSON Schemas",
        arguments: [
            ("manifest.schema.json", "rial/manifest.json", [String]()),
            ("chain.schema.json", "rial/chain.json", []),
            ("depth.schema.json", "rial/depth.json", []),
            ("capture.schema.json", "data/capture.json", []),
            ("capture-app-video-metadata.schema.json", "data/capture/metadata.json", []),
            ("capture-app-custody-log.schema.json", "data/capture/custody_log.json", []),
            ("capture-app-hash-chain.schema.json", "data/capture/hash_chain.json", []),
            // As a phone exports it: no frame material, so every frame's "frame" in rial/chain.json is null.
            ("manifest.schema.json", "rial/manifest.json", ["--no-frames"]),
            ("chain.schema.json", "rial/chain.json", ["--no-frames"]),
            ("capture-app-hash-chain.schema.json", "data/capture/hash_chain.json", ["--no-frames"]),
        ])
    func packageJSONValid(schema: String, file: String, sampleOptions: [String]) throws {
        try withTemporaryDirectory { dir in
            // A checkpoint every 4 of the sample's 10 frames, so checkpoints are validated too.
            let sample = CLI.rial(["sample", "--out", "capture", "--checkpoint-interval", "4"] + Fixture.sampleOptions + sampleOptions, cwd: dir)
            try #require(sample.status == 0, "rial sample failed: \(sample)")
            let package = try Fixture.pack(dir.appendingPathComponent("capture"), in: dir)
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("x"))
            if sampleOptions.contains("--no-frames") {
                #expect(!Fixture.regularFiles(bag).contains { $0.hasPrefix("data/frames/") })
            }
            let result = try Oracle.validate(schema: schema, [file], cwd: bag)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.hasPrefix("OK "), "\(result)")
        }
    }

    @Test("the capture app's export: every variant's forensic manifest and custody log match their JSON Schemas")
    func appExportJSONValid() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let files = Fixture.regularFiles(exports).filter { !$0.hasPrefix("pki/") }
            let variants = try Fixture.text(exports.appendingPathComponent("variants.tsv")).split(separator: "\n").count
            let manifests = files.filter { $0.hasSuffix(".manifest.json") }
            let logs = files.filter { $0.hasSuffix("custody_log.json") }
            // One manifest per variant; two-custody-logs holds a second log.
            #expect(manifests.count == variants, "\(manifests)")
            #expect(logs.count == variants + 1, "\(logs)")
            for (schema, checked) in [("capture-app-forensic-manifest.schema.json", manifests), ("capture-app-custody-log.schema.json", logs)] {
                let result = try Oracle.validate(schema: schema, checked, cwd: exports)
                #expect(result.status == 0, "\(schema): \(result)")
                #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("OK ") }.count == checked.count, "\(schema): \(result)")
            }
        }
    }

    @Test("the forensic manifest's schema can fail, and agrees with rial: an upper-case digest or a missing sha512Hash is rejected by both")
    func forensicManifestSchemaCanFail() throws {
        try withTemporaryDirectory { dir in
            let exports = try AppExportFiles.exports(in: dir)
            let name = "recording_1764000000.manifest.json"
            let good = try #require(try JSONSerialization.jsonObject(with: Fixture.read(exports.appendingPathComponent("flat/\(name)"))) as? [String: Any])
            let sha256 = try #require(good["sha256Hash"] as? String)
            var upper = good
            upper["sha256Hash"] = sha256.uppercased()
            var short = good
            short.removeValue(forKey: "sha512Hash")
            for (label, manifest) in [("upper-case", upper), ("no-sha512", short)] {
                let file = dir.appendingPathComponent("\(label).json")
                try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]).write(to: file)
                let result = try Oracle.validate(schema: "capture-app-forensic-manifest.schema.json", [file.path], cwd: dir)
                #expect(result.status == 1, "\(label): \(result)")
                // rial's reader draws the same line: the export is refused (schema/SPEC.md §2.1, refusal 15).
                let export = exports.appendingPathComponent("flat-\(label)")
                try FileManager.default.copyItem(at: exports.appendingPathComponent("flat"), to: export)
                try FileManager.default.removeItem(at: export.appendingPathComponent(name))
                try FileManager.default.copyItem(at: file, to: export.appendingPathComponent(name))
                let pack = CLI.rial(["pack", export.path, "-o", dir.appendingPathComponent("\(label).rialpkg").path, "--quiet"], cwd: dir)
                #expect(pack.status == 2, "\(label): \(pack)")
                #expect(pack.stderr.contains("pack.invalid-capture"), "\(label): \(pack)")
            }
        }
    }

    @Test("verification reports match report.schema.json: pass, fail, error, several at once, a bag, extract's")
    func reportsValid() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["truncate", "data/depth/depth_000004.f32", "10"], output: tampered)
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("x"))
            let notPackage = dir.appendingPathComponent("hostname")
            try Data("evidence-host\n".utf8).write(to: notPackage)

            let runs: [(name: String, args: [String], status: Int32, verdict: String?)] = [
                ("pass.json", [package.path], 0, "pass"),
                ("fail.json", [tampered.path], 1, "fail"),
                ("error.json", [notPackage.path], 2, "error"),
                ("bag.json", [bag.path], 0, "pass"),
                ("several.json", [package.path, tampered.path, notPackage.path], 1, nil),
            ]
            for run in runs {
                let result = CLI.rial(["verify"] + run.args + ["--format", "json", "--quiet"], cwd: dir)
                #expect(result.status == run.status, "\(run.name): \(result)")
                try Data(result.stdout.utf8).write(to: dir.appendingPathComponent(run.name))
                if let verdict = run.verdict {
                    #expect((try? Report.decode(result.stdout))?.verdict == verdict, "\(run.name)")
                } else {
                    #expect((try? Report.decodeList(result.stdout))?.map(\.verdict) == ["pass", "fail", "error"], "\(run.name)")
                }
            }
            let extract = CLI.rial(["extract", package.lastPathComponent, "-o", "out", "--quiet"], cwd: dir)
            try #require(extract.status == 0, "\(extract)")
            let extractReport = try #require(Fixture.listing(dir.appendingPathComponent("out")).first { $0.hasSuffix(".verification.json") })

            let files = runs.map(\.name) + ["out/" + extractReport]
            let result = try Oracle.validate(schema: "report.schema.json", files, cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("OK ") }.count == files.count, "\(result)")
        }
    }

    @Test("the schema oracle can fail: a manifest with an upper-case digest is rejected")
    func schemaOracleCanFail() throws {
        try withTemporaryDirectory { dir in
            let bag = try Fixture.untar(try Fixture.package(in: dir), into: dir.appendingPathComponent("x"))
            let manifest = try Fixture.text(bag.appendingPathComponent("rial/manifest.json"))
            let context = try TamperContext(package: dir.appendingPathComponent("case.rialpkg"), scratch: dir.appendingPathComponent("y"))
            let digest = context.expand("{sha256:data/media/capture.mov}")
            try #require(manifest.contains(digest))
            try Data(manifest.replacingOccurrences(of: digest, with: digest.uppercased()).utf8)
                .write(to: dir.appendingPathComponent("bad-manifest.json"))
            let result = try Oracle.validate(schema: "manifest.schema.json", ["bad-manifest.json"], cwd: dir)
            #expect(result.status == 1, "\(result)")
        }
    }
}
