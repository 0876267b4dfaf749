import Foundation
import Testing
import RialFormat
import RialPackager
import RialTestSupport
@testable import RialVerifier

/// The privacy audit and the hash-only payload's claims, judged in-process: a payload, view or
/// file holding more than the package's levels allow is a leak at that file; the payload's counts,
/// chain, media hash and depth size are held against the files. Packing with `--privacy` and
/// `--hash-only` and `rial verify --media` stay end to end (RialCLITests' PrivacyTests).
@Suite("Privacy audit and hash-only claims (library)")
struct PrivacyTests {
    static let coords = "{\"latitude\": 37.7749, \"longitude\": -122.4194}"

    @Test(
        "a payload or view holding more than its levels allow is a privacy leak",
        arguments: [
            // levels, file, pointer, value, the failures expected (code at file)
            (
                "location=none,timestamp=day_only,device=model_only", "rial/hash_only_payload.json", "/metadata/location",
                "{\"city\": \"Oakland\", \"country\": \"US\"}",
                ["privacy.location.leak rial/hash_only_payload.json", "metadata.normalised.mismatch rial/metadata.json"]
            ),
            (
                "location=coarse,timestamp=day_only,device=model_only", "rial/hash_only_payload.json", "/metadata/location", coords,
                ["privacy.location.leak rial/hash_only_payload.json", "metadata.normalised.mismatch rial/metadata.json"]
            ),
            (
                "location=coarse,timestamp=day_only,device=model_only", "rial/hash_only_payload.json", "/metadata/timestamp", "\"2026-01-15T10:30:01Z\"",
                ["privacy.timestamp.leak rial/hash_only_payload.json", "metadata.normalised.mismatch rial/metadata.json"]
            ),
            (
                "location=coarse,timestamp=day_only,device=model_only", "rial/hash_only_payload.json", "/capturedAt", "\"2026-01-15T10:30:01.125Z\"",
                ["privacy.timestamp.leak rial/hash_only_payload.json"]
            ),
            (
                "location=coarse,timestamp=day_only,device=model_only", "rial/hash_only_payload.json", "/depthAnalysis/computedAt",
                "\"2026-01-15T10:30:01.325Z\"",
                ["privacy.timestamp.leak rial/hash_only_payload.json", "metadata.normalised.mismatch rial/metadata.json"]
            ),
            (
                "location=coarse,timestamp=none,device=model_only", "rial/hash_only_payload.json", "/metadata/timestamp", "\"2026-01-15\"",
                ["privacy.timestamp.leak rial/hash_only_payload.json", "metadata.normalised.mismatch rial/metadata.json"]
            ),
            (
                "location=coarse,timestamp=day_only,device=model_only", "rial/hash_only_payload.json", "/metadata/deviceModel",
                "\"iPhone 15 Pro / iOS 17.4 / 1.2.0\"",
                ["privacy.device.leak rial/hash_only_payload.json", "metadata.normalised.mismatch rial/metadata.json"]
            ),
            (
                "location=coarse,timestamp=day_only,device=model_only", "rial/hash_only_payload.json", "/metadata/deviceModel", "\"iPhone 15 Pro 17.4\"",
                ["privacy.device.leak rial/hash_only_payload.json", "metadata.normalised.mismatch rial/metadata.json"]
            ),
            (
                "location=coarse,timestamp=day_only,device=none", "rial/hash_only_payload.json", "/metadata/deviceModel", "\"iPhone 15 Pro\"",
                ["privacy.device.leak rial/hash_only_payload.json", "metadata.normalised.mismatch rial/metadata.json"]
            ),
            (
                "location=coarse,timestamp=day_only,device=model_only", "rial/metadata.json", "/location", coords,
                ["privacy.location.leak rial/metadata.json", "metadata.normalised.mismatch rial/metadata.json"]
            ),
            (
                "location=coarse,timestamp=day_only,device=model_only", "rial/metadata.json", "/time", "\"2026-01-15T10:30:01.125Z\"",
                ["privacy.timestamp.leak rial/metadata.json", "metadata.normalised.mismatch rial/metadata.json"]
            ),
            (
                "location=none,timestamp=day_only,device=model_only", "rial/hash_only_payload.json", "/metadataFlags/locationIncluded", "true",
                ["privacy.flags.inconsistent rial/hash_only_payload.json"]
            ),
            (
                "location=coarse,timestamp=day_only,device=model_only", "rial/hash_only_payload.json", "/metadataFlags/locationLevel", "\"precise\"",
                ["privacy.flags.mismatch rial/hash_only_payload.json", "metadata.normalised.mismatch rial/metadata.json"]
            ),
            (
                "location=coarse,timestamp=day_only,device=model_only", "rial/hash_only_payload.json", "/metadata/location",
                "{\"city\": \"San Francisco\", \"country\": \"US\", \"geo\": {\"lat\": 37.7749}}",
                ["privacy.location.leak rial/hash_only_payload.json", "metadata.normalised.mismatch rial/metadata.json"]
            ),
            (
                "location=coarse,timestamp=day_only,device=model_only", "rial/hash_only_payload.json", "/captureMode", "\"full\"",
                ["privacy.payload.mode rial/hash_only_payload.json"]
            ),
            (
                "location=coarse,timestamp=day_only,device=model_only", "rial/hash_only_payload.json", "/depthAnalysis/algorithmVersion",
                "\"" + String(repeating: "x", count: 10_000) + "\"",
                ["metadata.payload.size rial/hash_only_payload.json", "metadata.normalised.mismatch rial/metadata.json"]
            ),
        ])
    func leak(_ levels: String, _ file: String, _ pointer: String, _ value: String, _ expected: [String]) throws {
        try TemporaryDirectory.with { dir in
            let capture = try LibraryFixture.sample(in: dir, name: "hash-only", kind: .hashOnly)
            let package = try LibraryFixture.pack(capture, in: dir) { options in
                options.hashOnly = true; options.privacy = try PrivacyLevels(parsing: levels)
            }
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try OutsideOracle.tamper(package, ["json-set", file, pointer, value, "--cover", "--relink"], output: tampered)
            let report = LibraryFixture.verify(tampered)
            #expect(report.verdict == .fail)
            #expect(Set(report.failures.map { "\($0.code) \($0.subject)" }) == Set(expected), "\(levels) \(file)\(pointer)=\(value): \(report.failures)")
            if expected.contains(where: { $0.hasPrefix("privacy.") }) {
                #expect(!report.has("privacy", subject: "rial/metadata.json", status: .pass), "a package holding a leak must not pass the privacy check")
            }
        }
    }

    @Test("a hash-only video: its counts are held against the payload's chain, and a depth analysis that is not JSON fails")
    func hashOnlyVideo() throws {
        try TemporaryDirectory.with { dir in
            let video = try LibraryFixture.sample(in: dir)
            let package = try LibraryFixture.pack(video, in: dir) { options in
                options.hashOnly = true; options.privacy = try PrivacyLevels(parsing: "location=coarse")
            }
            let freshReport = LibraryFixture.verify(package)
            #expect(freshReport.verdict == .pass, "\(freshReport.failures)")
            #expect(freshReport.has("metadata.frame-count", subject: "rial/hash_only_payload.json", status: .pass))
            #expect(freshReport.has("metadata.chain-final", subject: "rial/metadata.json", status: .pass))
            #expect(freshReport.has("metadata.payload.chain", subject: "rial/hash_only_payload.json", status: .pass))

            let wrongFinal = dir.appendingPathComponent("final.rialpkg")
            try OutsideOracle.tamper(
                package,
                ["json-set", "rial/hash_only_payload.json", "/hashChain/finalHash", "\"3q2+7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\"", "--cover", "--relink"],
                output: wrongFinal)
            let finalReport = LibraryFixture.verify(wrongFinal)
            #expect(
                Set(finalReport.failures.map { "\($0.code) \($0.subject)" }) == [
                    "metadata.payload.chain.mismatch rial/hash_only_payload.json", "metadata.chain-final.mismatch rial/metadata.json",
                ], "\(finalReport.failures)")
            let wrongFrame = dir.appendingPathComponent("frame.rialpkg")
            try OutsideOracle.tamper(
                package,
                [
                    "json-set", "rial/hash_only_payload.json", "/hashChain/frameHashes/2", "\"3q2+7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\"", "--cover",
                    "--relink",
                ], output: wrongFrame)
            let frameReport = LibraryFixture.verify(wrongFrame)
            #expect(
                frameReport.failures.map { "\($0.code) \($0.subject)" } == ["metadata.payload.chain.mismatch rial/hash_only_payload.json"],
                "\(frameReport.failures)")

            let tampered = dir.appendingPathComponent("count.rialpkg")
            try OutsideOracle.tamper(package, ["json-set", "rial/hash_only_payload.json", "/frameCount", "9", "--cover", "--relink"], output: tampered)
            let report = LibraryFixture.verify(tampered)
            #expect(
                Set(report.failures.map { "\($0.code) \($0.subject)" }) == [
                    "metadata.frame-count.mismatch rial/hash_only_payload.json", "metadata.normalised.mismatch rial/metadata.json",
                ], "\(report.failures)")

            let photo = try LibraryFixture.sample(in: dir, name: "photo", kind: .photo)
            let whole = try LibraryFixture.pack(photo, in: dir, name: "photo.rialpkg")
            let broken = dir.appendingPathComponent("analysis.rialpkg")
            try OutsideOracle.tamper(whole, ["replace-text", "data/capture/depth_analysis.json", "{", "[", "--cover", "--relink"], output: broken)
            let analysisReport = LibraryFixture.verify(broken)
            #expect(
                analysisReport.failures.map { "\($0.code) \($0.subject)" } == ["metadata.depth-analysis.malformed data/capture/depth_analysis.json"],
                "\(analysisReport.failures)")
        }
    }

    @Test(
        "a file of the capture in a package whose levels withhold what it records is a leak at that file",
        arguments: [
            ("data/capture/metadata.json", "app/metadata.json", ["privacy.location.leak", "privacy.timestamp.leak", "privacy.device.leak"]),
            ("data/capture/custody_log.json", "app/custody_log.json", ["privacy.timestamp.leak", "privacy.device.leak"]),
            ("data/capture/hash_only_payload.json", "app/hash_only_payload.json", ["privacy.location.leak"]),
            ("data/media/photo.jpg", "media/photo.jpg", ["privacy.media.present"]),
            ("data/depth/depth.f32", "depth/depth.f32", ["privacy.depth.present"]),
        ])
    func withheldFileAdded(_ path: String, _ source: String, _ codes: [String]) throws {
        try TemporaryDirectory.with { dir in
            let capture = try LibraryFixture.sample(in: dir, name: "hash-only", kind: .hashOnly)
            // The app's payload is at location coarse: finer than this package's none.
            let package = try LibraryFixture.pack(capture, in: dir) { options in
                options.hashOnly = true; options.privacy = try PrivacyLevels(parsing: "location=none,timestamp=day_only,device=model_only")
            }
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try OutsideOracle.tamper(package, ["add-file", path, capture.appendingPathComponent(source).path, "--cover", "--relink"], output: tampered)
            let report = LibraryFixture.verify(tampered)
            #expect(report.verdict == .fail)
            for code in codes {
                #expect(report.has(code, subject: path), "\(code) at \(path): \(report.failures)")
            }
        }
    }

    @Test("the media's stated SHA-256 and a photo's depth map size are held against the files")
    func photoClaims() throws {
        try TemporaryDirectory.with { dir in
            let capture = try LibraryFixture.sample(in: dir, name: "hash-only", kind: .hashOnly)
            let package = try LibraryFixture.pack(capture, in: dir)
            let freshReport = LibraryFixture.verify(package)
            #expect(freshReport.verdict == .pass, "\(freshReport.failures)")
            #expect(freshReport.has("metadata.media-hash", subject: "data/capture/hash_only_payload.json", status: .pass))
            #expect(freshReport.has("metadata.depth-resolution", subject: "data/capture/metadata.json", status: .pass))
            #expect(freshReport.has("privacy.payload", subject: "data/capture/hash_only_payload.json", status: .pass))
            #expect(freshReport.has("metadata.attestation", subject: "data/capture/hash_only_payload.json", status: .notChecked))

            let wrongHash = dir.appendingPathComponent("hash.rialpkg")
            try OutsideOracle.tamper(
                package,
                ["json-set", "data/capture/hash_only_payload.json", "/mediaHash", "\"" + String(repeating: "ab", count: 32) + "\"", "--cover", "--relink"],
                output: wrongHash)
            let hashReport = LibraryFixture.verify(wrongHash)
            #expect(
                hashReport.failures.map { "\($0.code) \($0.subject)" } == ["metadata.media-hash.mismatch data/capture/hash_only_payload.json"],
                "\(hashReport.failures)")

            let wrongDepth = dir.appendingPathComponent("depth.rialpkg")
            try OutsideOracle.tamper(
                package, ["json-set", "data/capture/metadata.json", "/depth_resolution/width", "255", "--cover", "--relink"], output: wrongDepth)
            let depthReport = LibraryFixture.verify(wrongDepth)
            #expect(
                Set(depthReport.failures.map { "\($0.code) \($0.subject)" }) == [
                    "metadata.depth-resolution.mismatch data/capture/metadata.json", "metadata.normalised.mismatch rial/metadata.json",
                ], "\(depthReport.failures)")
        }
    }
}
