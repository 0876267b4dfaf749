import Foundation
import Testing

/// Photo and privacy-mode captures (the hash-only payload design): `rial sample --kind`, `rial pack --privacy` and
/// `--hash-only`, the filtering levels, the privacy audit, `rial verify --media`.
@Suite("Capture metadata and privacy mode")
struct PrivacyTests {
    static let appLevels = "location=coarse,timestamp=day_only,device=model_only"
    /// Levels at which the sample video keeps its media: its movie states its creation time to
    /// the second, which timestamp=day_only withholds (MediaDisclosure refuses it).
    static let videoLevels = "location=coarse,timestamp=exact,device=model_only"

    /// Writes a sample of `kind` to `dir/name`.
    static func sample(_ kind: String, in dir: URL, name: String? = nil, seed: Int = 1, options: [String] = []) throws -> URL {
        let name = name ?? kind
        let result = CLI.rial(["sample", "--out", name, "--kind", kind, "--seed", String(seed)] + Fixture.sampleOptions + options, cwd: dir)
        try #require(result.status == 0, "rial sample failed: \(result)")
        return dir.appendingPathComponent(name)
    }

    /// The JSON object at `path` in an unpacked bag.
    static func json(_ bag: URL, _ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Fixture.read(bag.appendingPathComponent(path))) as? [String: Any], "\(path) is not an object")
    }

    @Test("rial sample makes video, photo and hash-only captures; each packs and verifies, whole and filtered")
    func sampleKindsPackAndVerify() throws {
        try withTemporaryDirectory { dir in
            for (kind, packOptions) in [
                ("video", [String]()), ("photo", []), ("hash-only", []), ("hash-only", ["--hash-only"]),
                ("photo", ["--hash-only", "--privacy", "location=precise"]), ("video", ["--privacy", Self.videoLevels]),
            ] {
                let name = "\(kind)\(packOptions.count).rialpkg"
                let capture = dir.appendingPathComponent(kind)
                if !FileManager.default.fileExists(atPath: capture.path) { _ = try Self.sample(kind, in: dir) }
                let package = try Fixture.pack(capture, in: dir, name: name, options: packOptions)
                let (result, report) = try Fixture.verifyJSON(package.path, cwd: dir)
                #expect(result.status == 0, "\(kind) \(packOptions): \(report.failures)")
                let filtered = !packOptions.isEmpty
                // A filtered export withholds the app's metadata, so its view has nothing to be compared with;
                // a hash-only one is compared with the payload rial built.
                let comparable = !filtered || packOptions.contains("--hash-only")
                #expect(
                    report.has("metadata.normalised", subject: "rial/metadata.json", status: comparable ? "pass" : "not_checked"),
                    "\(kind) \(packOptions): \(report.checks("metadata.normalised"))")
                #expect(report.has("privacy", subject: "rial/metadata.json", status: filtered ? "pass" : "not_present"), "\(kind) \(packOptions)")
                let entries = try Fixture.tarList(package)
                #expect(entries.contains { $0.hasSuffix("/rial/metadata.json") })
                #expect(entries.contains { $0.hasSuffix("/rial/hash_only_payload.json") } == packOptions.contains("--hash-only"))
                #expect(entries.contains { $0.contains("/data/media/") } == !packOptions.contains("--hash-only"), "\(kind) \(packOptions): \(entries)")
                #expect(
                    entries.contains { $0.hasSuffix("/data/capture/metadata.json") } == !filtered,
                    "the app's full metadata goes only into a package that withholds nothing")
            }
        }
    }

    @Test("every one of the 27 privacy combinations packs hash-only and filtered, holds exactly what the hash-only payload design defines, and verifies")
    func allCombinations() throws {
        try withTemporaryDirectory { dir in
            let capture = try Self.sample("hash-only", in: dir)
            let app = try Self.json(capture, "app/metadata.json")
            let capturedAt = try #require(app["captured_at"] as? String)
            let exact = capturedAt
            var count = 0  // names each combination's packages
            for location in ["none", "coarse", "precise"] {
                for time in ["none", "day_only", "exact"] {
                    for device in ["none", "model_only", "full"] {
                        let levels = "location=\(location),timestamp=\(time),device=\(device)"
                        let expectedLocation: Any =
                            [
                                "none": NSNull(), "coarse": ["city": "San Francisco", "country": "US"],
                                "precise": ["latitude": 37.7749, "longitude": -122.4194],
                            ][location] ?? NSNull()
                        let expectedTime: Any = ["none": NSNull(), "day_only": String(capturedAt.prefix(10)), "exact": exact][time] ?? NSNull()
                        let expectedDevice: Any =
                            ["none": NSNull(), "model_only": "iPhone 15 Pro", "full": "iPhone 15 Pro / iOS 17.4 / 1.2.0"][device] ?? NSNull()
                        for hashOnly in [true, false] {
                            let name = "\(count)-\(hashOnly).rialpkg"
                            // Kept at device=none, the photo's EXIF make and model are refused at pack;
                            // packed as received, the verifier fails the package for each.
                            let keeps = device == "none" && !hashOnly
                            if keeps && location == "none" && time == "none" {
                                let refused = CLI.rial(
                                    ["pack", capture.path, "-o", dir.appendingPathComponent("refused.rialpkg").path, "--privacy", levels], cwd: dir)
                                #expect(
                                    refused.status == 2 && refused.stderr.contains("Make (Apple)") && refused.stderr.contains("Model (iPhone 15 Pro)"),
                                    "\(refused)")
                            }
                            let package = try Fixture.pack(
                                capture, in: dir, name: name,
                                options: ["--privacy", levels] + (hashOnly ? ["--hash-only"] : []) + (keeps ? ["--keep-as-received"] : []))
                            let (result, report) = try Fixture.verifyJSON(package.path, cwd: dir)
                            let full = levels == "location=precise,timestamp=exact,device=full" && !hashOnly
                            // The sample photo's EXIF names the phone's make and model: a package that
                            // keeps the photo at device=none discloses them, and fails for each.
                            if device == "none" && !hashOnly {
                                #expect(result.status == 1, "\(levels): \(report.failures)")
                                let leaks = report.failures.map {
                                    "\($0.code) \($0.subject) \($0.message.contains("carries Make (Apple)") || $0.message.contains("carries Model (iPhone 15 Pro)"))"
                                }
                                #expect(
                                    leaks == Array(repeating: "privacy.media-embedded data/media/photo.jpg true", count: 2), "\(levels): \(report.failures)")
                            } else {
                                #expect(result.status == 0, "\(levels) hash-only \(hashOnly): \(report.failures)")
                                #expect(report.has("privacy", subject: "rial/metadata.json", status: full ? "not_present" : "pass"), "\(levels)")
                            }
                            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("x\(name)"))
                            let view = try Self.json(bag, "rial/metadata.json")
                            #expect(
                                NSDictionary(dictionary: view["privacy"] as? [String: String] ?? [:]) == [
                                    "location": location, "timestamp": time, "device": device,
                                ])
                            #expect(Self.same(view["location"], expectedLocation), "\(levels): \(view["location"] ?? "nil")")
                            #expect(Self.same(view["time"], expectedTime), "\(levels): \(view["time"] ?? "nil")")
                            #expect(Self.same(view["device"], expectedDevice), "\(levels): \(view["device"] ?? "nil")")
                            let files = Fixture.regularFiles(bag)
                            #expect(files.contains("data/capture/metadata.json") == full, "\(levels)")
                            #expect(files.contains("data/capture/custody_log.json") == (time == "exact" && device == "full"), "\(levels)")
                            // The app's own payload (coarse, day_only, model_only) goes in only where it discloses no more.
                            let appPayloadAllowed = location != "none" && time != "none" && device != "none"
                            #expect(files.contains("data/capture/hash_only_payload.json") == appPayloadAllowed, "\(levels)")
                            if hashOnly {
                                #expect(!files.contains { $0.hasPrefix("data/media/") || $0.hasPrefix("data/depth/") }, "\(levels): \(files)")
                                let payload = try Self.json(bag, "rial/hash_only_payload.json")
                                #expect(payload["captureMode"] as? String == "hash_only")
                                let metadata = try #require(payload["metadata"] as? [String: Any])
                                #expect(Self.same(metadata["location"], expectedLocation), "\(levels)")
                                #expect(Self.same(metadata["timestamp"], expectedTime), "\(levels)")
                                #expect(Self.same(metadata["deviceModel"], expectedDevice), "\(levels)")
                                #expect(Self.same(payload["capturedAt"], expectedTime), "\(levels)")
                                let flags = try #require(payload["metadataFlags"] as? [String: Any])
                                #expect(flags["locationLevel"] as? String == location && flags["locationIncluded"] as? Bool == (location != "none"))
                                #expect(flags["timestampLevel"] as? String == time && flags["timestampIncluded"] as? Bool == (time != "none"))
                                #expect(flags["deviceInfoLevel"] as? String == device && flags["deviceInfoIncluded"] as? Bool == (device != "none"))
                                #expect(payload["assertion"] == nil, "rial cannot make an App Attest assertion")
                                #expect(try Fixture.read(bag.appendingPathComponent("rial/hash_only_payload.json")).count < 10 * 1024)
                            } else {
                                #expect(files.contains { $0.hasPrefix("data/media/") })
                                #expect(!files.contains("rial/hash_only_payload.json"))
                            }
                        }
                        count += 1
                    }
                }
            }
        }
    }

    static func same(_ value: Any?, _ expected: Any) -> Bool {
        switch (value, expected) {
        case (is NSNull, is NSNull): return true
        case (let value as String, let expected as String): return value == expected
        case (let value as [String: Any], let expected as [String: Any]):
            return Set(value.keys) == Set(expected.keys)
                && expected.allSatisfy { key, item in
                    if let number = item as? Double { return (value[key] as? NSNumber)?.doubleValue == number }
                    return (value[key] as? String) == (item as? String)
                }
        default: return false
        }
    }
}

/// Each contradicted claim and each wrong media file is caught with its own code at the file that
/// holds it, even when every digest was rewritten to match; pack refuses what it cannot disclose.
/// The privacy leaks and the hash-only claims held against the files are in-process tests
/// (RialVerifierTests' PrivacyTests).
@Suite("Privacy leaks and media checks are caught")
struct PrivacyLeakTests {
    @Test("fields the hash-only payload design does not define are refused below full disclosure: in the payloads, the view, and at pack time")
    func unknownFields() throws {
        try withTemporaryDirectory { dir in
            let capture = try PrivacyTests.sample("hash-only", in: dir)
            let package = try Fixture.pack(capture, in: dir, options: ["--hash-only"])
            for (file, old, new, expected) in [
                (
                    "rial/hash_only_payload.json", "\"captureMode\"", "\"exif\": \"2026:01:15 10:30:01\", \"captureMode\"",
                    ["privacy.unknown-field rial/hash_only_payload.json"]
                ),
                (
                    "rial/metadata.json", "\"depthVariance\"", "\"sensorTimestamp\": \"2026-01-15T10:30:01Z\", \"depthVariance\"",
                    ["privacy.unknown-field rial/metadata.json", "metadata.normalised.mismatch rial/metadata.json"]
                ),
            ] {
                let tampered = dir.appendingPathComponent("unknown.rialpkg")
                try? FileManager.default.removeItem(at: tampered)
                try Oracle.tamper(package, ["replace-text", file, old, new, "--cover", "--relink"], output: tampered)
                let (result, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
                #expect(result.status == 1)
                #expect(Set(report.failures.map { "\($0.code) \($0.subject)" }) == Set(expected), "\(file): \(report.failures)")
            }
            // Two statements of the withheld media's hash that disagree.
            let twoHashes = dir.appendingPathComponent("two.rialpkg")
            try Oracle.tamper(
                package,
                ["json-set", "data/capture/hash_only_payload.json", "/mediaHash", "\"" + String(repeating: "ab", count: 32) + "\"", "--cover", "--relink"],
                output: twoHashes)
            let (_, twoReport) = try Fixture.verifyJSON(twoHashes.path, cwd: dir)
            #expect(
                twoReport.failures.map { "\($0.code) \($0.subject)" } == ["metadata.media-hash.mismatch data/capture/hash_only_payload.json"],
                "\(twoReport.failures)")

            // The packer keeps the app's files for what they hold, not for what they claim.
            let appPayload = capture.appendingPathComponent("app/hash_only_payload.json")
            let payloadText = try Fixture.text(appPayload)
            try Data(payloadText.replacingOccurrences(of: "\"city\":", with: "\"geo\": {\"lat\": 37.7749},\n      \"city\":").utf8).write(to: appPayload)
            let analysis = capture.appendingPathComponent("app/depth_analysis.json")
            try Data(
                try Fixture.text(analysis).replacingOccurrences(of: "\"depthVariance\"", with: "\"device\": \"iPhone 15 Pro / iOS 17.4\",\n  \"depthVariance\"")
                    .utf8
            ).write(to: analysis)
            let filtered = try Fixture.pack(
                capture, in: dir, name: "kept.rialpkg", options: ["--hash-only", "--privacy", "location=coarse,timestamp=exact,device=model_only"])
            let entries = try Fixture.tarList(filtered)
            #expect(!entries.contains { $0.hasSuffix("data/capture/hash_only_payload.json") || $0.hasSuffix("data/capture/depth_analysis.json") }, "\(entries)")
            let bag = try Fixture.untar(filtered, into: dir.appendingPathComponent("kept"))
            let leaked = CLI.run(["grep", "-r", "-l", "-e", "iOS 17.4", "-e", "37.77", "."], cwd: bag)
            #expect(leaked.status == 1 && leaked.stdout.isEmpty, "\(leaked)")
            #expect(CLI.rial(["verify", filtered.path, "--quiet"], cwd: dir).status == 0)
            // At full disclosure the analysis is kept whole, and that is no leak.
            let full = try Fixture.pack(
                capture, in: dir, name: "full.rialpkg", options: ["--hash-only", "--privacy", "location=precise,timestamp=exact,device=full"])
            let fullVerify = CLI.rial(["verify", full.path, "--quiet"], cwd: dir)
            #expect(fullVerify.status == 0, "\(fullVerify)")

            // An app payload naming other media is refused.
            try Data(payloadText.replacingOccurrences(of: "\"mediaHash\": \"", with: "\"mediaHash\": \"00").utf8).write(to: appPayload)
            let text = try Fixture.text(appPayload)
            let fixed = text.replacingOccurrences(of: #""mediaHash": "00(.{62}).."#, with: "\"mediaHash\": \"00$1", options: .regularExpression)
            try Data(fixed.utf8).write(to: appPayload)
            let refused = CLI.rial(["pack", capture.path, "-o", "refused.rialpkg", "--hash-only"], cwd: dir)
            #expect(refused.status == 2 && refused.stderr.contains("names media"), "\(refused)")
        }
    }

    @Test("two hash-only captures packed at the same time get different package ids")
    func distinctIDs() throws {
        try withTemporaryDirectory { dir in
            let one = try PrivacyTests.sample("hash-only", in: dir, name: "one")
            let two = try PrivacyTests.sample("hash-only", in: dir, name: "two", seed: 2)
            let first = try Fixture.inspectJSON(
                Fixture.pack(one, in: dir, name: "1.rialpkg", options: ["--hash-only", "--privacy", "location=none"]).path, cwd: dir)
            let second = try Fixture.inspectJSON(
                Fixture.pack(two, in: dir, name: "2.rialpkg", options: ["--hash-only", "--privacy", "location=none"]).path, cwd: dir)
            #expect(first.packageId != nil && first.packageId != second.packageId)
        }
    }

    @Test("rial verify --media: the right copy passes, another file fails, none is NOT CHECKED with the reason")
    func externalMedia() throws {
        try withTemporaryDirectory { dir in
            let capture = try PrivacyTests.sample("hash-only", in: dir)
            let other = try PrivacyTests.sample("hash-only", in: dir, name: "other", seed: 2)
            let hashOnly = try Fixture.pack(capture, in: dir, name: "ho.rialpkg", options: ["--hash-only"])
            let whole = try Fixture.pack(capture, in: dir, name: "whole.rialpkg")
            let photo = capture.appendingPathComponent("media/photo.jpg").path
            let wrong = other.appendingPathComponent("media/photo.jpg").path

            let (none, noneReport) = try Fixture.verifyJSON(hashOnly.path, cwd: dir)
            #expect(none.status == 0)
            let notChecked = try #require(noneReport.checks("media.external").first)
            #expect(notChecked.status == "not_checked" && notChecked.message.contains("--media"), "\(notChecked)")

            for package in [hashOnly, whole] {
                let right = CLI.rial(["verify", package.path, "--media", photo, "--format", "json", "--quiet"], cwd: dir)
                let rightReport = try Report.decode(right.stdout)
                #expect(right.status == 0, "\(rightReport.failures)")
                #expect(rightReport.checks("media.external").map(\.status) == ["pass"])

                let bad = CLI.rial(["verify", package.path, "--media", wrong, "--format", "json", "--quiet"], cwd: dir)
                let badReport = try Report.decode(bad.stdout)
                #expect(bad.status == 1)
                #expect(badReport.failures.map(\.code) == ["media.external.mismatch"], "\(badReport.failures)")
            }
            let missing = CLI.rial(["verify", hashOnly.path, "--media", "no-such.jpg"], cwd: dir)
            #expect(missing.status == 64 && missing.stderr.contains("--media"), "\(missing)")
        }
    }

    @Test("pack refuses what it cannot disclose truthfully, and a payload of 10 KiB or more")
    func packRefusals() throws {
        try withTemporaryDirectory { dir in
            // 10 s at 30 fps: the payload carries 300 chain hashes, beyond 10 KiB.
            let long = CLI.rial(["sample", "--out", "long", "--seconds", "10", "--width", "16", "--height", "16", "--no-frames"], cwd: dir)
            try #require(long.status == 0, "\(long)")
            let tooLarge = CLI.rial(
                ["pack", "long", "-o", "long.rialpkg", "--hash-only", "--privacy", "location=none", "--created", Fixture.created], cwd: dir)
            #expect(tooLarge.status == 2 && tooLarge.stderr.contains("pack.payload-too-large") && tooLarge.stderr.contains("10240"), "\(tooLarge)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("long.rialpkg").path))

            let photo = try PrivacyTests.sample("photo", in: dir)
            for (options, hint) in [
                (["--privacy", "location=bogus"], "location=bogus"), (["--privacy", "place=none"], "place"),
                (["--hash-only"], "--privacy"), (["--privacy", "location=none,location=coarse"], "twice"),
            ] {
                let result = CLI.rial(["pack", photo.path, "-o", "x.rialpkg"] + options, cwd: dir)
                #expect(result.status == 64 && result.stderr.contains(hint), "\(options): \(result)")
            }
            // Coarse needs the city and country the app resolved; rial never looks coordinates up.
            let metadataPath = photo.appendingPathComponent("app/metadata.json")
            var app = try #require(try JSONSerialization.jsonObject(with: Fixture.read(metadataPath)) as? [String: Any])
            app["location"] = ["lat": 37.7749, "lng": -122.4194]
            try JSONSerialization.data(withJSONObject: app).write(to: metadataPath)
            let coarse = CLI.rial(["pack", photo.path, "-o", "x.rialpkg", "--privacy", "location=coarse"], cwd: dir)
            #expect(coarse.status == 64 && coarse.stderr.contains("city and country"), "\(coarse)")
            // Unnamed dimensions are withheld: device=none, and the photo's EXIF names the phone.
            let precise = CLI.rial(["pack", photo.path, "-o", "x.rialpkg", "--privacy", "location=precise", "--quiet"], cwd: dir)
            #expect(precise.status == 2 && precise.stderr.contains("carries in its own metadata Make (Apple), which device=none withholds"), "\(precise)")
            let model = CLI.rial(["pack", photo.path, "-o", "x.rialpkg", "--privacy", "location=precise,device=model_only", "--quiet"], cwd: dir)
            #expect(model.status == 0, "\(model)")
            // The sample video's movie states its creation time to the second: refused at day_only, kept at exact.
            let video = try PrivacyTests.sample("video", in: dir)
            let dayOnly = CLI.rial(["pack", video.path, "-o", "v.rialpkg", "--privacy", PrivacyTests.appLevels, "--quiet"], cwd: dir)
            #expect(
                dayOnly.status == 2 && dayOnly.stderr.contains("creation_time (2026-01-15T10:30:01") && dayOnly.stderr.contains("timestamp=day_only withholds"),
                "\(dayOnly)")
            #expect(CLI.rial(["pack", video.path, "-o", "v.rialpkg", "--privacy", PrivacyTests.videoLevels, "--quiet"], cwd: dir).status == 0)
        }
    }
}

/// The metadata formats match their JSON Schemas, judged by Python's `jsonschema`.
@Suite("Metadata JSON Schemas")
struct MetadataSchemaTests {
    @Test("video and photo metadata, the hash-only payloads and rial/metadata.json validate; a broken payload does not")
    func samplesValidate() throws {
        try withTemporaryDirectory { dir in
            var checked = 0
            let cases: [(kind: String, pack: [String], files: [(schema: String, path: String)])] = [
                ("video", [], [("capture-app-video-metadata.schema.json", "data/capture/metadata.json"), ("metadata.schema.json", "rial/metadata.json")]),
                ("video", ["--privacy", PrivacyTests.videoLevels], [("metadata.schema.json", "rial/metadata.json")]),
                ("photo", [], [("capture-app-photo-metadata.schema.json", "data/capture/metadata.json"), ("metadata.schema.json", "rial/metadata.json")]),
                (
                    "hash-only", [],
                    [
                        ("hash-only-payload.schema.json", "data/capture/hash_only_payload.json"), ("metadata.schema.json", "rial/metadata.json"),
                        ("capture-app-photo-metadata.schema.json", "data/capture/metadata.json"),
                    ]
                ),
                (
                    "hash-only", ["--hash-only"],
                    [
                        ("hash-only-payload.schema.json", "rial/hash_only_payload.json"),
                        ("hash-only-payload.schema.json", "data/capture/hash_only_payload.json"),
                        ("metadata.schema.json", "rial/metadata.json"), ("manifest.schema.json", "rial/manifest.json"),
                    ]
                ),
                (
                    "hash-only", ["--hash-only", "--privacy", "location=precise,timestamp=exact,device=full"],
                    [("hash-only-payload.schema.json", "rial/hash_only_payload.json"), ("metadata.schema.json", "rial/metadata.json")]
                ),
                (
                    "video", ["--hash-only", "--privacy", "location=none"],
                    [("hash-only-payload.schema.json", "rial/hash_only_payload.json"), ("metadata.schema.json", "rial/metadata.json")]
                ),
            ]
            for (index, item) in cases.enumerated() {
                let capture = dir.appendingPathComponent(item.kind)
                if !FileManager.default.fileExists(atPath: capture.path) { _ = try PrivacyTests.sample(item.kind, in: dir) }
                let package = try Fixture.pack(capture, in: dir, name: "\(index).rialpkg", options: item.pack)
                let bag = try Fixture.untar(package, into: dir.appendingPathComponent("x\(index)"))
                for (schema, path) in item.files {
                    let result = try Oracle.validate(schema: schema, [path], cwd: bag)
                    #expect(result.status == 0 && result.stdout.hasPrefix("OK "), "\(item.kind) \(item.pack) \(path) against \(schema): \(result)")
                    checked += 1
                }
            }
            #expect(checked == 16)

            // The schemas can fail: a 63-digit mediaHash, an unknown key in rial's own format.
            let bag = try Fixture.untar(dir.appendingPathComponent("4.rialpkg"), into: dir.appendingPathComponent("broken"))
            let payloadURL = bag.appendingPathComponent("rial/hash_only_payload.json")
            var payload = try #require(try JSONSerialization.jsonObject(with: Fixture.read(payloadURL)) as? [String: Any])
            payload["mediaHash"] = String(repeating: "a", count: 63)
            try JSONSerialization.data(withJSONObject: payload).write(to: payloadURL)
            let viewURL = bag.appendingPathComponent("rial/metadata.json")
            var view = try #require(try JSONSerialization.jsonObject(with: Fixture.read(viewURL)) as? [String: Any])
            view["gps_trace"] = [1, 2]
            try JSONSerialization.data(withJSONObject: view).write(to: viewURL)
            for (schema, path) in [("hash-only-payload.schema.json", "rial/hash_only_payload.json"), ("metadata.schema.json", "rial/metadata.json")] {
                let result = try Oracle.validate(schema: schema, [path], cwd: bag)
                #expect(result.status != 0, "\(path) should not validate against \(schema): \(result)")
            }
        }
    }
}
