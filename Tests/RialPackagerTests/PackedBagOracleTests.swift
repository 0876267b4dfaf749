import Foundation
import Testing
import RialFormat
import RialTestSupport
@testable import RialPackager

/// A bag the packer writes, judged by tools that share no code with rial: bagit-python and
/// coreutils' sha256sum/sha512sum, over the package unpacked with `tar`. Packed in-process;
/// that `rial pack` writes the same bag is end to end in RialCLITests' OracleTests.
@Suite("Packed bag judged by outside oracles")
struct PackedBagOracleTests {
    /// `rial sample --seconds 1 --fps 10 --width 64 --height 48`, packed as `rial pack --created
    /// 2026-01-20T00:00:00Z` does, and unpacked into `dir/x`; returns the bag directory.
    private func packedBag(in dir: URL) throws -> URL {
        var sample = SampleCapture()
        sample.seconds = 1
        sample.fps = 10
        sample.width = 64
        sample.height = 48
        let capture = dir.appendingPathComponent("capture")
        try sample.write(to: capture.path)
        let package = dir.appendingPathComponent("case.rialpkg")
        var options = PackageOptions(captureDirectory: capture.path, output: package.path, created: try Timestamp(rfc3339: "2026-01-20T00:00:00Z"))
        options.examinesMedia = true
        _ = try Packager(options: options).write()
        return try OutsideOracle.untar(package, into: dir.appendingPathComponent("x"))
    }

    private func text(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

    @Test("bagit-python validates an extracted package")
    func bagitValidates() throws {
        try TemporaryDirectory.with { dir in
            let bag = try packedBag(in: dir)
            let result = try OutsideOracle.bagitValidate(bag)
            #expect(result.status == 0, "\(result)")
        }
    }

    @Test(
        "sha256sum and sha512sum accept the payload and tag manifests",
        arguments: [
            ("sha256sum", "manifest-sha256.txt"), ("sha512sum", "manifest-sha512.txt"),
            ("sha256sum", "tagmanifest-sha256.txt"), ("sha512sum", "tagmanifest-sha512.txt"),
        ])
    func coreutilsAccept(tool: String, manifest: String) throws {
        try TemporaryDirectory.with { dir in
            let bag = try packedBag(in: dir)
            let result = Subprocess.execute([try OutsideOracle.tool(tool), "--check", "--strict", manifest], cwd: bag)
            #expect(result.status == 0, "\(result)")
            let listed = try text(bag.appendingPathComponent(manifest)).split(separator: "\n").count
            #expect(result.output.split(separator: "\n").filter { $0.hasSuffix(": OK") }.count == listed, "\(result)")
        }
    }

    @Test("every payload file is listed in both payload manifests, and every tag file but the tag manifests in both tag manifests")
    func manifestsComplete() throws {
        try TemporaryDirectory.with { dir in
            let bag = try packedBag(in: dir)
            func listed(_ manifest: String) throws -> Set<String> {
                Set(
                    try text(bag.appendingPathComponent(manifest)).split(separator: "\n").compactMap {
                        $0.split(separator: " ", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
                    })
            }
            let files = TemporaryDirectory.regularFiles(bag)
            let payload = Set(files.filter { $0.hasPrefix("data/") })
            let tags = Set(files.filter { !$0.hasPrefix("data/") && !$0.hasPrefix("tagmanifest-") })
            #expect(try listed("manifest-sha256.txt") == payload)
            #expect(try listed("manifest-sha512.txt") == payload)
            #expect(try listed("tagmanifest-sha256.txt") == tags)
            #expect(try listed("tagmanifest-sha512.txt") == tags)
        }
    }
}
