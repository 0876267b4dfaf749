import Foundation
import Testing

/// `rial verify DIR` validates a plain BagIt bag directory (RFC 8493).
@Suite("Bag directories")
struct BagDirectoryTests {
    /// A bag made by bagit-python (sha256 and sha512 manifests) from a few files.
    static func makeBag(in dir: URL, algorithms: [String] = []) throws -> URL {
        let bag = dir.appendingPathComponent("bag")
        try FileManager.default.createDirectory(at: bag.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("one\n".utf8).write(to: bag.appendingPathComponent("a.txt"))
        try Data("two\n".utf8).write(to: bag.appendingPathComponent("sub/b.txt"))
        try Data("drei\n".utf8).write(to: bag.appendingPathComponent("Müller_東京.txt"))
        let python = try Oracle.python()
        let result = CLI.run([python, "-m", "bagit", "--quiet"] + algorithms + [bag.path], cwd: dir)
        try #require(result.status == 0, "bagit-python could not make a bag: \(result)")
        try #require(FileManager.default.fileExists(atPath: bag.appendingPathComponent("bagit.txt").path))
        return bag
    }

    @Test("a bag made by bagit-python verifies")
    func bagitPythonBag() throws {
        try withTemporaryDirectory { dir in
            let bag = try Self.makeBag(in: dir)
            let text = CLI.rial(["verify", bag.path, "--quiet"], cwd: dir)
            #expect(text.status == 0, "\(text)")
            #expect(text.firstLine.hasPrefix("PASS"))

            let (json, report) = try Fixture.verifyJSON(bag.path, cwd: dir)
            #expect(json.status == 0)
            #expect(report.verdict == "pass" && report.subject.kind == "bag")
            #expect(report.checks("bag.manifest.sha256").map(\.status) == ["pass"])
            #expect(report.checks("bag.manifest.sha512").map(\.status) == ["pass"])
            // A plain bag carries no rial manifest: that is said, not passed.
            #expect(report.checks("rial.manifest").allSatisfy { $0.status == "not_present" })
        }
    }

    @Test("a modified, removed or added payload file makes a bagit-python bag fail", arguments: ["modify", "remove", "add"])
    func bagitPythonBagTampered(change: String) throws {
        try withTemporaryDirectory { dir in
            let bag = try Self.makeBag(in: dir)
            let data = bag.appendingPathComponent("data")
            let expected: Finding
            switch change {
            case "modify":
                try Data("ONE\n".utf8).write(to: data.appendingPathComponent("a.txt"))
                expected = Finding("bag.manifest.sha256.mismatch", "data/a.txt")
            case "remove":
                try FileManager.default.removeItem(at: data.appendingPathComponent("sub/b.txt"))
                expected = Finding("bag.manifest.sha256.missing", "data/sub/b.txt")
            default:
                try Data("planted\n".utf8).write(to: data.appendingPathComponent("c.txt"))
                expected = Finding("bag.manifest.sha256.unlisted", "data/c.txt")
            }
            let (result, report) = try Fixture.verifyJSON(bag.path, cwd: dir)
            #expect(result.status == 1, "\(result)")
            #expect(report.verdict == "fail")
            #expect(report.has(expected.code, subject: expected.subject), "\(report.failures)")

            let text = CLI.rial(["verify", bag.path, "--quiet"], cwd: dir)
            #expect(text.status == 1 && text.firstLine.hasPrefix("FAIL"), "\(text)")
        }
    }

    @Test("an extracted rial package verifies as a directory, and fails once changed")
    func extractedPackage() throws {
        try withTemporaryDirectory { dir in
            let bag = try Fixture.untar(try Fixture.package(in: dir), into: dir.appendingPathComponent("x"))
            let (result, report) = try Fixture.verifyJSON(bag.path, cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(report.verdict == "pass" && report.subject.kind == "bag")
            #expect(report.checks("rial.manifest").map(\.status) == ["pass"])
            #expect(report.packageId == bag.lastPathComponent)

            try Data("{}".utf8).write(to: bag.appendingPathComponent("data/capture/metadata.json"))
            let (after, changed) = try Fixture.verifyJSON(bag.path, cwd: dir)
            #expect(after.status == 1, "\(after)")
            #expect(changed.has("bag.manifest.sha256.mismatch", subject: "data/capture/metadata.json"))
            #expect(changed.has("rial.manifest.file.sha256-mismatch", subject: "data/capture/metadata.json"))
        }
    }

    @Test("a bag with only MD5 manifests verifies, with a warning on stderr and in the report")
    func weakAlgorithmWarning() throws {
        try withTemporaryDirectory { dir in
            let bag = try Self.makeBag(in: dir, algorithms: ["--md5"])
            let text = CLI.rial(["verify", bag.path, "--quiet"], cwd: dir)
            #expect(text.status == 0, "\(text)")
            #expect(text.stderr.lowercased().contains("warning") && text.stderr.lowercased().contains("md5"), "\(text)")
            let (_, report) = try Fixture.verifyJSON(bag.path, cwd: dir)
            #expect(!report.warnings.isEmpty)
        }
    }

    @Test("a directory that is not a bag cannot be verified: exit 2")
    func notABag() throws {
        try withTemporaryDirectory { dir in
            let capture = try Fixture.sample(in: dir)
            let (result, report) = try Fixture.verifyJSON(capture.path, cwd: dir)
            #expect(result.status == 2, "\(result)")
            #expect(report.verdict == "error" && report.error != nil)
            let text = CLI.rial(["verify", capture.path, "--quiet"], cwd: dir)
            #expect(text.status == 2 && text.firstLine.hasPrefix("ERROR"), "\(text)")
        }
    }

    @Test("in an extracted package directory the chain's links are recomputed too, and a changed frame is named")
    func extractedPackageChain() throws {
        try withTemporaryDirectory { dir in
            let bag = try Fixture.untar(try Fixture.package(in: dir), into: dir.appendingPathComponent("x"))
            let (result, report) = try Fixture.verifyJSON(bag.path, cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(report.checks("chain.links").first?.status == "pass", "\(report.checks("chain.links"))")
            let frame = bag.appendingPathComponent("data/frames/frame_000003.raw")
            var bytes = try Data(contentsOf: frame)
            bytes[0] ^= 0x01
            try bytes.write(to: frame)
            let (after, changed) = try Fixture.verifyJSON(bag.path, cwd: dir)
            #expect(after.status == 1)
            #expect(changed.has("chain.link.broken", subject: "frame 3"), "\(changed.failures)")
        }
    }
}
