import Testing
import Foundation
@testable import RialFormat

@Suite("rial/manifest.json model")
struct PackageManifestTests {
    private func sample() throws -> PackageManifest {
        PackageManifest(
            packageID: try PackageID("case-0001"), created: try Timestamp(rfc3339: "2026-01-15T12:00:00Z"),
            tool: .init(name: "rial", version: "0.1.0"),
            capture: CaptureSummary(payloadPaths: ["data/media/v.mov", "data/depth/d1.f32"]),
            files: [
                .init(
                    path: "data/media/v.mov", role: .media, mediaType: "video/quicktime", size: 3,
                    sha256: String(repeating: "1", count: 64), sha512: String(repeating: "2", count: 128))
            ]
        )
    }

    @Test func roundTripsThroughStrictParser() throws {
        let manifest = try sample()
        let reread = try PackageManifest(json: StrictJSONParser.parse(manifest.bytes()))
        #expect(reread == manifest)
        #expect(reread.capture.kind == "video")
        #expect(reread.capture.depthKeyframes == 1)
    }

    @Test func rejectsUnknownKeys() throws {
        guard case .object(var object) = try sample().jsonValue() else { Issue.record("not an object"); return }
        object["claims_more"] = .bool(true)
        #expect { try PackageManifest(json: .object(object)) } throws: { ($0 as? FormatError)?.code == .invalidField }
    }

    @Test func rejectsAnotherMajorVersion() throws {
        guard case .object(var object) = try sample().jsonValue() else { Issue.record("not an object"); return }
        object["format_version"] = .string("2.0")
        #expect { try PackageManifest(json: .object(object)) } throws: { ($0 as? FormatError)?.code == .unsupportedVersion }
    }

    @Test func rejectsUppercaseDigest() throws {
        let text = String(decoding: try sample().bytes(), as: UTF8.self).replacingOccurrences(
            of: String(repeating: "1", count: 64), with: String(repeating: "A", count: 64))
        #expect { try PackageManifest(json: StrictJSONParser.parse(Array(text.utf8))) } throws: { ($0 as? FormatError)?.code == .invalidHex }
    }

    @Test func packageIDRules() throws {
        _ = try PackageID("2c8a47ee-69e9-895d-bfad-2d2ba4237d3d")
        for bad in ["", "-x", ".x", "a/b", "a b", String(repeating: "a", count: 129), "ü"] {
            #expect(throws: FormatError.self) { try PackageID(bad) }
        }
        let uuid = try #require(PackageID.uuid(fromDigest: Array(repeating: 0xFF, count: 32)))
        #expect(uuid.rawValue == "ffffffff-ffff-8fff-bfff-ffffffffffff")
    }

    @Test func rolesFollowPaths() {
        #expect(FileRole(path: "data/media/x") == .media)
        #expect(FileRole(path: "data/capture/metadata.json") == .captureApp)
        #expect(FileRole(path: "bag-info.txt") == .bagInfo)
        #expect(FileRole(path: "rial/manifest.json") == nil)
        #expect(FileRole(path: "data/other/x") == nil)
        #expect(PackageLayout.isOutsideManifest("rial/custody/000001.json"))
        #expect(PackageLayout.isOutsideManifest("tagmanifest-sha256.txt"))
        #expect(!PackageLayout.isOutsideManifest("bag-info.txt"))
    }
}
