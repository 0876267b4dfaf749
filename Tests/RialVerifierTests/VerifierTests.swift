import Foundation
import Testing
import RialFormat
@testable import RialVerifier
@testable import RialReport

@Suite("Verifier end to end (library)")
struct VerifierTests {
    @Test func freshPackagePassesAndNeverClaimsUncheckedParts() throws {
        let sample = try PackedSample()
        defer { sample.remove() }
        let report = try Verifier().verify(path: sample.package)
        #expect(report.verdict == .pass, "\(report.failures)")
        #expect(report.packageID == "test-pkg")
        #expect(report.manifestSHA256?.count == 64)
        // Seal and timestamp are absent, and a full package withholds nothing: none may read PASS.
        for code in ["seal", "timestamp", "privacy"] {
            let result = try #require(report.checks.first { $0.code.rawValue == code })
            #expect(result.status == .notPresent)
        }
        for code in [
            "archive.layout", "bag.declaration", "bag.info", "bag.payload-oxum", "bag.manifest.sha256", "bag.manifest.sha512",
            "bag.manifests.agree", "bag.tagmanifest.sha256", "bag.tagmanifest.sha512", "rial.manifest",
            "chain.structure", "chain.summary", "depth.index", "chain.material", "chain.links", "chain.descriptor", "chain.app",
            "metadata.normalised", "custody.event", "custody.chain",
        ] {
            #expect(report.checks.contains { $0.code.rawValue == code && $0.status == .pass }, "missing pass for \(code)")
        }
        // Whether the log's newest events were dropped cannot be told without a recorded head.
        #expect(report.checks.first { $0.code == .custodyHead }?.status == .notChecked)
    }

    @Test func flippedMediaByteIsCaughtByBothManifestsAndLocated() throws {
        let sample = try PackedSample()
        defer { sample.remove() }
        try sample.patch(at: sample.dataOffset(of: "data/media/capture.mov") + 100, with: [0xFF, 0x00])
        let report = try Verifier().verify(path: sample.package)
        #expect(report.verdict == .fail)
        for code in [
            "bag.manifest.sha256.mismatch", "bag.manifest.sha512.mismatch", "rial.manifest.file.sha256-mismatch", "rial.manifest.file.sha512-mismatch",
        ] {
            #expect(report.failureSet.contains("\(code) data/media/capture.mov"), "\(code)")
        }
        let mismatch = try #require(report.failures.first { $0.code == .payloadManifest(.sha256).mismatch })
        #expect(mismatch.expected != mismatch.actual)
        #expect(mismatch.expected?.count == 64)
    }

    @Test func editedTagFileIsCaught() throws {
        let sample = try PackedSample()
        defer { sample.remove() }
        // Same length: change the Bagging-Date's year digit.
        let offset = try sample.dataOffset(of: "bag-info.txt")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: sample.package))
        let text = String(decoding: bytes[offset..<offset + 200], as: UTF8.self)
        let range = try #require(text.range(of: "Bagging-Date: 2026"))
        let position = offset + text.utf8.distance(from: text.startIndex, to: range.upperBound) - 1
        try sample.patch(at: position, with: Array("5".utf8))
        let report = try Verifier().verify(path: sample.package)
        #expect(report.failureSet.contains("bag.tagmanifest.sha256.mismatch bag-info.txt"))
        #expect(report.failureSet.contains("rial.manifest.file.sha256-mismatch bag-info.txt"))
        #expect(report.failureSet.contains("rial.manifest.created.mismatch rial/manifest.json: created"))
    }

    @Test func notATarIsAnErrorNotAFailure() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rial-junk-\(UUID().uuidString)").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        #expect { try Verifier().verify(path: path) } throws: { ($0 as? VerifierError)?.code == .notAPackage }
        let report = Verifier().report(for: path)
        #expect(report.verdict == .error)
        #expect(report.checks.isEmpty)
    }

    @Test func missingFileIsAnErrorReport() {
        let report = Verifier().report(for: "/nonexistent/\(UUID().uuidString).rialpkg")
        #expect(report.verdict == .error)
        #expect(report.error?.code == .unreadable)
    }

    @Test func verificationTimeIsInjected() throws {
        let sample = try PackedSample()
        defer { sample.remove() }
        let time = try Timestamp(rfc3339: "2030-01-01T00:00:00Z")
        let report = try Verifier(verificationTime: time).verify(path: sample.package)
        #expect(report.verifiedAt == time)
        let json = String(decoding: JSONReportRenderer.bytes(report), as: UTF8.self)
        #expect(json.contains("\"verified_at\": \"2030-01-01T00:00:00Z\""))
    }

    @Test func anotherFormatVersionCannotBeVerified() throws {
        let sample = try PackedSample()
        defer { sample.remove() }
        let offset = try sample.dataOffset(of: "rial/manifest.json")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: sample.package))
        let text = String(decoding: bytes[offset..<offset + 80], as: UTF8.self)
        let range = try #require(text.range(of: "\"format_version\": \"1.0\""))
        let position = offset + text.utf8.distance(from: text.startIndex, to: range.upperBound) - 4
        try sample.patch(at: position, with: Array("2".utf8))
        #expect { try Verifier().verify(path: sample.package) } throws: { ($0 as? VerifierError)?.code == .unsupportedVersion }
    }

    @Test func longestPackablePathVerifies() throws {
        let name = String(repeating: "n", count: 200)
        let sample = try PackedSample(extraFiles: [:], extraDirectories: ["media/" + Array(repeating: name, count: 5).joined(separator: "/")])
        defer { sample.remove() }
        // The file at the end of the long path is no video: only its name is under test here.
        var policy = VerificationPolicy()
        policy.examinesMedia = false
        let report = try Verifier(policy: policy).verify(path: sample.package)
        #expect(report.verdict == .pass, "\(report.failures)")
    }
}
