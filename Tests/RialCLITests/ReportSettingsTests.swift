import Foundation
import RialTestSupport
import Testing

/// Report version 1.4: the case fields of bag-info.txt and what the verdict was reached with
/// (`case` and `settings`, SPEC §9.1.3), in the JSON report (against report.schema.json, by
/// jsonschema) and the XML report (against report.xsd, by xmllint), each anchor's fingerprint
/// held against openssl's.
@Suite("Report case fields and settings")
struct ReportSettingsTests {
    @Test(
        "every anchor given, --trust-dir included, with role, subject, openssl's fingerprint and file; the requirements, head, media, time and version; the case fields"
    )
    func givenEverything() throws {
        try withTemporaryDirectory { dir in
            let fixture = try CourtReportFixture.make(in: dir)
            let anchors = dir.appendingPathComponent("anchors")
            try FileManager.default.createDirectory(at: anchors, withIntermediateDirectories: true)
            for name in ["root-ca.pem", "other-root-ca.pem"] {
                try FileManager.default.copyItem(atPath: fixture.pki.path(name), toPath: anchors.appendingPathComponent(name).path)
            }
            let arguments = [
                "--trust-dir", "anchors", "--tsa-trust", "pki/root-ca.pem", "--require-seal", "--require-timestamp",
                "--custody-head", fixture.custodyHead.uppercased(), "--media", "capture/media/capture.mov",
            ]
            let result = CLI.rial(["verify", fixture.package.lastPathComponent, "--format", "json", "--quiet"] + arguments, cwd: dir)
            #expect(result.status == 0, "\(result)")
            let report = try #require(try? Report.decode(result.stdout), "\(result)")
            try Data(result.stdout.utf8).write(to: dir.appendingPathComponent("report.json"))
            let valid = try Oracle.validate(schema: "report.schema.json", ["report.json"], cwd: dir)
            #expect(valid.status == 0, "\(valid)")

            let settings = try #require(report.settings)
            // --trust-dir's files in name order, then --tsa-trust.
            #expect(settings.trustAnchors.map(\.role) == ["signer", "signer", "tsa"])
            #expect(settings.trustAnchors.map(\.option) == ["--trust-dir", "--trust-dir", "--tsa-trust"])
            #expect(settings.trustAnchors.map(\.file) == ["anchors/other-root-ca.pem", "anchors/root-ca.pem", "pki/root-ca.pem"])
            for anchor in settings.trustAnchors {
                let file = try #require(anchor.file)
                let openssl = CLI.run(["openssl", "x509", "-in", file, "-noout", "-fingerprint", "-sha256"], cwd: dir)
                let expected = openssl.stdout.split(separator: "=").last.map {
                    $0.replacingOccurrences(of: ":", with: "").lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
                }
                #expect(anchor.sha256Fingerprint == expected, "\(file)")
                let subject = CLI.run(["openssl", "x509", "-in", file, "-noout", "-subject", "-nameopt", "RFC2253"], cwd: dir)
                #expect(subject.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "subject=" + anchor.subject)
            }
            #expect(settings.requireSeal && settings.requireTimestamp)
            #expect(settings.custodyHead == fixture.custodyHead, "the head as the verifier compared it, lowercase")
            #expect(settings.media == "capture/media/capture.mov")
            #expect(result.stdout.contains("\"verified_at\": \"\(settings.verificationTime)\""), "the time the package was judged at")
            #expect(settings.toolVersion == "0.1.0")

            let fields = try #require(report.case)
            #expect(fields.caseNumber == CourtReportFixture.caseNumber)
            #expect(fields.organisation == CourtReportFixture.organisation)
            #expect(fields.description == CourtReportFixture.description)
            #expect(
                fields.fields == [
                    .init(label: "Bag-Group-Identifier", value: CourtReportFixture.caseNumber),
                    .init(label: "Source-Organization", value: CourtReportFixture.organisation),
                    .init(label: "External-Description", value: CourtReportFixture.description),
                    .init(label: CourtReportFixture.contact.label, value: CourtReportFixture.contact.value),
                ],
                "every field but the reserved ones, in file order")

            let xml = CLI.rial(["verify", fixture.package.lastPathComponent, "--format", "xml", "--quiet"] + arguments, cwd: dir)
            let file = dir.appendingPathComponent("report.xml")
            try Data(xml.stdout.utf8).write(to: file)
            try ReportSchemaOracle.expectValid(file, cwd: dir)
            for element in [
                "<case_number>\(CourtReportFixture.caseNumber)</case_number>", "<option>--trust-dir</option>",
                "<custody_head>\(fixture.custodyHead)</custody_head>", "<media>capture/media/capture.mov</media>",
            ] {
                #expect(xml.stdout.contains(element), "the XML lacks \(element)")
            }
        }
    }

    @Test("given nothing: no anchors, nothing required, no head and no media stated as null; an error report has settings and no case")
    func givenNothing() throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let (result, report) = try Fixture.verifyJSON(package.path, cwd: dir)
            #expect(result.status == 0)
            let settings = try #require(report.settings)
            #expect(settings.trustAnchors.isEmpty && !settings.requireSeal && !settings.requireTimestamp)
            #expect(settings.custodyHead == nil && settings.media == nil)
            #expect(result.stdout.contains("\"custody_head\": null") && result.stdout.contains("\"media\": null"), "stated, not left out")
            #expect(report.case?.fields == [], "packed without case fields")
            #expect(report.case?.caseNumber == nil)

            try Data("not an archive".utf8).write(to: dir.appendingPathComponent("bad.rialpkg"))
            let refused = CLI.rial(["verify", "bad.rialpkg", "--format", "json", "--quiet"], cwd: dir)
            let error = try #require(try? Report.decode(refused.stdout), "\(refused)")
            #expect(error.verdict == "error" && error.settings != nil && error.case == nil)
            try Data(refused.stdout.utf8).write(to: dir.appendingPathComponent("error.json"))
            let valid = try Oracle.validate(schema: "report.schema.json", ["error.json"], cwd: dir)
            #expect(valid.status == 0, "\(valid)")
        }
    }
}
