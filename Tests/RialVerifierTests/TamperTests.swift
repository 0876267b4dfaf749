import Foundation
import Testing
import RialReport
import RialTestSupport
@testable import RialVerifier

/// Tampering with a packed sample, judged in-process by the verifier; `rial verify`'s exit codes
/// for the same attacks are end-to-end tests in RialCLITests' TamperTests.
@Suite("Tampering is caught (library)")
struct TamperTests {
    @Test("archive-level tampering is refused as unsafe with its code and location (an ERROR report)", arguments: TamperCatalogue.refusals)
    func refused(_ tamper: TamperCase) throws {
        try TemporaryDirectory.with { dir in
            let (report, context) = try Self.verifyTampered(tamper, in: dir)
            let expected = try #require(tamper.expected.first)
            #expect(report.verdict == .error)
            #expect(report.checks.isEmpty, "a refused archive gets no check results: \(report.checks)")
            #expect(report.error?.code.rawValue == expected.code, "\(String(describing: report.error))")
            let location = context.expand(expected.subject)
            if location.hasSuffix("*") {
                #expect(report.error?.location?.hasPrefix(String(location.dropLast())) == true, "\(String(describing: report.error))")
            } else {
                #expect(report.error?.location == location, "\(String(describing: report.error))")
            }

            let text = TextReportRenderer.render(report)
            #expect(text.hasPrefix("ERROR"), "\(text)")
            #expect(text.contains("Code: \(expected.code)"), "\(text)")
        }
    }

    @Test("tampering is reported with its code and subject (a FAIL report)", arguments: TamperCatalogue.cases)
    func caught(_ tamper: TamperCase) throws {
        try TemporaryDirectory.with { dir in
            let (report, context) = try Self.verifyTampered(tamper, in: dir)
            #expect(report.verdict == .fail)
            #expect(report.count(.fail) == report.failures.count && report.count(.fail) > 0)
            for finding in tamper.expected {
                let subject = context.expand(finding.subject)
                #expect(report.has(finding.code, subject: subject), "missing \(finding.code) [\(subject)] in \(report.failures)")
            }
            for code in tamper.absent {
                #expect(!report.failures.contains { $0.code.rawValue == code }, "unexpected \(code) in \(report.failures)")
            }

            let lines = report.textLines
            #expect(lines.first?.hasPrefix("FAIL") == true, "\(lines.prefix(3))")
            for finding in tamper.expected {
                #expect(lines.contains { $0.hasPrefix("FAIL") && $0.contains(" \(finding.code) ") }, "no FAIL line for \(finding.code)")
            }
        }
    }

    @Test("rewriting the archive without changes still verifies (the tamper tool itself changes nothing)")
    func untouchedCopyPasses() throws {
        try TemporaryDirectory.with { dir in
            let original = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let copy = dir.appendingPathComponent("copy.rialpkg")
            try OutsideOracle.tamper(original, ["copy"], output: copy)
            #expect(try Data(contentsOf: copy) != Data(contentsOf: original), "the rewrite should differ in bytes (padding, headers)")
            let report = LibraryFixture.verify(copy)
            #expect(report.verdict == .pass, "\(report.failures)")
        }
    }

    @Test("a changed file's finding shows the recorded digest as expected and the file's digest as actual")
    func expectedAndActual() throws {
        try TemporaryDirectory.with { dir in
            let original = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let context = try TamperContext(package: original, scratch: dir.appendingPathComponent("original"))
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try OutsideOracle.tamper(original, ["flip-byte", "data/media/capture.mov", "7"], output: tampered)
            let bag = try OutsideOracle.untar(tampered, into: dir.appendingPathComponent("tampered"))
            let actual = try OutsideOracle.digest("data/media/capture.mov", cwd: bag)

            let report = LibraryFixture.verify(tampered)
            let finding = try #require(report.checks("bag.manifest.sha256.mismatch").first)
            #expect(finding.expected == context.expand("{sha256:data/media/capture.mov}"))
            #expect(finding.actual == actual)
            #expect(finding.expected != finding.actual)

            let truncated = dir.appendingPathComponent("truncated.rialpkg")
            try OutsideOracle.tamper(original, ["truncate", "data/depth/depth_000004.f32", "1000"], output: truncated)
            let size = try #require(LibraryFixture.verify(truncated).checks("rial.manifest.file.size-mismatch").first)
            #expect(size.expected == context.expand("{size:data/depth/depth_000004.f32}"))
            #expect(size.actual == "1000")
        }
    }

    /// A packed sample changed by `tamper` (tamper.py, the outside tool), verified in-process;
    /// the context expands the case's placeholders for its expected subjects.
    private static func verifyTampered(_ tamper: TamperCase, in dir: URL) throws -> (VerificationReport, TamperContext) {
        let original = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
        let context = try TamperContext(package: original, scratch: dir.appendingPathComponent("original"))
        let tampered = dir.appendingPathComponent("tampered.rialpkg")
        try OutsideOracle.tamper(original, tamper.op.map(context.expand), output: tampered)
        return (LibraryFixture.verify(tampered), context)
    }
}
