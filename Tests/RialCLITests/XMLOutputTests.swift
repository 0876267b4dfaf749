import Foundation
import Testing
import RialXML

/// XML for the tools forensic labs use: the verification report against schema/report.xsd
/// (checked with libxml2 in process and with xmllint, the outside oracle), and the package's
/// contents as DFXML, well formed, every file listed with hashes equal to sha256sum's.
@Suite("XML reports and DFXML")
struct XMLOutputTests {
    static let xsd = CLI.repoRoot.appendingPathComponent("schema/report.xsd").path

    /// Validates `file` against report.xsd both ways.
    static func expectValid(_ file: URL, cwd: URL) throws {
        let validator = try XMLSchemaValidator(schemaPath: xsd)
        let problems = validator.problems(Array(try Data(contentsOf: file)))
        #expect(problems == nil, "\(file.lastPathComponent): \(problems ?? "")")
        let xmllint = try Oracle.tool("xmllint")
        let oracle = CLI.run([xmllint, "--noout", "--nonet", "--schema", xsd, file.path], cwd: cwd)
        #expect(oracle.status == 0, "\(oracle)")
    }

    @Test("every kind of verdict, sealed or not, and hostile strings give XML valid against report.xsd")
    func reports() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)
            let sealed = dir.appendingPathComponent("sealed.rialpkg")
            try FileManager.default.copyItem(at: package, to: sealed)
            #expect(CLI.rial(["keygen", "--subject", "CN=XML Test (TEST ONLY)", "--out", "signer"], cwd: dir).status == 0)
            #expect(CLI.rial(["seal", sealed.path, "--sign-key", "signer.key", "--cert", "signer.pem", "--quiet"], cwd: dir).status == 0)
            // A name full of what XML 1.0 cannot hold or a reader must not be fooled by.
            let hostile = dir.appendingPathComponent("evil\u{1B}[2J\u{202E}gpj.rialpkg")
            try Data("not an archive".utf8).write(to: hostile)

            var seen: [String: Int32] = [:]
            for (name, input, expected) in [("pass", package, Int32(0)), ("fail", tampered, 1), ("sealed", sealed, 0), ("error", hostile, 2)] {
                let result = CLI.rial(["verify", input.path, "--format", "xml", "--quiet"], cwd: dir)
                #expect(result.status == expected, "\(name): \(result)")
                let file = dir.appendingPathComponent("\(name).xml")
                try Data(result.stdout.utf8).write(to: file)
                try Self.expectValid(file, cwd: dir)
                seen[name] = result.status
                if name == "error" {
                    #expect(result.stdout.contains("evil\\u{1b}[2J\\u{202e}gpj.rialpkg"), "escaped as in the text report")
                    #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
                }
                if name == "sealed" { #expect(result.stdout.contains("<seal>") && result.stdout.contains("<signer>")) }
                if name == "fail" { #expect(result.stdout.contains("<code>bag.manifest.sha256.mismatch</code>")) }
            }
            #expect(seen.count == 4)

            // --report FILE.xml writes the same document.
            let written = CLI.rial(["verify", package.path, "--report", "report.xml", "--quiet"], cwd: dir)
            #expect(written.status == 0, "\(written)")
            try Self.expectValid(dir.appendingPathComponent("report.xml"), cwd: dir)

            // The schema is not a rubber stamp: a report missing its verdict is refused.
            let broken = dir.appendingPathComponent("broken.xml")
            let text = try String(contentsOf: dir.appendingPathComponent("pass.xml"), encoding: .utf8)
            try Data(text.replacingOccurrences(of: "<verdict>pass</verdict>", with: "").utf8).write(to: broken)
            #expect(try XMLSchemaValidator(schemaPath: Self.xsd).problems(Array(Data(contentsOf: broken))) != nil)
        }
    }

    @Test("inspect --format dfxml: well formed, one fileobject per file with sha256sum's SHA-256; none for a failing package")
    func dfxml() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let result = CLI.rial(["inspect", package.path, "--format", "dfxml"], cwd: dir)
            try #require(result.status == 0, "\(result)")
            let file = dir.appendingPathComponent("contents.dfxml")
            try Data(result.stdout.utf8).write(to: file)
            let xmllint = try Oracle.tool("xmllint")
            let wellFormed = CLI.run([xmllint, "--noout", "--nonet", file.path], cwd: dir)
            #expect(wellFormed.status == 0, "\(wellFormed)")

            // What DFXML says, read by Python's own XML parser.
            let script = """
                import sys, xml.etree.ElementTree as ET
                ns = {"d": "http://www.forensicswiki.org/wiki/Category:Digital_Forensics_XML"}
                for fo in ET.parse(sys.argv[1]).getroot().findall("d:fileobject", ns):
                    digests = {h.get("type"): h.text for h in fo.findall("d:hashdigest", ns)}
                    print(fo.find("d:filename", ns).text, fo.find("d:filesize", ns).text, digests["sha256"], len(digests["sha512"]))
                """
            let parsed = CLI.run([try Oracle.python(), "-c", script, file.path], cwd: dir)
            try #require(parsed.status == 0, "\(parsed)")
            let rows = parsed.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }

            // Against the archive as tar and sha256sum see it.
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("x"))
            let files = Fixture.regularFiles(bag)
            #expect(rows.count == files.count, "\(rows.count) fileobjects, \(files.count) files")
            let sums = CLI.run(["sha256sum"] + files, cwd: bag)
            let expected = Dictionary(
                uniqueKeysWithValues: sums.stdout.split(separator: "\n").map { line -> (String, String) in
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
            try Oracle.tamper(package, ["flip-byte", "data/media/capture.mov", "100"], output: tampered)
            let refused = CLI.rial(["inspect", tampered.path, "--format", "dfxml"], cwd: dir)
            #expect(refused.status == 1 && refused.stdout.isEmpty, "\(refused)")
        }
    }
}
