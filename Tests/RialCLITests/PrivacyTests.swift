import Foundation
import Testing

/// Photo and privacy-mode captures (seed 001): `rial sample --kind`, `rial pack --privacy` and
/// `--hash-only`, the filtering levels, the privacy audit, `rial verify --media`.
@Suite("Capture metadata and privacy mode")
struct PrivacyTests {
    static let appLevels = "location=coarse,timestamp=day_only,device=model_only"

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
            for (kind, packOptions) in [("video", [String]()), ("photo", []), ("hash-only", []), ("hash-only", ["--hash-only"]),
                                        ("photo", ["--hash-only", "--privacy", "location=precise"]), ("video", ["--privacy", Self.appLevels])] {
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
                #expect(report.has("metadata.normalised", subject: "rial/metadata.json", status: comparable ? "pass" : "not_checked"),
                        "\(kind) \(packOptions): \(report.checks("metadata.normalised"))")
                #expect(report.has("privacy", subject: "rial/metadata.json", status: filtered ? "pass" : "not_present"), "\(kind) \(packOptions)")
                let entries = try Fixture.tarList(package)
                #expect(entries.contains { $0.hasSuffix("/rial/metadata.json") })
                #expect(entries.contains { $0.hasSuffix("/rial/hash_only_payload.json") } == packOptions.contains("--hash-only"))
                #expect(entries.contains { $0.contains("/data/media/") } == !packOptions.contains("--hash-only"), "\(kind) \(packOptions): \(entries)")
                #expect(entries.contains { $0.hasSuffix("/data/capture/metadata.json") } == !filtered, "the app's full metadata goes only into a package that withholds nothing")
            }
        }
    }

    @Test("every one of the 27 privacy combinations packs hash-only and filtered, holds exactly what seed 001 defines, and verifies")
    func allCombinations() throws {
        try withTemporaryDirectory { dir in
            let capture = try Self.sample("hash-only", in: dir)
            let app = try Self.json(capture, "app/metadata.json")
            let capturedAt = try #require(app["captured_at"] as? String)
            let exact = capturedAt.replacingOccurrences(of: ".125Z", with: ".125Z")
            var count = 0
            for location in ["none", "coarse", "precise"] {
                for time in ["none", "day_only", "exact"] {
                    for device in ["none", "model_only", "full"] {
                        let levels = "location=\(location),timestamp=\(time),device=\(device)"
                        let expectedLocation: Any = ["none": NSNull(), "coarse": ["city": "San Francisco", "country": "US"],
                                                     "precise": ["latitude": 37.7749, "longitude": -122.4194]][location] ?? NSNull()
                        let expectedTime: Any = ["none": NSNull(), "day_only": String(capturedAt.prefix(10)), "exact": exact][time] ?? NSNull()
                        let expectedDevice: Any = ["none": NSNull(), "model_only": "iPhone 15 Pro", "full": "iPhone 15 Pro / iOS 17.4 / 1.2.0"][device] ?? NSNull()
                        for hashOnly in [true, false] {
                            let name = "\(count)-\(hashOnly).rialpkg"
                            let package = try Fixture.pack(capture, in: dir, name: name, options: ["--privacy", levels] + (hashOnly ? ["--hash-only"] : []))
                            let (result, report) = try Fixture.verifyJSON(package.path, cwd: dir)
                            #expect(result.status == 0, "\(levels) hash-only \(hashOnly): \(report.failures)")
                            let full = levels == "location=precise,timestamp=exact,device=full" && !hashOnly
                            #expect(report.has("privacy", subject: "rial/metadata.json", status: full ? "not_present" : "pass"), "\(levels)")
                            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("x\(name)"))
                            let view = try Self.json(bag, "rial/metadata.json")
                            #expect(NSDictionary(dictionary: view["privacy"] as? [String: String] ?? [:]) == ["location": location, "timestamp": time, "device": device])
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
            #expect(count == 27)
        }
    }

    static func same(_ value: Any?, _ expected: Any) -> Bool {
        switch (value, expected) {
        case (is NSNull, is NSNull): return true
        case (let value as String, let expected as String): return value == expected
        case (let value as [String: Any], let expected as [String: Any]):
            return Set(value.keys) == Set(expected.keys) && expected.allSatisfy { key, item in
                if let number = item as? Double { return (value[key] as? NSNumber)?.doubleValue == number }
                return (value[key] as? String) == (item as? String)
            }
        default: return false
        }
    }
}
