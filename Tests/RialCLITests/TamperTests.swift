import Foundation
import Testing

/// One finding a tampered package must produce.
struct Finding: Sendable, CustomStringConvertible {
    let code: String
    let subject: String
    init(_ code: String, _ subject: String) { self.code = code; self.subject = subject }
    var description: String { "\(code) [\(subject)]" }
}

/// One way of tampering with a package (an op of Fixtures/tamper.py) and what must be found.
///
/// Op arguments and subjects may use placeholders filled in from the untouched package:
/// `{top}` (the bag directory name), `{sha256:PATH}` (PATH's digest in manifest-sha256.txt or
/// tagmanifest-sha256.txt), `{sha256x:PATH}` (that digest with one hex digit changed),
/// `{size:PATH}`, `{size+1:PATH}`, `{oxum}` and `{oxum+1}` (Payload-Oxum, octets plus one).
struct TamperCase: Sendable, CustomTestStringConvertible {
    let name: String
    let op: [String]
    let expected: [Finding]
    /// Failure codes that must not appear (over-reporting is a bug too).
    var absent: [String] = []
    var testDescription: String { name }
}

@Suite("Tampering is caught")
struct TamperTests {
    static let cases: [TamperCase] = [
        TamperCase(
            name: "media byte flipped",
            op: ["flip-byte", "data/media/capture.mov", "100"],
            expected: [
                Finding("bag.manifest.sha256.mismatch", "data/media/capture.mov"),
                Finding("bag.manifest.sha512.mismatch", "data/media/capture.mov"),
                Finding("rial.manifest.file.sha256-mismatch", "data/media/capture.mov"),
                Finding("rial.manifest.file.sha512-mismatch", "data/media/capture.mov"),
            ],
            absent: ["bag.payload-oxum.mismatch", "bag.tagmanifest.sha256.mismatch", "rial.manifest.file.size-mismatch"]
        ),
        TamperCase(
            name: "custody log byte flipped",
            op: ["flip-byte", "data/capture/custody_log.json", "0"],
            expected: [
                Finding("bag.manifest.sha256.mismatch", "data/capture/custody_log.json"),
                Finding("rial.manifest.file.sha256-mismatch", "data/capture/custody_log.json"),
            ]
        ),
        TamperCase(
            name: "depth keyframe truncated",
            op: ["truncate", "data/depth/depth_000004.f32", "1000"],
            expected: [
                Finding("bag.manifest.sha256.mismatch", "data/depth/depth_000004.f32"),
                Finding("rial.manifest.file.size-mismatch", "data/depth/depth_000004.f32"),
                Finding("bag.payload-oxum.mismatch", "bag-info.txt: Payload-Oxum"),
            ]
        ),
        TamperCase(
            name: "payload file removed",
            op: ["remove", "data/depth/depth_000007.f32"],
            expected: [
                Finding("bag.manifest.sha256.missing", "data/depth/depth_000007.f32"),
                Finding("bag.manifest.sha512.missing", "data/depth/depth_000007.f32"),
                Finding("rial.manifest.file.missing", "data/depth/depth_000007.f32"),
                Finding("bag.payload-oxum.mismatch", "bag-info.txt: Payload-Oxum"),
            ]
        ),
        TamperCase(
            name: "file added under data/",
            op: ["add", "data/media/extra.txt", "planted\n"],
            expected: [
                Finding("bag.manifest.sha256.unlisted", "data/media/extra.txt"),
                Finding("rial.manifest.file.unlisted", "data/media/extra.txt"),
            ]
        ),
        TamperCase(
            name: "tag file added at the bag root",
            op: ["add", "notes.txt", "planted\n"],
            expected: [
                Finding("bag.tagmanifest.sha256.unlisted", "notes.txt"),
                Finding("rial.manifest.file.unlisted", "notes.txt"),
            ]
        ),
        TamperCase(
            name: "payload manifest line edited",
            op: ["replace-text", "manifest-sha256.txt", "{sha256:data/media/capture.mov}", "{sha256x:data/media/capture.mov}"],
            expected: [
                Finding("bag.manifest.sha256.mismatch", "data/media/capture.mov"),
                Finding("bag.tagmanifest.sha256.mismatch", "manifest-sha256.txt"),
                Finding("rial.manifest.file.sha256-mismatch", "manifest-sha256.txt"),
            ]
        ),
        TamperCase(
            name: "rial/manifest.json size edited",
            op: ["replace-text", "rial/manifest.json", "\"size\": {size:data/media/capture.mov},", "\"size\": {size+1:data/media/capture.mov},"],
            expected: [
                Finding("bag.tagmanifest.sha256.mismatch", "rial/manifest.json"),
                Finding("bag.tagmanifest.sha512.mismatch", "rial/manifest.json"),
                Finding("rial.manifest.file.size-mismatch", "data/media/capture.mov"),
            ]
        ),
        TamperCase(
            name: "rial/manifest.json digest edited",
            op: ["replace-text", "rial/manifest.json", "{sha256:data/depth/depth_000001.f32}", "{sha256x:data/depth/depth_000001.f32}"],
            expected: [
                Finding("bag.tagmanifest.sha256.mismatch", "rial/manifest.json"),
                Finding("rial.manifest.file.sha256-mismatch", "data/depth/depth_000001.f32"),
            ],
            absent: ["bag.manifest.sha256.mismatch"]
        ),
        TamperCase(
            name: "Payload-Oxum edited",
            op: ["replace-text", "bag-info.txt", "Payload-Oxum: {oxum}", "Payload-Oxum: {oxum+1}"],
            expected: [
                Finding("bag.payload-oxum.mismatch", "bag-info.txt: Payload-Oxum"),
                Finding("bag.tagmanifest.sha256.mismatch", "bag-info.txt"),
                Finding("rial.manifest.file.sha256-mismatch", "bag-info.txt"),
            ]
        ),
        TamperCase(
            name: "bagit.txt edited",
            op: ["replace-text", "bagit.txt", "BagIt-Version: 1.0", "BagIt-Version: 0.97"],
            expected: [
                Finding("bag.tagmanifest.sha256.mismatch", "bagit.txt"),
                Finding("rial.manifest.file.sha256-mismatch", "bagit.txt"),
            ]
        ),
        TamperCase(
            name: "tagmanifest line edited",
            op: ["replace-text", "tagmanifest-sha256.txt", "{sha256:README.txt}", "{sha256x:README.txt}"],
            expected: [Finding("bag.tagmanifest.sha256.mismatch", "README.txt")]
        ),
        TamperCase(
            name: "entry renamed",
            op: ["rename", "data/media/capture.mov", "data/media/capture2.mov"],
            expected: [
                Finding("bag.manifest.sha256.missing", "data/media/capture.mov"),
                Finding("bag.manifest.sha256.unlisted", "data/media/capture2.mov"),
                Finding("rial.manifest.file.missing", "data/media/capture.mov"),
                Finding("rial.manifest.file.unlisted", "data/media/capture2.mov"),
            ]
        ),
    ]

    /// Archive-level tampering: the strict reader refuses the archive as unsafe (exit 2) and
    /// says which rule and where; no verdict on its contents is given.
    static let refusals: [TamperCase] = [
        TamperCase(name: "entry duplicated", op: ["duplicate", "data/media/capture.mov"],
                   expected: [Finding("archive.entry.duplicate", "{top}/data/media/capture.mov")]),
        TamperCase(name: "symbolic link added", op: ["symlink", "data/media/link.mov", "capture.mov"],
                   expected: [Finding("archive.entry.unsupported-type", "{top}/data/media/link.mov")]),
        TamperCase(name: "entry escaping the bag with ..", op: ["add-raw", "{top}/../evil.txt", "x"],
                   expected: [Finding("archive.entry.invalid-name", "{top}/../evil.txt")]),
        TamperCase(name: "absolute entry name", op: ["add-raw", "/abs.txt", "x"],
                   expected: [Finding("archive.entry.invalid-name", "/abs.txt")]),
        TamperCase(name: "second top-level directory", op: ["add-raw", "other/x.txt", "x"],
                   expected: [Finding("archive.layout.multiple-roots", "other/x.txt")]),
        TamperCase(name: "data hidden after the end of the archive", op: ["append-bytes", String(repeating: "HIDDEN DATA ", count: 100)],
                   expected: [Finding("archive.trailing-data", "byte *")]),
    ]

    @Test("archive-level tampering is refused as unsafe with its code and location, exit 2", arguments: refusals)
    func refused(_ tamper: TamperCase) throws {
        try withTemporaryDirectory { dir in
            let original = try Fixture.package(in: dir)
            let context = try TamperContext(package: original, scratch: dir.appendingPathComponent("original"))
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(original, tamper.op.map(context.expand), output: tampered)

            let (result, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
            let expected = try #require(tamper.expected.first)
            #expect(result.status == 2, "\(result)")
            #expect(report.verdict == "error")
            #expect(report.checks.isEmpty, "a refused archive gets no check results: \(report.checks)")
            #expect(report.error?.code == expected.code, "\(result)")
            let location = context.expand(expected.subject)
            if location.hasSuffix("*") {
                #expect(report.error?.location?.hasPrefix(String(location.dropLast())) == true, "\(result)")
            } else {
                #expect(report.error?.location == location, "\(result)")
            }

            let text = CLI.rial(["verify", tampered.path, "--quiet"], cwd: dir)
            #expect(text.status == 2, "\(text)")
            #expect(text.firstLine.hasPrefix("ERROR"), "\(text)")
            #expect(text.stdout.contains("Code: \(expected.code)"), "\(text)")
        }
    }

    @Test("tampering is reported with its code and subject, exit 1", arguments: cases)
    func caught(_ tamper: TamperCase) throws {
        try withTemporaryDirectory { dir in
            let original = try Fixture.package(in: dir)
            let context = try TamperContext(package: original, scratch: dir.appendingPathComponent("original"))
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(original, tamper.op.map(context.expand), output: tampered)

            let (result, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
            #expect(result.status == 1, "\(result)")
            #expect(report.verdict == "fail")
            #expect(report.summary.fail == report.failures.count && report.summary.fail > 0)
            for finding in tamper.expected {
                let subject = context.expand(finding.subject)
                #expect(report.has(finding.code, subject: subject), "missing \(finding.code) [\(subject)] in \(report.failures)")
            }
            for code in tamper.absent {
                #expect(!report.failures.contains { $0.code == code }, "unexpected \(code) in \(report.failures)")
            }

            let text = CLI.rial(["verify", tampered.path, "--quiet"], cwd: dir)
            #expect(text.status == 1, "\(text)")
            #expect(text.firstLine.hasPrefix("FAIL"), "\(text)")
            let lines = text.stdout.split(separator: "\n")
            for finding in tamper.expected {
                #expect(lines.contains { $0.hasPrefix("FAIL") && $0.contains(" \(finding.code) ") }, "no FAIL line for \(finding.code)")
            }
        }
    }

    @Test("rewriting the archive without changes still verifies (the tamper tool itself changes nothing)")
    func untouchedCopyPasses() throws {
        try withTemporaryDirectory { dir in
            let original = try Fixture.package(in: dir)
            let copy = dir.appendingPathComponent("copy.rialpkg")
            try Oracle.tamper(original, ["copy"], output: copy)
            #expect(try Fixture.read(copy) != Fixture.read(original), "the rewrite should differ in bytes (padding, headers)")
            let (result, report) = try Fixture.verifyJSON(copy.path, cwd: dir)
            #expect(result.status == 0, "\(result)")
            #expect(report.verdict == "pass")
        }
    }

    @Test("a changed file's finding shows the recorded digest as expected and the file's digest as actual")
    func expectedAndActual() throws {
        try withTemporaryDirectory { dir in
            let original = try Fixture.package(in: dir)
            let context = try TamperContext(package: original, scratch: dir.appendingPathComponent("original"))
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(original, ["flip-byte", "data/media/capture.mov", "7"], output: tampered)
            let bag = try Fixture.untar(tampered, into: dir.appendingPathComponent("tampered"))
            let sum = CLI.run([try Oracle.tool("sha256sum"), "data/media/capture.mov"], cwd: bag)
            let actual = try #require(sum.stdout.split(separator: " ").first.map(String.init))

            let (_, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
            let finding = try #require(report.checks("bag.manifest.sha256.mismatch").first)
            #expect(finding.expected == context.expand("{sha256:data/media/capture.mov}"))
            #expect(finding.actual == actual)
            #expect(finding.expected != finding.actual)

            let truncated = dir.appendingPathComponent("truncated.rialpkg")
            try Oracle.tamper(original, ["truncate", "data/depth/depth_000004.f32", "1000"], output: truncated)
            let size = try #require(Fixture.verifyJSON(truncated.path, cwd: dir).report.checks("rial.manifest.file.size-mismatch").first)
            #expect(size.expected == context.expand("{size:data/depth/depth_000004.f32}"))
            #expect(size.actual == "1000")
        }
    }
}

/// Values of the untouched package that tamper ops and expected subjects refer to.
struct TamperContext {
    let top: String
    let bag: URL
    let digests: [String: String]
    let oxum: String

    init(package: URL, scratch: URL) throws {
        bag = try Fixture.untar(package, into: scratch)
        top = bag.lastPathComponent
        var digests: [String: String] = [:]
        for manifest in ["manifest-sha256.txt", "tagmanifest-sha256.txt"] {
            for line in try Fixture.text(bag.appendingPathComponent(manifest)).split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
                if parts.count == 2 { digests[parts[1].trimmingCharacters(in: .whitespaces)] = String(parts[0]) }
            }
        }
        self.digests = digests
        let info = try Fixture.text(bag.appendingPathComponent("bag-info.txt"))
        let line = try #require(info.split(separator: "\n").first { $0.hasPrefix("Payload-Oxum: ") })
        oxum = String(line.dropFirst("Payload-Oxum: ".count))
    }

    /// Replaces every `{...}` placeholder in `text`.
    func expand(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            out += value(of: String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    private func value(of placeholder: String) -> String {
        let parts = placeholder.split(separator: ":", maxSplits: 1).map(String.init)
        let path = parts.count > 1 ? parts[1] : ""
        switch parts[0] {
        case "top": return top
        case "sha256": return digests[path] ?? "<no digest for \(path)>"
        case "sha256x":
            guard let digest = digests[path] else { return "<no digest for \(path)>" }
            return (digest.first == "0" ? "1" : "0") + digest.dropFirst()
        case "size", "size+1":
            let size = (try? FileManager.default.attributesOfItem(atPath: bag.appendingPathComponent(path).path)[.size] as? NSNumber)?.intValue ?? -1
            return String(parts[0] == "size" ? size : size + 1)
        case "oxum": return oxum
        case "oxum+1":
            let fields = oxum.split(separator: ".")
            return "\((Int(fields[0]) ?? 0) + 1).\(fields.count > 1 ? fields[1] : "")"
        default: return "{\(placeholder)}"
        }
    }
}
