import Foundation
import Testing
import RialFormat
import RialPackager
import RialTestSupport
@testable import RialVerifier

/// Photo and privacy-mode captures (the hash-only payload design), made, packed and verified
/// in-process: the sample kinds, `--privacy` and `--hash-only` (``PackageOptions/privacy``,
/// ``PackageOptions/hashOnly``), the filtering levels, the privacy audit, `--media`
/// (``VerificationPolicy/externalMedia``). tar, grep and jsonschema are the outside oracles.
/// pack's usage errors (exit 64) stay end to end (RialCLITests' PrivacyTests).
@Suite("Capture metadata and privacy mode (library)")
struct PrivacyModeTests {
    static let appLevels = "location=coarse,timestamp=day_only,device=model_only"
    /// Levels at which the sample video keeps its media: its movie states its creation time to
    /// the second, which timestamp=day_only withholds (MediaDisclosure refuses it).
    static let videoLevels = "location=coarse,timestamp=exact,device=model_only"

    /// Writes a sample of `kind` to `dir/name`, as `rial sample --kind KIND` with the CLI tests'
    /// small sizes does.
    static func sample(_ kind: String, in dir: URL, name: String? = nil, seed: UInt64 = 1) throws -> URL {
        try LibraryFixture.sample(in: dir, name: name ?? kind, seed: seed, kind: try #require(SampleCapture.Kind(rawValue: kind)))
    }

    /// Packs `capture` into `dir/name` as `rial pack --created …` does, at `privacy` (or whole),
    /// `hashOnly`, and as received with `keepAsReceived`.
    static func pack(
        _ capture: URL, in dir: URL, name: String = "case.rialpkg", privacy: String? = nil, hashOnly: Bool = false, keepAsReceived: Bool = false
    ) throws -> URL {
        try LibraryFixture.pack(capture, in: dir, name: name) { options in
            options.privacy = try privacy.map { try PrivacyLevels(parsing: $0) }
            options.hashOnly = hashOnly
            options.keepAsReceived = keepAsReceived
        }
    }

    /// The JSON object at `path` in an unpacked bag.
    static func json(_ bag: URL, _ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: bag.appendingPathComponent(path))) as? [String: Any], "\(path) is not an object")
    }

    @Test("rial sample makes video, photo and hash-only captures; each packs and verifies, whole and filtered")
    func sampleKindsPackAndVerify() throws {
        try TemporaryDirectory.with { dir in
            // kind, --privacy, --hash-only (the CLI test's pack options, counted to name the package).
            for (kind, privacy, hashOnly, optionCount) in [
                ("video", nil, false, 0), ("photo", nil, false, 0), ("hash-only", nil, false, 0), ("hash-only", nil, true, 1),
                ("photo", "location=precise", true, 3), ("video", Self.videoLevels, false, 2),
            ] as [(String, String?, Bool, Int)] {
                let name = "\(kind)\(optionCount).rialpkg"
                let capture = dir.appendingPathComponent(kind)
                if !FileManager.default.fileExists(atPath: capture.path) { _ = try Self.sample(kind, in: dir) }
                let package = try Self.pack(capture, in: dir, name: name, privacy: privacy, hashOnly: hashOnly)
                let report = LibraryFixture.verify(package)
                let packOptions = "\(privacy ?? "whole")\(hashOnly ? " hash-only" : "")"
                #expect(report.verdict == .pass, "\(kind) \(packOptions): \(report.failures)")
                let filtered = privacy != nil || hashOnly
                // A filtered export withholds the app's metadata, so its view has nothing to be compared with;
                // a hash-only one is compared with the payload rial built.
                let comparable = !filtered || hashOnly
                #expect(
                    report.has("metadata.normalised", subject: "rial/metadata.json", status: comparable ? .pass : .notChecked),
                    "\(kind) \(packOptions): \(report.checks("metadata.normalised"))")
                #expect(report.has("privacy", subject: "rial/metadata.json", status: filtered ? .pass : .notPresent), "\(kind) \(packOptions)")
                let entries = try OutsideOracle.tarList(package)
                #expect(entries.contains { $0.hasSuffix("/rial/metadata.json") })
                #expect(entries.contains { $0.hasSuffix("/rial/hash_only_payload.json") } == hashOnly)
                #expect(entries.contains { $0.contains("/data/media/") } == !hashOnly, "\(kind) \(packOptions): \(entries)")
                #expect(
                    entries.contains { $0.hasSuffix("/data/capture/metadata.json") } == !filtered,
                    "the app's full metadata goes only into a package that withholds nothing")
            }
        }
    }

    @Test("every one of the 27 privacy combinations packs hash-only and filtered, holds exactly what the hash-only payload design defines, and verifies")
    func allCombinations() throws {
        try TemporaryDirectory.with { dir in
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
                                let refused = try AppExportFixture.refusal(capture, in: dir) { options in
                                    options.output = dir.appendingPathComponent("refused.rialpkg").path
                                    options.privacy = try PrivacyLevels(parsing: levels)
                                }
                                let said = refused?.conciseDescription ?? ""
                                #expect(
                                    refused?.code != .invalidOption && said.contains("Make (Apple)") && said.contains("Model (iPhone 15 Pro)"),
                                    "\(String(describing: refused))")
                            }
                            let package = try Self.pack(capture, in: dir, name: name, privacy: levels, hashOnly: hashOnly, keepAsReceived: keeps)
                            let report = LibraryFixture.verify(package)
                            let full = levels == "location=precise,timestamp=exact,device=full" && !hashOnly
                            // The sample photo's EXIF names the phone's make and model: a package that
                            // keeps the photo at device=none discloses them, and fails for each.
                            if device == "none" && !hashOnly {
                                #expect(report.verdict == .fail, "\(levels): \(report.failures)")
                                let leaks = report.failures.map {
                                    "\($0.code) \($0.subject) \($0.message.contains("carries Make (Apple)") || $0.message.contains("carries Model (iPhone 15 Pro)"))"
                                }
                                #expect(
                                    leaks == Array(repeating: "privacy.media-embedded data/media/photo.jpg true", count: 2), "\(levels): \(report.failures)")
                            } else {
                                #expect(report.verdict == .pass, "\(levels) hash-only \(hashOnly): \(report.failures)")
                                #expect(report.has("privacy", subject: "rial/metadata.json", status: full ? .notPresent : .pass), "\(levels)")
                            }
                            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("x\(name)"))
                            let view = try Self.json(bag, "rial/metadata.json")
                            #expect(
                                NSDictionary(dictionary: view["privacy"] as? [String: String] ?? [:]) == [
                                    "location": location, "timestamp": time, "device": device,
                                ])
                            #expect(Self.same(view["location"], expectedLocation), "\(levels): \(view["location"] ?? "nil")")
                            #expect(Self.same(view["time"], expectedTime), "\(levels): \(view["time"] ?? "nil")")
                            #expect(Self.same(view["device"], expectedDevice), "\(levels): \(view["device"] ?? "nil")")
                            let files = TemporaryDirectory.regularFiles(bag)
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
                                #expect(try Data(contentsOf: bag.appendingPathComponent("rial/hash_only_payload.json")).count < 10 * 1024)
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
/// In-process, beside the privacy leaks and the hash-only claims of PrivacyTests.
@Suite("Privacy leaks and media checks are caught (library)")
struct PrivacyLeakTests {
    @Test("fields the hash-only payload design does not define are refused below full disclosure: in the payloads, the view, and at pack time")
    func unknownFields() throws {
        try TemporaryDirectory.with { dir in
            let capture = try PrivacyModeTests.sample("hash-only", in: dir)
            let package = try PrivacyModeTests.pack(capture, in: dir, hashOnly: true)
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
                try OutsideOracle.tamper(package, ["replace-text", file, old, new, "--cover", "--relink"], output: tampered)
                let report = LibraryFixture.verify(tampered)
                #expect(report.verdict == .fail)
                #expect(Set(report.failures.map { "\($0.code.rawValue) \($0.subject)" }) == Set(expected), "\(file): \(report.failures)")
            }
            // Two statements of the withheld media's hash that disagree.
            let twoHashes = dir.appendingPathComponent("two.rialpkg")
            try OutsideOracle.tamper(
                package,
                ["json-set", "data/capture/hash_only_payload.json", "/mediaHash", "\"" + String(repeating: "ab", count: 32) + "\"", "--cover", "--relink"],
                output: twoHashes)
            let twoReport = LibraryFixture.verify(twoHashes)
            #expect(
                twoReport.failures.map { "\($0.code.rawValue) \($0.subject)" } == ["metadata.media-hash.mismatch data/capture/hash_only_payload.json"],
                "\(twoReport.failures)")

            // The packer keeps the app's files for what they hold, not for what they claim.
            let appPayload = capture.appendingPathComponent("app/hash_only_payload.json")
            let payloadText = String(decoding: try Data(contentsOf: appPayload), as: UTF8.self)
            try Data(payloadText.replacingOccurrences(of: "\"city\":", with: "\"geo\": {\"lat\": 37.7749},\n      \"city\":").utf8).write(to: appPayload)
            let analysis = capture.appendingPathComponent("app/depth_analysis.json")
            try Data(
                String(decoding: try Data(contentsOf: analysis), as: UTF8.self).replacingOccurrences(
                    of: "\"depthVariance\"", with: "\"device\": \"iPhone 15 Pro / iOS 17.4\",\n  \"depthVariance\""
                )
                .utf8
            ).write(to: analysis)
            let filtered = try PrivacyModeTests.pack(
                capture, in: dir, name: "kept.rialpkg", privacy: "location=coarse,timestamp=exact,device=model_only", hashOnly: true)
            let entries = try OutsideOracle.tarList(filtered)
            #expect(!entries.contains { $0.hasSuffix("data/capture/hash_only_payload.json") || $0.hasSuffix("data/capture/depth_analysis.json") }, "\(entries)")
            let bag = try OutsideOracle.untar(filtered, into: dir.appendingPathComponent("kept"))
            let leaked = Subprocess.execute(["grep", "-r", "-l", "-e", "iOS 17.4", "-e", "37.77", "."], cwd: bag)
            #expect(leaked.status == 1 && leaked.stdout.isEmpty, "\(leaked)")
            #expect(LibraryFixture.verify(filtered).verdict == .pass)
            // At full disclosure the analysis is kept whole, and that is no leak.
            let full = try PrivacyModeTests.pack(
                capture, in: dir, name: "full.rialpkg", privacy: "location=precise,timestamp=exact,device=full", hashOnly: true)
            let fullVerify = LibraryFixture.verify(full)
            #expect(fullVerify.verdict == .pass, "\(fullVerify.failures)")

            // An app payload naming other media is refused.
            try Data(payloadText.replacingOccurrences(of: "\"mediaHash\": \"", with: "\"mediaHash\": \"00").utf8).write(to: appPayload)
            let text = String(decoding: try Data(contentsOf: appPayload), as: UTF8.self)
            let fixed = text.replacingOccurrences(of: #""mediaHash": "00(.{62}).."#, with: "\"mediaHash\": \"00$1", options: .regularExpression)
            try Data(fixed.utf8).write(to: appPayload)
            let refused = try AppExportFixture.refusal(capture, in: dir) { options in
                options.output = dir.appendingPathComponent("refused.rialpkg").path
                options.hashOnly = true
            }
            #expect(refused?.code != .invalidOption && refused?.conciseDescription.contains("names media") == true, "\(String(describing: refused))")
        }
    }

    @Test("two hash-only captures packed at the same time get different package ids")
    func distinctIDs() throws {
        try TemporaryDirectory.with { dir in
            let one = try PrivacyModeTests.sample("hash-only", in: dir, name: "one")
            let two = try PrivacyModeTests.sample("hash-only", in: dir, name: "two", seed: 2)
            // What `rial inspect` lists as each package's id.
            func packageID(_ package: URL) throws -> String? {
                try PackageInspector().inspect(path: package.path).objectValue?["package_id"]?.stringValue
            }
            let first = try packageID(PrivacyModeTests.pack(one, in: dir, name: "1.rialpkg", privacy: "location=none", hashOnly: true))
            let second = try packageID(PrivacyModeTests.pack(two, in: dir, name: "2.rialpkg", privacy: "location=none", hashOnly: true))
            #expect(first != nil && first != second)
        }
    }

    @Test("--media: the right copy passes, another file fails, none is NOT CHECKED with the reason")
    func externalMedia() throws {
        try TemporaryDirectory.with { dir in
            let capture = try PrivacyModeTests.sample("hash-only", in: dir)
            let other = try PrivacyModeTests.sample("hash-only", in: dir, name: "other", seed: 2)
            let hashOnly = try PrivacyModeTests.pack(capture, in: dir, name: "ho.rialpkg", hashOnly: true)
            let whole = try PrivacyModeTests.pack(capture, in: dir, name: "whole.rialpkg")
            let photo = capture.appendingPathComponent("media/photo.jpg").path
            let wrong = other.appendingPathComponent("media/photo.jpg").path

            let noneReport = LibraryFixture.verify(hashOnly)
            #expect(noneReport.verdict == .pass)
            let notChecked = try #require(noneReport.checks("media.external").first)
            #expect(notChecked.status == .notChecked && notChecked.message.contains("--media"), "\(notChecked)")

            for package in [hashOnly, whole] {
                let rightReport = LibraryFixture.verify(package) { $0.externalMedia = photo }
                #expect(rightReport.verdict == .pass, "\(rightReport.failures)")
                #expect(rightReport.checks("media.external").map(\.status) == [.pass])

                let badReport = LibraryFixture.verify(package) { $0.externalMedia = wrong }
                #expect(badReport.verdict == .fail)
                #expect(badReport.failures.map(\.code.rawValue) == ["media.external.mismatch"], "\(badReport.failures)")
            }
        }
    }
    @Test("pack refuses what it cannot disclose truthfully, and a payload of 10 KiB or more")
    func packRefusals() throws {
        try TemporaryDirectory.with { dir in
            // 10 s at 30 fps: the payload carries 300 chain hashes, beyond 10 KiB.
            var sample = SampleCapture()
            sample.seconds = 10
            sample.width = 16
            sample.height = 16
            sample.includesFrames = false
            let long = dir.appendingPathComponent("long")
            try sample.write(to: long.path)
            let tooLarge = try #require(
                try AppExportFixture.refusal(long, in: dir) { options in
                    options.hashOnly = true
                    options.privacy = try PrivacyLevels(parsing: "location=none")
                    options.created = try Timestamp(rfc3339: LibraryFixture.created)
                })
            #expect(
                tooLarge.code == .payloadTooLarge && tooLarge.conciseDescription.contains("pack.payload-too-large")
                    && tooLarge.conciseDescription.contains("10240"), "\(tooLarge)")

            let photo = try PrivacyModeTests.sample("photo", in: dir)
            // Coarse needs the city and country the app resolved; rial never looks coordinates up.
            let metadataPath = photo.appendingPathComponent("app/metadata.json")
            var app = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: metadataPath)) as? [String: Any])
            app["location"] = ["lat": 37.7749, "lng": -122.4194]
            try JSONSerialization.data(withJSONObject: app).write(to: metadataPath)
            let coarse = try #require(try AppExportFixture.refusal(photo, in: dir) { $0.privacy = try PrivacyLevels(parsing: "location=coarse") })
            #expect(coarse.code == .invalidOption && coarse.conciseDescription.contains("city and country"), "\(coarse)")
            // Unnamed dimensions are withheld: device=none, and the photo's EXIF names the phone.
            let precise = try #require(try AppExportFixture.refusal(photo, in: dir) { $0.privacy = try PrivacyLevels(parsing: "location=precise") })
            #expect(
                precise.code != .invalidOption && precise.conciseDescription.contains("carries in its own metadata Make (Apple), which device=none withholds"),
                "\(precise)")
            _ = try PrivacyModeTests.pack(photo, in: dir, name: "x.rialpkg", privacy: "location=precise,device=model_only")
            // The sample video's movie states its creation time to the second: refused at day_only, kept at exact.
            let video = try PrivacyModeTests.sample("video", in: dir)
            let dayOnly = try #require(try AppExportFixture.refusal(video, in: dir) { $0.privacy = try PrivacyLevels(parsing: PrivacyModeTests.appLevels) })
            let said = dayOnly.conciseDescription
            #expect(
                dayOnly.code != .invalidOption && said.contains("creation_time (2026-01-15T10:30:01") && said.contains("timestamp=day_only withholds"),
                "\(dayOnly)")
            _ = try PrivacyModeTests.pack(video, in: dir, name: "v.rialpkg", privacy: PrivacyModeTests.videoLevels)
        }
    }
}

/// The metadata formats, packed in-process, match their JSON Schemas, judged by Python's `jsonschema`.
@Suite("Metadata JSON Schemas (library)")
struct MetadataSchemaTests {
    @Test("video and photo metadata, the hash-only payloads and rial/metadata.json validate; a broken payload does not")
    func samplesValidate() throws {
        try TemporaryDirectory.with { dir in
            var checked = 0
            let cases: [(kind: String, pack: (privacy: String?, hashOnly: Bool), files: [(schema: String, path: String)])] = [
                (
                    "video", (nil, false),
                    [("capture-app-video-metadata.schema.json", "data/capture/metadata.json"), ("metadata.schema.json", "rial/metadata.json")]
                ),
                ("video", (PrivacyModeTests.videoLevels, false), [("metadata.schema.json", "rial/metadata.json")]),
                (
                    "photo", (nil, false),
                    [("capture-app-photo-metadata.schema.json", "data/capture/metadata.json"), ("metadata.schema.json", "rial/metadata.json")]
                ),
                (
                    "hash-only", (nil, false),
                    [
                        ("hash-only-payload.schema.json", "data/capture/hash_only_payload.json"), ("metadata.schema.json", "rial/metadata.json"),
                        ("capture-app-photo-metadata.schema.json", "data/capture/metadata.json"),
                    ]
                ),
                (
                    "hash-only", (nil, true),
                    [
                        ("hash-only-payload.schema.json", "rial/hash_only_payload.json"),
                        ("hash-only-payload.schema.json", "data/capture/hash_only_payload.json"),
                        ("metadata.schema.json", "rial/metadata.json"), ("manifest.schema.json", "rial/manifest.json"),
                    ]
                ),
                (
                    "hash-only", ("location=precise,timestamp=exact,device=full", true),
                    [("hash-only-payload.schema.json", "rial/hash_only_payload.json"), ("metadata.schema.json", "rial/metadata.json")]
                ),
                (
                    "video", ("location=none", true),
                    [("hash-only-payload.schema.json", "rial/hash_only_payload.json"), ("metadata.schema.json", "rial/metadata.json")]
                ),
            ]
            for (index, item) in cases.enumerated() {
                let capture = dir.appendingPathComponent(item.kind)
                if !FileManager.default.fileExists(atPath: capture.path) { _ = try PrivacyModeTests.sample(item.kind, in: dir) }
                let package = try PrivacyModeTests.pack(capture, in: dir, name: "\(index).rialpkg", privacy: item.pack.privacy, hashOnly: item.pack.hashOnly)
                let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("x\(index)"))
                for (schema, path) in item.files {
                    let result = try OutsideOracle.validate(schema: schema, [path], cwd: bag)
                    #expect(result.status == 0 && result.output.hasPrefix("OK "), "\(item.kind) \(item.pack) \(path) against \(schema): \(result)")
                    checked += 1
                }
            }
            #expect(checked == 16)

            // The schemas can fail: a 63-digit mediaHash, an unknown key in rial's own format.
            let bag = try OutsideOracle.untar(dir.appendingPathComponent("4.rialpkg"), into: dir.appendingPathComponent("broken"))
            let payloadURL = bag.appendingPathComponent("rial/hash_only_payload.json")
            var payload = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: payloadURL)) as? [String: Any])
            payload["mediaHash"] = String(repeating: "a", count: 63)
            try JSONSerialization.data(withJSONObject: payload).write(to: payloadURL)
            let viewURL = bag.appendingPathComponent("rial/metadata.json")
            var view = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: viewURL)) as? [String: Any])
            view["gps_trace"] = [1, 2]
            try JSONSerialization.data(withJSONObject: view).write(to: viewURL)
            for (schema, path) in [("hash-only-payload.schema.json", "rial/hash_only_payload.json"), ("metadata.schema.json", "rial/metadata.json")] {
                let result = try OutsideOracle.validate(schema: schema, [path], cwd: bag)
                #expect(result.status != 0, "\(path) should not validate against \(schema): \(result)")
            }
        }
    }
}
