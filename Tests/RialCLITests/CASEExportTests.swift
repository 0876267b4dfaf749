import Foundation
import Testing

/// `rial inspect --format case` and `rial verify --format case`: CASE 1.5 / UCO 1.5 JSON-LD that
/// case_validate (case-utils 0.18.0) accepts with no SHACL result, IRIs that Python's own
/// `uuid.uuid5` derives alike and that two exports share byte for byte, a tampered package's
/// failure listed as a result of the verification, and nothing a privacy level withholds.
@Suite("CASE/UCO export")
struct CASEExportTests {
    /// The graph's nodes, decoded with Foundation's own JSON parser.
    static func nodes(_ text: String) throws -> [[String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object")
        return try #require(document["@graph"] as? [[String: Any]], "no @graph")
    }

    static func write(_ text: String, _ name: String, in dir: URL) throws -> URL {
        let file = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test("video, photo, hash-only, sealed and failed packages and a bag directory: case_validate finds no SHACL result", CASEOracle.trait)
    func everyKindValidates() throws {
        try withTemporaryDirectory { dir in
            let video = try Fixture.package(in: dir, name: "video.rialpkg")
            #expect(CLI.rial(["sample", "--kind", "photo", "--out", "photo"], cwd: dir).status == 0)
            let photo = try Fixture.pack(dir.appendingPathComponent("photo"), in: dir, name: "photo.rialpkg")
            #expect(CLI.rial(["sample", "--kind", "hash-only", "--out", "private"], cwd: dir).status == 0)
            let hashOnly = try Fixture.pack(dir.appendingPathComponent("private"), in: dir, name: "hash-only.rialpkg", options: ["--hash-only"])
            let sealed = dir.appendingPathComponent("sealed.rialpkg")
            try FileManager.default.copyItem(at: video, to: sealed)
            #expect(CLI.rial(["keygen", "--subject", "CN=CASE Test (TEST ONLY),O=Test Lab", "--out", "signer"], cwd: dir).status == 0)
            #expect(CLI.rial(["seal", sealed.path, "--sign-key", "signer.key", "--cert", "signer.pem", "--quiet"], cwd: dir).status == 0)
            // A signed event's actor and organisation are the certificate's CN and O.
            let signed = CLI.rial(
                [
                    "custody", "append", sealed.path, "--action", "TRANSFERRED",
                    "--location", "Evidence room 2", "--details", "handed over", "--sign-key", "signer.key", "--cert", "signer.pem", "--quiet",
                ], cwd: dir)
            #expect(signed.status == 0, "\(signed)")
            let failed = dir.appendingPathComponent("failed.rialpkg")
            try Oracle.tamper(video, ["flip-byte", "data/media/capture.mov", "100"], output: failed)

            let bag = try Fixture.untar(video, into: dir.appendingPathComponent("extracted"))
            let exports: [(String, [String], Int32)] = [
                ("video-inspect", ["inspect", video.path], 0),
                ("bag-directory", ["inspect", bag.path], 0),
                ("video", ["verify", video.path], 0),
                ("photo", ["verify", photo.path], 0),
                ("hash-only", ["verify", hashOnly.path], 0),
                ("sealed", ["verify", sealed.path, "--trust", "signer.pem"], 0),
                ("failed", ["verify", failed.path], 1),
            ]
            for (name, command, status) in exports {
                let result = CLI.rial(command + ["--format", "case"], cwd: dir)
                #expect(result.status == status, "\(name): \(result)")
                let file = try Self.write(result.stdout, "\(name).jsonld", in: dir)
                try CASEOracle.expectConforms(file, name)
                if name == "bag-directory" { #expect(result.stdout.contains("\"uco-observable:isDirectory\": true")) }
                if name == "sealed" {
                    // The signed event: its signature state on the action and on the event file.
                    let nodes = try Self.nodes(result.stdout)
                    let transfer = nodes.first { $0["uco-core:name"] as? String == "custody TRANSFERRED" }
                    #expect(
                        (transfer?["uco-core:description"] as? String)?.contains(
                            "signed, signer trusted (valid-trusted); certificate of CASE Test (TEST ONLY), Test Lab") == true, "\(transfer ?? [:])")
                    #expect(result.stdout.contains("\"uco-observable:signatureVerified\": true"))
                    #expect(result.stdout.contains("\"Evidence room 2\"") && result.stdout.contains("\"Test Lab\""))
                    let performer = (transfer?["uco-action:performer"] as? [String: Any])?["@id"] as? String
                    #expect(nodes.first { $0["@id"] as? String == performer }?["uco-core:name"] as? String == "CASE Test (TEST ONLY)")
                }
            }

            // The oracle is not a rubber stamp: a size typed as a date is a violation.
            let videoGraph = try String(contentsOf: dir.appendingPathComponent("video.jsonld"), encoding: .utf8)
            let broken = try Self.write(videoGraph.replacingOccurrences(of: "\"xsd:integer\"", with: "\"xsd:dateTime\""), "broken.jsonld", in: dir)
            #expect(try CASEOracle.validate(broken).stdout.contains("Conforms: False"))
        }
    }

    @Test("IRIs: Python's uuid.uuid5 of the package id and role; two exports are the same bytes; the package's digests are sha256sum's")
    func stableIRIs() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let first = CLI.rial(["inspect", package.path, "--format", "case"], cwd: dir)
            let second = CLI.rial(["inspect", package.path, "--format", "case"], cwd: dir)
            try #require(first.status == 0, "\(first)")
            #expect(first.stdout == second.stdout, "two exports of one package differ")
            let at = ["verify", package.path, "--format", "case", "--at", "2030-01-01T00:00:00Z", "--quiet"]
            let verified = CLI.rial(at, cwd: dir)
            #expect(verified.status == 0, "\(verified)")
            #expect(verified.stdout == CLI.rial(at, cwd: dir).stdout, "two verify exports with --at differ")

            let id = try #require(try Fixture.inspectJSON(package.path, cwd: dir).packageId)
            let python = CLI.run(
                [Oracle.pythonPath, "-c", "import sys, uuid; print(uuid.uuid5(uuid.NAMESPACE_URL, 'urn:rial:case:' + sys.argv[1] + ':package package'))", id],
                cwd: dir)
            try #require(python.status == 0, "\(python)")
            let iri = "kb:package-" + python.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let nodes = try Self.nodes(first.stdout)
            let packageNode = try #require(nodes.first { $0["@id"] as? String == iri }, "no node \(iri)")
            #expect(packageNode["uco-core:name"] as? String == id)
            // Every node's IRI ends in a UUID of version 5, and none repeats.
            let ids = nodes.compactMap { $0["@id"] as? String }
            #expect(Set(ids).count == ids.count)
            #expect(
                ids.allSatisfy {
                    $0.range(of: "^kb:[a-z-]+-[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$", options: .regularExpression) != nil
                })

            // The package file's SHA-256 is sha256sum's.
            let sum = CLI.run([try Oracle.tool("sha256sum"), package.path], cwd: dir)
            let digest = String(sum.stdout.prefix(64))
            #expect(digest.count == 64 && first.stdout.contains("\"@value\": \"\(digest)\""), "the package's SHA-256 \(digest) is not in the graph")
            // Every bag file is a node, with its size.
            let files = nodes.filter { $0["@type"] as? String == "uco-observable:File" }
            #expect(files.count == (try Fixture.tarList(package).filter { !$0.hasSuffix("/") }.count) + 1)
        }
    }

    @Test("a tampered package: verify --format case exits 1 and lists the failed finding with its subject; inspect --format case exits 1 and still writes")
    func tamperedListsFailure() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let failed = dir.appendingPathComponent("failed.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: failed)
            let result = CLI.rial(["verify", failed.path, "--format", "case", "--quiet"], cwd: dir)
            #expect(result.status == 1, "\(result)")
            let nodes = try Self.nodes(result.stdout)
            let verification = try #require(nodes.first { $0["uco-core:name"] as? String == "rial verify" })
            #expect(verification["uco-action:actionStatus"] as? String == "Fail")
            let results = Set(((verification["uco-action:result"] as? [[String: Any]]) ?? []).compactMap { $0["@id"] as? String })
            let finding = nodes.first {
                $0["@type"] as? String == "uco-core:Assertion" && $0["uco-core:name"] as? String == "bag.manifest.sha256.mismatch"
                    && ($0["uco-core:description"] as? String)?.hasPrefix("subject: data/media/capture.mov") == true
            }
            let found = try #require(finding, "no assertion for bag.manifest.sha256.mismatch on data/media/capture.mov")
            #expect(results.contains(found["@id"] as? String ?? ""), "the finding is not a result of the verification")
            #expect(found["uco-core:tag"] as? [String] == ["FAIL"])
            // Its instrument is rial, with the libraries the report names.
            let tool = try #require(nodes.first { $0["@type"] as? String == "uco-tool:Tool" && $0["uco-core:name"] as? String == "rial" })
            #expect(tool["uco-tool:version"] as? String != nil)
            #expect(result.stdout.contains("\"uco-tool:libraryName\": \"OpenSSL\"") && result.stdout.contains("\"uco-tool:libraryName\": \"libarchive\""))

            let inspected = CLI.rial(["inspect", failed.path, "--format", "case"], cwd: dir)
            #expect(inspected.status == 1, "\(inspected)")
            #expect(inspected.stderr.contains("does not verify"))
            #expect(try !Self.nodes(inspected.stdout).contains { $0["uco-core:name"] as? String == "rial verify" }, "inspect adds no verification")
        }
    }

    @Test("what the privacy levels withhold is not in the graph: no device, no coordinates, no capture instant")
    func privacyWithheld() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            let full = try Fixture.pack(capture, in: dir, name: "full.rialpkg")
            let withheld = try Fixture.pack(
                capture, in: dir, name: "private.rialpkg",
                options: ["--privacy", "location=coarse,timestamp=day_only", "--hash-only"])
            let disclosed = CLI.rial(["inspect", full.path, "--format", "case"], cwd: dir)
            try #require(disclosed.status == 0, "\(disclosed)")
            let metadata = try Fixture.text(capture.appendingPathComponent("app/metadata.json"))
            let app = try #require(try JSONSerialization.jsonObject(with: Data(metadata.utf8)) as? [String: Any])
            let model = try #require(app["device_model"] as? String)
            // The full package discloses them, so the test would see them if they leaked.
            #expect(disclosed.stdout.contains(model) && disclosed.stdout.contains("uco-observable:Device") && disclosed.stdout.contains("coordinates "))

            let result = CLI.rial(["inspect", withheld.path, "--format", "case"], cwd: dir)
            try #require(result.status == 0, "\(result)")
            #expect(!result.stdout.contains(model), "the device model leaked")
            #expect(!result.stdout.contains("uco-observable:Device"))
            #expect(!result.stdout.contains("coordinates "), "coordinates leaked")
            let capturedAt = try #require(app["started_at"] as? String ?? app["captured_at"] as? String)
            #expect(!result.stdout.contains(String(capturedAt.prefix(16))), "the capture instant leaked")
            #expect(result.stdout.contains("captured on \(capturedAt.prefix(10)) (the package discloses the day only)"))
        }
    }

    @Test(
        "--format case: one package (several, or --report FILE.html, are usage errors); --report FILE.json alongside; standard input has no file name or package digest"
    )
    func edges() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            #expect(CLI.rial(["verify", package.path, package.path, "--format", "case"], cwd: dir).status == 64)
            #expect(CLI.rial(["verify", package.path, "--format", "case", "--report", "r.html"], cwd: dir).status == 64)
            let both = CLI.rial(["verify", package.path, "--format", "case", "--report", "r.json", "--quiet"], cwd: dir)
            #expect(both.status == 0 && both.stdout.contains("\"@graph\""), "\(both)")
            #expect(try Report.decode(Fixture.text(dir.appendingPathComponent("r.json"))).verdict == "pass")

            let streamed = CLI.execute(["/bin/sh", "-c", "\(CLI.rialPath) verify - -q --format case < \(package.path)"], cwd: dir, timeLimit: 120)
            #expect(streamed.status == 0, "\(streamed)")
            let nodes = try Self.nodes(String(decoding: streamed.stdout, as: UTF8.self))
            let id = try #require(try Fixture.inspectJSON(package.path, cwd: dir).packageId)
            let packageNode = try #require(nodes.first { $0["uco-core:name"] as? String == id })
            #expect(packageNode["uco-core:hasFacet"] == nil, "a stream has no name and was not hashed as a whole")
            #expect(nodes.filter { $0["@type"] as? String == "uco-observable:File" }.count > 1, "its files are there")
        }
    }

    @Test("--examiner is the verification action's performer, a Person; the graph still conforms", CASEOracle.trait)
    func examinerPerforms() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let result = CLI.rial(["verify", package.path, "--format", "case", "--examiner", "A. Expert, Forensic Lab Ltd", "--quiet"], cwd: dir)
            #expect(result.status == 0, "\(result)")
            let nodes = try Self.nodes(result.stdout)
            let action = try #require(nodes.first { $0["uco-core:name"] as? String == "rial verify" })
            let performer = try #require((action["uco-action:performer"] as? [String: Any])?["@id"] as? String)
            let person = try #require(nodes.first { $0["@id"] as? String == performer })
            #expect(person["@type"] as? String == "uco-identity:Person")
            #expect(person["uco-core:name"] as? String == "A. Expert, Forensic Lab Ltd")
            try CASEOracle.expectConforms(try Self.write(result.stdout, "examiner.jsonld", in: dir), "with --examiner")
        }
    }
}
