import Foundation
import Testing
import RialTestSupport

/// `rial verify --format xml` and `rial inspect --format dfxml` end to end: their exit
/// statuses and what goes to standard output and to `--report FILE.xml`. That the XML is valid
/// against schema/report.xsd (libxml2 and xmllint) whatever the verdict, and that DFXML lists
/// every file with sha256sum's hashes, are in-process tests (RialVerifierTests' XMLOutputTests).
@Suite("XML reports and DFXML")
struct XMLOutputTests {
    @Test("verify --format xml: exit 0, 1 and 2 by verdict; --report FILE.xml writes the same document as stdout")
    func reports() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)
            let notAPackage = dir.appendingPathComponent("notes.rialpkg")
            try Data("not an archive".utf8).write(to: notAPackage)

            let passed = CLI.rial(["verify", package.path, "--format", "xml", "--report", "report.xml", "--quiet"], cwd: dir)
            #expect(passed.status == 0 && passed.stdout.contains("<verdict>pass</verdict>"), "\(passed)")
            #expect(try Fixture.text(dir.appendingPathComponent("report.xml")) == passed.stdout)
            try ReportSchemaOracle.expectValid(dir.appendingPathComponent("report.xml"), cwd: dir)
            let failed = CLI.rial(["verify", tampered.path, "--format", "xml", "--quiet"], cwd: dir)
            #expect(failed.status == 1 && failed.stdout.contains("<verdict>fail</verdict>"), "\(failed)")
            let error = CLI.rial(["verify", notAPackage.path, "--format", "xml", "--quiet"], cwd: dir)
            #expect(error.status == 2 && error.stdout.contains("<verdict>error</verdict>"), "\(error)")
        }
    }

    @Test("inspect --format dfxml: exit 0 and DFXML on stdout; a failing package, exit 1 and nothing on stdout")
    func dfxml() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let result = CLI.rial(["inspect", package.path, "--format", "dfxml"], cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("<dfxml") && result.stdout.contains("/data/media/capture.mov</filename>"), "\(result)")

            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)
            let refused = CLI.rial(["inspect", tampered.path, "--format", "dfxml"], cwd: dir)
            #expect(refused.status == 1 && refused.stdout.isEmpty, "\(refused)")
        }
    }
}
