import Foundation
import Testing
import RialReport
import RialTestSupport
@testable import RialVerifier

/// One finding a tampered package must produce: code and subject.
struct TamperFinding: Sendable, CustomStringConvertible {
    let code: String
    let subject: String
    init(_ code: String, _ subject: String) { self.code = code; self.subject = subject }
    var description: String { "\(code) [\(subject)]" }
}

/// One way of tampering with a package (an op of Tests/RialCLITests/Fixtures/tamper.py) and what
/// must be found.
///
/// Op arguments and subjects may use placeholders filled in from the untouched package
/// (RialTestSupport's ``TamperContext``): `{top}` (the bag directory name), `{sha256:PATH}`
/// (PATH's digest in manifest-sha256.txt or tagmanifest-sha256.txt), `{sha256x:PATH}` (that
/// digest with one hex digit changed), `{size:PATH}`, `{size+1:PATH}`, `{oxum}` and `{oxum+1}`
/// (Payload-Oxum, octets plus one).
struct TamperCase: Sendable, CustomTestStringConvertible {
    let name: String
    let op: [String]
    let expected: [TamperFinding]
    /// Failure codes that must not appear (over-reporting is a bug too).
    var absent: [String] = []
    var testDescription: String { name }
}

/// Tampering with a packed sample, judged in-process by the verifier; `rial verify`'s exit codes
/// for the same attacks are end-to-end tests in RialCLITests' TamperTests.
@Suite("Tampering is caught (library)")
struct TamperTests {
    static let cases: [TamperCase] = [
        TamperCase(
            name: "media byte flipped",
            op: ["flip-byte", "data/media/capture.mov", "100"],
            expected: [
                TamperFinding("bag.manifest.sha256.mismatch", "data/media/capture.mov"),
                TamperFinding("bag.manifest.sha512.mismatch", "data/media/capture.mov"),
                TamperFinding("rial.manifest.file.sha256-mismatch", "data/media/capture.mov"),
                TamperFinding("rial.manifest.file.sha512-mismatch", "data/media/capture.mov"),
            ],
            absent: ["bag.payload-oxum.mismatch", "bag.tagmanifest.sha256.mismatch", "rial.manifest.file.size-mismatch"]
        ),
        TamperCase(
            name: "custody log byte flipped",
            op: ["flip-byte", "data/capture/custody_log.json", "0"],
            expected: [
                TamperFinding("bag.manifest.sha256.mismatch", "data/capture/custody_log.json"),
                TamperFinding("rial.manifest.file.sha256-mismatch", "data/capture/custody_log.json"),
            ]
        ),
        TamperCase(
            name: "depth keyframe truncated",
            op: ["truncate", "data/depth/depth_000004.f32", "1000"],
            expected: [
                TamperFinding("bag.manifest.sha256.mismatch", "data/depth/depth_000004.f32"),
                TamperFinding("rial.manifest.file.size-mismatch", "data/depth/depth_000004.f32"),
                TamperFinding("bag.payload-oxum.mismatch", "bag-info.txt: Payload-Oxum"),
            ]
        ),
        TamperCase(
            name: "payload file removed",
            op: ["remove", "data/depth/depth_000007.f32"],
            expected: [
                TamperFinding("bag.manifest.sha256.missing", "data/depth/depth_000007.f32"),
                TamperFinding("bag.manifest.sha512.missing", "data/depth/depth_000007.f32"),
                TamperFinding("rial.manifest.file.missing", "data/depth/depth_000007.f32"),
                TamperFinding("bag.payload-oxum.mismatch", "bag-info.txt: Payload-Oxum"),
            ]
        ),
        TamperCase(
            name: "file added under data/",
            op: ["add", "data/media/extra.txt", "planted\n"],
            expected: [
                TamperFinding("bag.manifest.sha256.unlisted", "data/media/extra.txt"),
                TamperFinding("rial.manifest.file.unlisted", "data/media/extra.txt"),
            ]
        ),
        TamperCase(
            name: "tag file added at the bag root",
            op: ["add", "notes.txt", "planted\n"],
            expected: [
                TamperFinding("bag.tagmanifest.sha256.unlisted", "notes.txt"),
                TamperFinding("rial.manifest.file.unlisted", "notes.txt"),
            ]
        ),
        TamperCase(
            name: "payload manifest line edited",
            op: ["replace-text", "manifest-sha256.txt", "{sha256:data/media/capture.mov}", "{sha256x:data/media/capture.mov}"],
            expected: [
                TamperFinding("bag.manifest.sha256.mismatch", "data/media/capture.mov"),
                TamperFinding("bag.tagmanifest.sha256.mismatch", "manifest-sha256.txt"),
                TamperFinding("rial.manifest.file.sha256-mismatch", "manifest-sha256.txt"),
            ]
        ),
        TamperCase(
            name: "rial/manifest.json size edited",
            op: ["replace-text", "rial/manifest.json", "\"size\": {size:data/media/capture.mov},", "\"size\": {size+1:data/media/capture.mov},"],
            expected: [
                TamperFinding("bag.tagmanifest.sha256.mismatch", "rial/manifest.json"),
                TamperFinding("bag.tagmanifest.sha512.mismatch", "rial/manifest.json"),
                TamperFinding("rial.manifest.file.size-mismatch", "data/media/capture.mov"),
            ]
        ),
        TamperCase(
            name: "rial/manifest.json digest edited",
            op: ["replace-text", "rial/manifest.json", "{sha256:data/depth/depth_000001.f32}", "{sha256x:data/depth/depth_000001.f32}"],
            expected: [
                TamperFinding("bag.tagmanifest.sha256.mismatch", "rial/manifest.json"),
                TamperFinding("rial.manifest.file.sha256-mismatch", "data/depth/depth_000001.f32"),
            ],
            absent: ["bag.manifest.sha256.mismatch"]
        ),
        TamperCase(
            name: "Payload-Oxum edited",
            op: ["replace-text", "bag-info.txt", "Payload-Oxum: {oxum}", "Payload-Oxum: {oxum+1}"],
            expected: [
                TamperFinding("bag.payload-oxum.mismatch", "bag-info.txt: Payload-Oxum"),
                TamperFinding("bag.tagmanifest.sha256.mismatch", "bag-info.txt"),
                TamperFinding("rial.manifest.file.sha256-mismatch", "bag-info.txt"),
            ]
        ),
        TamperCase(
            name: "bagit.txt edited",
            op: ["replace-text", "bagit.txt", "BagIt-Version: 1.0", "BagIt-Version: 0.97"],
            expected: [
                TamperFinding("bag.tagmanifest.sha256.mismatch", "bagit.txt"),
                TamperFinding("rial.manifest.file.sha256-mismatch", "bagit.txt"),
            ]
        ),
        TamperCase(
            name: "tagmanifest line edited",
            op: ["replace-text", "tagmanifest-sha256.txt", "{sha256:README.txt}", "{sha256x:README.txt}"],
            expected: [TamperFinding("bag.tagmanifest.sha256.mismatch", "README.txt")]
        ),
        TamperCase(
            name: "entry renamed",
            op: ["rename", "data/media/capture.mov", "data/media/capture2.mov"],
            expected: [
                TamperFinding("bag.manifest.sha256.missing", "data/media/capture.mov"),
                TamperFinding("bag.manifest.sha256.unlisted", "data/media/capture2.mov"),
                TamperFinding("rial.manifest.file.missing", "data/media/capture.mov"),
                TamperFinding("rial.manifest.file.unlisted", "data/media/capture2.mov"),
            ]
        ),
    ]

    /// Archive-level tampering: the strict reader refuses the archive as unsafe (exit 2) and
    /// says which rule and where; no verdict on its contents is given.
    static let refusals: [TamperCase] = [
        TamperCase(name: "entry duplicated", op: ["duplicate", "data/media/capture.mov"],
                   expected: [TamperFinding("archive.entry.duplicate", "{top}/data/media/capture.mov")]),
        TamperCase(name: "symbolic link added", op: ["symlink", "data/media/link.mov", "capture.mov"],
                   expected: [TamperFinding("archive.entry.unsupported-type", "{top}/data/media/link.mov")]),
        TamperCase(name: "entry escaping the bag with ..", op: ["add-raw", "{top}/../evil.txt", "x"],
                   expected: [TamperFinding("archive.entry.invalid-name", "{top}/../evil.txt")]),
        TamperCase(name: "absolute entry name", op: ["add-raw", "/abs.txt", "x"],
                   expected: [TamperFinding("archive.entry.invalid-name", "/abs.txt")]),
        TamperCase(name: "second top-level directory", op: ["add-raw", "other/x.txt", "x"],
                   expected: [TamperFinding("archive.layout.multiple-roots", "other/x.txt")]),
        TamperCase(name: "data hidden after the end of the archive", op: ["append-bytes", String(repeating: "HIDDEN DATA ", count: 100)],
                   expected: [TamperFinding("archive.trailing-data", "byte *")]),
    ]

    @Test("archive-level tampering is refused as unsafe with its code and location (an ERROR report)", arguments: refusals)
    func refused(_ tamper: TamperCase) throws {
        try TemporaryDirectory.with { dir in
            let original = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let context = try TamperContext(package: original, scratch: dir.appendingPathComponent("original"))
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try OutsideOracle.tamper(original, tamper.op.map(context.expand), output: tampered)

            let report = LibraryFixture.verify(tampered)
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

    @Test("tampering is reported with its code and subject (a FAIL report)", arguments: cases)
    func caught(_ tamper: TamperCase) throws {
        try TemporaryDirectory.with { dir in
            let original = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let context = try TamperContext(package: original, scratch: dir.appendingPathComponent("original"))
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try OutsideOracle.tamper(original, tamper.op.map(context.expand), output: tampered)

            let report = LibraryFixture.verify(tampered)
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
            let sum = Subprocess.execute([try OutsideOracle.tool("sha256sum"), "data/media/capture.mov"], cwd: bag)
            let actual = try #require(sum.output.split(separator: " ").first.map(String.init))

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
}
