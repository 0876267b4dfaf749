import Foundation
import Testing
import RialTestSupport

/// `rial verify DIR` on a plain BagIt bag directory (RFC 8493), end to end: its exit statuses
/// and what goes to standard output and error. What the verifier finds in a bag is an
/// in-process test (RialVerifierTests' BagDirectoryTests).
@Suite("Bag directories")
struct BagDirectoryTests {
    @Test("a bagit-python bag: exit 0 and PASS; changed, exit 1 and FAIL; an MD5-only bag's warning on stderr; not a bag, exit 2 and ERROR")
    func exitStatusesAndOutput() throws {
        try withTemporaryDirectory { dir in
            let bag = try BagItOracle.makeBag(in: dir)
            let text = CLI.rial(["verify", bag.path, "--quiet"], cwd: dir)
            #expect(text.status == 0 && text.firstLine.hasPrefix("PASS"), "\(text)")
            let (json, report) = try Fixture.verifyJSON(bag.path, cwd: dir)
            #expect(json.status == 0 && report.verdict == "pass" && report.subject.kind == "bag", "\(json)")

            try Data("ONE\n".utf8).write(to: bag.appendingPathComponent("data/a.txt"))
            let changed = CLI.rial(["verify", bag.path, "--quiet"], cwd: dir)
            #expect(changed.status == 1 && changed.firstLine.hasPrefix("FAIL"), "\(changed)")

            let md5 = dir.appendingPathComponent("md5")
            try FileManager.default.createDirectory(at: md5, withIntermediateDirectories: true)
            let weak = CLI.rial(["verify", try BagItOracle.makeBag(in: md5, algorithms: ["--md5"]).path, "--quiet"], cwd: dir)
            #expect(weak.status == 0, "\(weak)")
            #expect(weak.stderr.lowercased().contains("warning") && weak.stderr.lowercased().contains("md5"), "\(weak)")

            let capture = try Fixture.sample(in: dir)
            let notABag = CLI.rial(["verify", capture.path, "--quiet"], cwd: dir)
            #expect(notABag.status == 2 && notABag.firstLine.hasPrefix("ERROR"), "\(notABag)")
        }
    }
}
