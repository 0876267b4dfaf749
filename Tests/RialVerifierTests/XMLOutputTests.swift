import Foundation
import Testing
import RialTestSupport
import RialReport
import RialXML
@testable import RialVerifier

/// XML for the tools forensic labs use, rendered in process: the verification report against
/// schema/report.xsd (checked with libxml2 and with xmllint, the outside oracle), and the
/// package's contents as DFXML, well formed, every file listed with hashes equal to
/// sha256sum's. `rial verify --format xml` and `rial inspect --format dfxml` stay end to end
/// (RialCLITests' XMLOutputTests).
@Suite("XML reports and DFXML (library)")
struct XMLOutputTests {
    @Test("every kind of verdict, sealed or not, and hostile strings give XML valid against report.xsd")
    func reports() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try OutsideOracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)
            let sealed = try LibraryFixture.sealed(try TestPKI.make(in: dir), in: dir, name: "sealed.rialpkg")
            // A name full of what XML 1.0 cannot hold or a reader must not be fooled by.
            let hostile = dir.appendingPathComponent("evil\u{1B}[2J\u{202E}gpj.rialpkg")
            try Data("not an archive".utf8).write(to: hostile)

            for (name, input, expected) in [
                ("pass", package, VerificationReport.Verdict.pass), ("fail", tampered, .fail), ("sealed", sealed, .pass), ("error", hostile, .error),
            ] {
                let report = LibraryFixture.verify(input)
                #expect(report.verdict == expected, "\(name): \(report.failures)")
                let bytes = try XMLReportRenderer.bytes(report)
                let file = dir.appendingPathComponent("\(name).xml")
                try Data(bytes).write(to: file)
                try ReportSchemaOracle.expectValid(file, cwd: dir)
                let xml = String(decoding: bytes, as: UTF8.self)
                if name == "error" {
                    #expect(xml.contains("evil\\u{1b}[2J\\u{202e}gpj.rialpkg"), "escaped as in the text report")
                    #expect(!xml.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
                }
                if name == "sealed" { #expect(xml.contains("<seal>") && xml.contains("<signer>")) }
                if name == "fail" { #expect(xml.contains("<code>bag.manifest.sha256.mismatch</code>")) }
            }

            // The schema is not a rubber stamp: a report missing its verdict is refused.
            let broken = dir.appendingPathComponent("broken.xml")
            let text = try String(contentsOf: dir.appendingPathComponent("pass.xml"), encoding: .utf8)
            try Data(text.replacingOccurrences(of: "<verdict>pass</verdict>", with: "").utf8).write(to: broken)
            #expect(try XMLSchemaValidator(schemaPath: ReportSchemaOracle.xsd).problems(Array(Data(contentsOf: broken))) != nil)
        }
    }

    @Test("DFXML: well formed, one fileobject per file with sha256sum's SHA-256; none for a failing package")
    func dfxml() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let made = try VerifiedContents.make(path: package.path)
            let contents = try #require(made.contents, "\(made.report.failures)")
            let file = dir.appendingPathComponent("contents.dfxml")
            try Data(try DFXMLRenderer.bytes(contents, source: package.path, commandLine: "rial inspect \(package.path) --format dfxml")).write(to: file)
            let xmllint = try OutsideOracle.tool("xmllint")
            let wellFormed = Subprocess.execute([xmllint, "--noout", "--nonet", file.path], cwd: dir)
            #expect(wellFormed.status == 0, "\(wellFormed)")

            // What DFXML says, read by Python's own XML parser.
            let script = """
                import sys, xml.etree.ElementTree as ET
                ns = {"d": "http://www.forensicswiki.org/wiki/Category:Digital_Forensics_XML"}
                for fo in ET.parse(sys.argv[1]).getroot().findall("d:fileobject", ns):
                    digests = {h.get("type"): h.text for h in fo.findall("d:hashdigest", ns)}
                    print(fo.find("d:filename", ns).text, fo.find("d:filesize", ns).text, digests["sha256"], len(digests["sha512"]))
                """
            let parsed = Subprocess.execute([try OutsideOracle.python(), "-c", script, file.path], cwd: dir)
            try #require(parsed.status == 0, "\(parsed)")
            let rows = parsed.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }

            // Against the archive as tar and sha256sum see it.
            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("x"))
            let files = TemporaryDirectory.regularFiles(bag)
            #expect(rows.count == files.count, "\(rows.count) fileobjects, \(files.count) files")
            let sums = Subprocess.execute(["sha256sum"] + files, cwd: bag)
            let expected = Dictionary(
                uniqueKeysWithValues: sums.output.split(separator: "\n").map { line -> (String, String) in
                    let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                    return (bag.lastPathComponent + "/" + parts[1].trimmingCharacters(in: .whitespaces), parts[0])
                })
            for row in rows {
                #expect(expected[row[0]] == row[2], "\(row[0])")
                #expect(row[3] == "128")
                let size = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("x/" + row[0]).path)[.size] as? Int
                #expect(size.map(String.init) == row[1], "\(row[0])")
            }

            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try OutsideOracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)
            let refused = try VerifiedContents.make(path: tampered.path)
            #expect(refused.report.verdict == .fail && refused.contents == nil, "\(refused.report.verdict)")
        }
    }
}
