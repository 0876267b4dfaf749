import Foundation
import Testing
import RialTestSupport
import RialExtractor
import RialReport
@testable import RialVerifier

/// The hashdeep known-file list `rial inspect --format hashdeep` writes, rendered in process:
/// hashdeep itself (Debian's `hashdeep`, the outside oracle) accepts it for the extracted
/// payload and rejects it once a file is changed or added. `rial inspect`'s exit statuses and
/// what it prints stay end to end (RialCLITests' HashdeepTests).
@Suite("hashdeep known-file list (library)")
struct HashdeepTests {
    @Test("hashdeep -a -k passes on the extracted payload with our list, and fails when a file changes or appears")
    func audit() throws {
        let hashdeep = try OutsideOracle.tool("hashdeep")
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let made = try VerifiedContents.make(path: package.path)
            let contents = try #require(made.contents, "\(made.report.failures)")
            let listed = HashdeepList.bytes(contents)
            #expect(String(decoding: listed, as: UTF8.self).hasPrefix("%%%% HASHDEEP-1.0\n%%%% size,sha256,filename\n"))
            let list = dir.appendingPathComponent("case.hashdeep")
            try Data(listed).write(to: list)
            let out = dir.appendingPathComponent("out")
            let extracted = try PackageExtractor().extract(package: package.path, to: out.path)
            let bag = URL(fileURLWithPath: try #require(extracted.extractedRoot, "\(extracted.report.failures)"))

            let audit = [hashdeep, "-c", "sha256", "-a", "-k", list.path, "-r", "-l", "data"]
            let passed = Subprocess.execute(audit, cwd: bag)
            #expect(passed.status == 0 && passed.output.contains("Audit passed"), "\(passed)")

            let media = bag.appendingPathComponent("data/media/capture.mov")
            var bytes = try Data(contentsOf: media)
            bytes[100] ^= 0xFF
            try bytes.write(to: media)
            let changed = Subprocess.execute(audit, cwd: bag)
            #expect(changed.status != 0 && changed.output.contains("Audit failed"), "\(changed)")
            bytes[100] ^= 0xFF
            try bytes.write(to: media)
            try Data("new\n".utf8).write(to: bag.appendingPathComponent("data/added.txt"))
            let added = Subprocess.execute(audit, cwd: bag)
            #expect(added.status != 0 && added.output.contains("Audit failed"), "\(added)")
        }
    }

    @Test("no list is made from a package that does not verify")
    func refusesFailingPackage() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try OutsideOracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)
            let made = try VerifiedContents.make(path: tampered.path)
            #expect(made.report.verdict == .fail && made.contents == nil, "\(made.report.verdict)")
        }
    }
}
