import Foundation
import Testing

/// `rial inspect --format hashdeep` writes a known-file list that hashdeep itself (Debian's
/// `hashdeep`, the outside oracle) accepts for the extracted payload, and rejects once a
/// file is changed or added.
@Suite("hashdeep known-file list")
struct HashdeepTests {
    @Test("hashdeep -a -k passes on the extracted payload with our list, and fails when a file changes or appears")
    func audit() throws {
        let hashdeep = try Oracle.tool("hashdeep")
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let listed = CLI.rial(["inspect", package.path, "--format", "hashdeep"], cwd: dir)
            try #require(listed.status == 0, "\(listed)")
            #expect(listed.stdout.hasPrefix("%%%% HASHDEEP-1.0\n%%%% size,sha256,filename\n"))
            let list = dir.appendingPathComponent("case.hashdeep")
            try Data(listed.stdout.utf8).write(to: list)
            let extracted = CLI.rial(["extract", package.path, "-o", "out", "--quiet"], cwd: dir)
            try #require(extracted.status == 0, "\(extracted)")
            let bag = try #require(
                try FileManager.default.contentsOfDirectory(at: dir.appendingPathComponent("out"), includingPropertiesForKeys: nil)
                    .first { $0.hasDirectoryPath })

            let audit = [hashdeep, "-c", "sha256", "-a", "-k", list.path, "-r", "-l", "data"]
            let passed = CLI.run(audit, cwd: bag)
            #expect(passed.status == 0 && passed.stdout.contains("Audit passed"), "\(passed)")

            let media = bag.appendingPathComponent("data/media/capture.mov")
            var bytes = try Data(contentsOf: media)
            bytes[100] ^= 0xFF
            try bytes.write(to: media)
            let changed = CLI.run(audit, cwd: bag)
            #expect(changed.status != 0 && changed.stdout.contains("Audit failed"), "\(changed)")
            bytes[100] ^= 0xFF
            try bytes.write(to: media)
            try Data("new\n".utf8).write(to: bag.appendingPathComponent("data/added.txt"))
            let added = CLI.run(audit, cwd: bag)
            #expect(added.status != 0 && added.stdout.contains("Audit failed"), "\(added)")
        }
    }

    @Test("no list is made from a package that does not verify")
    func refusesFailingPackage() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)
            let result = CLI.rial(["inspect", tampered.path, "--format", "hashdeep"], cwd: dir)
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.isEmpty && result.stderr.contains("does not verify"), "\(result)")
        }
    }
}
