import Foundation
import RialReport
import RialTestSupport
import Testing
@testable import RialVerifier

/// The capture app's export, packed as it comes, with an RFC 3161 token the test TSA made over
/// its recording (SPEC §8.5.1), judged in process: the verifier with the TSA root as anchor
/// passes it and says when the capture existed; `openssl ts -verify` over the packed media
/// agrees. `rial verify --tsa-trust`'s exit status and text are end-to-end tests in
/// RialCLITests' AppExportTimestampTests.
@Suite("App export timestamps (library)", .requires(.tsa))
struct AppExportTimestampTests {
    static let subject = "data/capture/recording_1764000000.manifest.json"

    @Test("a packed export's token passes with the TSA root as anchor, the reports say when it was captured, openssl agrees")
    func appTokenPasses() throws {
        try TemporaryDirectory.with { dir in
            let pki = try TestPKI.make(in: dir)
            let (export, media, token) = try pki.appExport(in: dir)
            // Packed now, so after the token: no creation time is given.
            let package = try LibraryFixture.pack(export, in: dir) { $0.created = nil }

            let report = LibraryFixture.verify(package, policy: try pki.policy(trust: [], tsaTrust: ["root-ca.pem"]))
            #expect(report.verdict == .pass, "\(report.failures)")
            let passed = try #require(report.checks("app.timestamp").first)
            #expect(passed.status == .pass && passed.subject == Self.subject)
            #expect(passed.message.hasPrefix("timestampTokens[0]: captured no later than "))
            #expect(passed.message.contains(", attested by Rial Test TSA (TEST ONLY)"))
            #expect(report.has("app.clock", subject: Self.subject, status: .notChecked))
            let reportFile = dir.appendingPathComponent("report.json")
            try Data(JSONReportRenderer.bytes(report)).write(to: reportFile)
            let valid = try OutsideOracle.validate(schema: "report.schema.json", [reportFile.path], cwd: dir)
            #expect(valid.status == 0, "\(valid)")

            let text = TextReportRenderer.render(report)
            #expect(text.contains("Capture time       Captured no later than "), "\(text)")
            #expect(text.contains("App clock          the app states its clock was 0.25 s from time.apple.com"))

            // Without the anchor the token is not checked, and the package still passes.
            let unanchored = LibraryFixture.verify(package)
            #expect(unanchored.verdict == .pass, "\(unanchored.failures)")
            #expect(unanchored.checks("app.timestamp").first?.status == .notChecked)

            // The oracle, over the media and the token as packed.
            let bag = try OutsideOracle.untar(package, into: dir.appendingPathComponent("bag"))
            let packed = bag.appendingPathComponent("data/media/\(media.lastPathComponent)")
            let stored = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: bag.appendingPathComponent(Self.subject))) as? [String: Any])
            let tokens = try #require(stored["timestampTokens"] as? [[String: Any]])
            let der = try #require((tokens.first?["token"] as? String).flatMap { Data(base64Encoded: $0) })
            #expect(der == (try Data(contentsOf: token)))
            let packedToken = dir.appendingPathComponent("packed.tsr")
            try der.write(to: packedToken)
            let oracle = Subprocess.execute(
                [
                    "openssl", "ts", "-verify", "-data", packed.path, "-in", packedToken.path,
                    "-CAfile", pki.path("root-ca.pem"), "-untrusted", pki.path("tsa-chain.pem"),
                ], cwd: dir)
            #expect(oracle.status == 0, "\(oracle)")
        }
    }
}
