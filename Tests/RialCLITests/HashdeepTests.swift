import Foundation
import Testing

/// `rial inspect --format hashdeep` end to end: its exit statuses and what goes to standard
/// output and error. That hashdeep itself accepts the list for the extracted payload, and
/// rejects it once a file changes, is an in-process test (RialVerifierTests' HashdeepTests).
@Suite("hashdeep known-file list")
struct HashdeepTests {
    @Test("a passing package: exit 0 and the list on stdout; a failing one: exit 1, nothing on stdout, why on stderr")
    func exitStatusesAndOutput() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let listed = CLI.rial(["inspect", package.path, "--format", "hashdeep"], cwd: dir)
            #expect(listed.status == 0, "\(listed)")
            #expect(listed.stdout.hasPrefix("%%%% HASHDEEP-1.0\n%%%% size,sha256,filename\n"), "\(listed)")
            #expect(listed.stdout.contains(",data/media/capture.mov\n"), "\(listed)")

            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)
            let result = CLI.rial(["inspect", tampered.path, "--format", "hashdeep"], cwd: dir)
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout.isEmpty && result.stderr.contains("does not verify"), "\(result)")
        }
    }
}
