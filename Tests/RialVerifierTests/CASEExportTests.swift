import Foundation
import Testing
import RialFormat
import RialPackager
import RialTestSupport
@testable import RialReport
@testable import RialVerifier

/// The CASE/UCO export made in-process as `rial inspect --format case` (no verification action)
/// and `rial verify --format case` make it: CASE 1.5 / UCO 1.5 JSON-LD that case_validate
/// (case-utils 0.18.0) accepts with no SHACL result, IRIs that Python's own `uuid.uuid5` derives
/// alike and that two exports share byte for byte, a tampered package's failure listed as a
/// result of the verification, and nothing a privacy level withholds. A sealed package with a
/// signed custody event, the exit statuses, standard error and the options stay end to end
/// (RialCLITests' CASEExportTests).
@Suite("CASE/UCO export (library)")
struct CASEExportTests {
    /// The graph as `rial verify PATH --format case` (`includesVerification`) or `rial inspect
    /// PATH --format case` writes it, and the report whose verdict is the exit status.
    static func graph(
        _ path: URL, includesVerification: Bool, _ configure: (inout VerificationPolicy) -> Void = { _ in }
    ) throws -> (text: String, report: VerificationReport) {
        var policy = VerificationPolicy()
        configure(&policy)
        let export = try Verifier(policy: policy).caseExport(for: path.path)
        let bytes = try #require(try CASERenderer.bytes(export, includesVerification: includesVerification), "no graph: no package id")
        return (String(decoding: bytes, as: UTF8.self), export.report)
    }

    /// `rial sample --kind KIND --out NAME`: the sample's own sizes.
    static func sample(_ kind: SampleCapture.Kind, in dir: URL, name: String) throws -> URL {
        var sample = SampleCapture()
        sample.kind = kind
        let capture = dir.appendingPathComponent(name)
        try sample.write(to: capture.path)
        return capture
    }

    /// What `rial inspect` lists as the package's id.
    static func packageID(_ package: URL) throws -> String {
        try #require(try PackageInspector().inspect(path: package.path).objectValue?["package_id"]?.stringValue)
    }

    @Test("video, photo, hash-only and failed packages and a bag directory: case_validate finds no SHACL result", CASEOracle.trait)
    func everyKindValidates() throws {
        try TemporaryDirectory.with { dir in
            let video = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir, name: "video.rialpkg")
            let photo = try LibraryFixture.pack(Self.sample(.photo, in: dir, name: "photo"), in: dir, name: "photo.rialpkg")
            let hashOnly = try LibraryFixture.pack(Self.sample(.hashOnly, in: dir, name: "private"), in: dir, name: "hash-only.rialpkg") { $0.hashOnly = true }
            let failed = dir.appendingPathComponent("failed.rialpkg")
            try OutsideOracle.tamper(video, ["flip-byte", "data/media/capture.mov", "100"], output: failed)

            let bag = try OutsideOracle.untar(video, into: dir.appendingPathComponent("extracted"))
            let exports: [(String, URL, Bool, VerificationReport.Verdict)] = [
                ("video-inspect", video, false, .pass),
                ("bag-directory", bag, false, .pass),
                ("video", video, true, .pass),
                ("photo", photo, true, .pass),
                ("hash-only", hashOnly, true, .pass),
                ("failed", failed, true, .fail),
            ]
            for (name, path, includesVerification, verdict) in exports {
                let (text, report) = try Self.graph(path, includesVerification: includesVerification)
                #expect(report.verdict == verdict, "\(name): \(report.failures)")
                let file = try CASEOracle.write(text, "\(name).jsonld", in: dir)
                try CASEOracle.expectConforms(file, name)
                if name == "bag-directory" { #expect(text.contains("\"uco-observable:isDirectory\": true")) }
            }

            // The oracle is not a rubber stamp: a size typed as a date is a violation.
            let videoGraph = try String(contentsOf: dir.appendingPathComponent("video.jsonld"), encoding: .utf8)
            let broken = try CASEOracle.write(videoGraph.replacingOccurrences(of: "\"xsd:integer\"", with: "\"xsd:dateTime\""), "broken.jsonld", in: dir)
            #expect(try CASEOracle.validate(broken).output.contains("Conforms: False"))
        }
    }

    @Test("IRIs: Python's uuid.uuid5 of the package id and role; two exports are the same bytes; the package's digests are sha256sum's")
    func stableIRIs() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let (first, report) = try Self.graph(package, includesVerification: false)
            let (second, _) = try Self.graph(package, includesVerification: false)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(first == second, "two exports of one package differ")
            // `--at 2030-01-01T00:00:00Z`: the stated time makes two verifications the same bytes.
            let at = try Timestamp(rfc3339: "2030-01-01T00:00:00Z")
            let (verified, verifiedReport) = try Self.graph(package, includesVerification: true) { $0.statedTime = at }
            #expect(verifiedReport.verdict == .pass, "\(verifiedReport.failures)")
            #expect(verified == (try Self.graph(package, includesVerification: true) { $0.statedTime = at }).text, "two verify exports with --at differ")

            let id = try Self.packageID(package)
            let python = Subprocess.execute(
                [
                    OutsideOracle.pythonPath, "-c",
                    "import sys, uuid; print(uuid.uuid5(uuid.NAMESPACE_URL, 'urn:rial:case:' + sys.argv[1] + ':package package'))",
                    id,
                ], cwd: dir)
            try #require(python.status == 0, "\(python)")
            let iri = "kb:package-" + python.output.trimmingCharacters(in: .whitespacesAndNewlines)
            let nodes = try CASEOracle.graphNodes(first)
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
            let sum = Subprocess.execute([try OutsideOracle.tool("sha256sum"), package.path], cwd: dir)
            let digest = String(sum.output.prefix(64))
            #expect(digest.count == 64 && first.contains("\"@value\": \"\(digest)\""), "the package's SHA-256 \(digest) is not in the graph")
            // Every bag file is a node, with its size.
            let files = nodes.filter { $0["@type"] as? String == "uco-observable:File" }
            #expect(files.count == (try OutsideOracle.tarList(package).filter { !$0.hasSuffix("/") }.count) + 1)
        }
    }

    @Test("a tampered package: the verification lists the failed finding with its subject; the inspection still writes, without a verification")
    func tamperedListsFailure() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let failed = dir.appendingPathComponent("failed.rialpkg")
            try OutsideOracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: failed)
            let (text, report) = try Self.graph(failed, includesVerification: true)
            #expect(report.verdict == .fail)
            let nodes = try CASEOracle.graphNodes(text)
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
            #expect(text.contains("\"uco-tool:libraryName\": \"OpenSSL\"") && text.contains("\"uco-tool:libraryName\": \"libarchive\""))

            let (inspected, inspectedReport) = try Self.graph(failed, includesVerification: false)
            #expect(inspectedReport.verdict == .fail)
            #expect(try !CASEOracle.graphNodes(inspected).contains { $0["uco-core:name"] as? String == "rial verify" }, "inspect adds no verification")
        }
    }

    @Test("what the privacy levels withhold is not in the graph: no device, no coordinates, no capture instant")
    func privacyWithheld() throws {
        try TemporaryDirectory.with { dir in
            let capture = try LibraryFixture.sample(in: dir)
            let full = try LibraryFixture.pack(capture, in: dir, name: "full.rialpkg")
            let withheld = try LibraryFixture.pack(capture, in: dir, name: "private.rialpkg") { options in
                options.privacy = try PrivacyLevels(parsing: "location=coarse,timestamp=day_only")
                options.hashOnly = true
            }
            let (disclosed, disclosedReport) = try Self.graph(full, includesVerification: false)
            #expect(disclosedReport.verdict == .pass, "\(disclosedReport.failures)")
            let metadata = try Data(contentsOf: capture.appendingPathComponent("app/metadata.json"))
            let app = try #require(try JSONSerialization.jsonObject(with: metadata) as? [String: Any])
            let model = try #require(app["device_model"] as? String)
            // The full package discloses them, so the test would see them if they leaked.
            #expect(disclosed.contains(model) && disclosed.contains("uco-observable:Device") && disclosed.contains("coordinates "))

            let (text, report) = try Self.graph(withheld, includesVerification: false)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(!text.contains(model), "the device model leaked")
            #expect(!text.contains("uco-observable:Device"))
            #expect(!text.contains("coordinates "), "coordinates leaked")
            let capturedAt = try #require(app["started_at"] as? String ?? app["captured_at"] as? String)
            #expect(!text.contains(String(capturedAt.prefix(16))), "the capture instant leaked")
            #expect(text.contains("captured on \(capturedAt.prefix(10)) (the package discloses the day only)"))
        }
    }

    @Test("an examiner is the verification action's performer, a Person; the graph still conforms", CASEOracle.trait)
    func examinerPerforms() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            // `--examiner NAME`: the host is this machine's.
            let (text, report) = try Self.graph(package, includesVerification: true) {
                $0.examiner = Examiner(name: "A. Expert, Forensic Lab Ltd", host: ProcessInfo.processInfo.hostName)
            }
            #expect(report.verdict == .pass, "\(report.failures)")
            let nodes = try CASEOracle.graphNodes(text)
            let action = try #require(nodes.first { $0["uco-core:name"] as? String == "rial verify" })
            let performer = try #require((action["uco-action:performer"] as? [String: Any])?["@id"] as? String)
            let person = try #require(nodes.first { $0["@id"] as? String == performer })
            #expect(person["@type"] as? String == "uco-identity:Person")
            #expect(person["uco-core:name"] as? String == "A. Expert, Forensic Lab Ltd")
            try CASEOracle.expectConforms(try CASEOracle.write(text, "examiner.jsonld", in: dir), "with an examiner")
        }
    }
}
