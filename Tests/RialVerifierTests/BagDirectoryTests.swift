import Foundation
import Testing
import RialTestSupport
@testable import RialVerifier

/// A plain BagIt bag directory (RFC 8493) verified in-process; bagit-python, the outside oracle,
/// makes the bags. `rial verify DIR`'s exit statuses and what it prints stay end to end
/// (RialCLITests' BagDirectoryTests).
@Suite("Bag directories (library)")
struct BagDirectoryTests {
    @Test("a bag made by bagit-python verifies")
    func bagitPythonBag() throws {
        try TemporaryDirectory.with { dir in
            let report = LibraryFixture.verify(try BagItOracle.makeBag(in: dir))
            #expect(report.verdict == .pass && report.subjectKind == .bag, "\(report.failures)")
            #expect(report.textLines.first?.hasPrefix("PASS") == true, "\(report.textLines.prefix(3))")
            #expect(report.checks("bag.manifest.sha256").map(\.status) == [.pass])
            #expect(report.checks("bag.manifest.sha512").map(\.status) == [.pass])
            // A plain bag carries no rial manifest: that is said, not passed.
            #expect(report.checks("rial.manifest").map(\.status) == [.notPresent])
        }
    }

    @Test("a modified, removed or added payload file makes a bagit-python bag fail", arguments: ["modify", "remove", "add"])
    func bagitPythonBagTampered(change: String) throws {
        try TemporaryDirectory.with { dir in
            let bag = try BagItOracle.makeBag(in: dir)
            let data = bag.appendingPathComponent("data")
            let expected: (code: String, subject: String)
            switch change {
            case "modify":
                try Data("ONE\n".utf8).write(to: data.appendingPathComponent("a.txt"))
                expected = ("bag.manifest.sha256.mismatch", "data/a.txt")
            case "remove":
                try FileManager.default.removeItem(at: data.appendingPathComponent("sub/b.txt"))
                expected = ("bag.manifest.sha256.missing", "data/sub/b.txt")
            default:
                try Data("planted\n".utf8).write(to: data.appendingPathComponent("c.txt"))
                expected = ("bag.manifest.sha256.unlisted", "data/c.txt")
            }
            let report = LibraryFixture.verify(bag)
            #expect(report.verdict == .fail)
            #expect(report.has(expected.code, subject: expected.subject), "\(report.failures)")
            #expect(report.textLines.first?.hasPrefix("FAIL") == true, "\(report.textLines.prefix(3))")
        }
    }

    @Test("an extracted rial package verifies as a directory, and fails once changed")
    func extractedPackage() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("x"))
            let report = LibraryFixture.verify(bag)
            #expect(report.verdict == .pass && report.subjectKind == .bag, "\(report.failures)")
            #expect(report.checks("rial.manifest").map(\.status) == [.pass])
            #expect(report.packageID == bag.lastPathComponent)

            try Data("{}".utf8).write(to: bag.appendingPathComponent("data/capture/metadata.json"))
            let changed = LibraryFixture.verify(bag)
            #expect(changed.verdict == .fail)
            #expect(changed.has("bag.manifest.sha256.mismatch", subject: "data/capture/metadata.json"))
            #expect(changed.has("rial.manifest.file.sha256-mismatch", subject: "data/capture/metadata.json"))
        }
    }

    @Test("a bag with only MD5 manifests verifies, with a warning in the report")
    func weakAlgorithmWarning() throws {
        try TemporaryDirectory.with { dir in
            let report = LibraryFixture.verify(try BagItOracle.makeBag(in: dir, algorithms: ["--md5"]))
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.warnings.contains { $0.lowercased().contains("md5") }, "\(report.warnings)")
        }
    }

    @Test("a directory that is not a bag cannot be verified: an error, not a verdict")
    func notABag() throws {
        try TemporaryDirectory.with { dir in
            let report = LibraryFixture.verify(try LibraryFixture.sample(in: dir))
            #expect(report.verdict == .error && report.error != nil)
            #expect(report.textLines.first?.hasPrefix("ERROR") == true, "\(report.textLines.prefix(3))")
        }
    }

    @Test("in an extracted package directory the chain's links are recomputed too, and a changed frame is named")
    func extractedPackageChain() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("x"))
            let report = LibraryFixture.verify(bag)
            #expect(report.verdict == .pass, "\(report.failures)")
            #expect(report.checks("chain.links").first?.status == .pass, "\(report.checks("chain.links"))")
            let frame = bag.appendingPathComponent("data/frames/frame_000003.raw")
            var bytes = try Data(contentsOf: frame)
            bytes[0] ^= 0x01
            try bytes.write(to: frame)
            let changed = LibraryFixture.verify(bag)
            #expect(changed.verdict == .fail)
            #expect(changed.has("chain.link.broken", subject: "frame 3"), "\(changed.failures)")
        }
    }
}
