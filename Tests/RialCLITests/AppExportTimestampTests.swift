import Foundation
import RialTestSupport
import Testing

/// The capture app's export, packed as it comes, with an RFC 3161 token the test TSA made over
/// its recording (SPEC §8.5.1): `rial verify --tsa-trust` passes it and says when the capture
/// existed; `openssl ts -verify` over the packed media agrees.
@Suite("App export timestamps")
struct AppExportTimestampTests {
    /// `recording_1764000000.mp4` (a real H.264 MP4), its forensic manifest with one
    /// token over it and the clock check, and the app's custody log, the recording ending a
    /// minute before the token was made.
    private func export(_ pki: TestPKI, in dir: URL) throws -> (export: URL, media: URL, token: URL) {
        let export = dir.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        let media = export.appendingPathComponent("recording_1764000000.mp4")
        // The fixtures' real H.264 recording: the media is examined too, and must be a video.
        try FileManager.default.copyItem(at: CLI.repoRoot.appendingPathComponent("Tests/Fixtures/AppExport/media/recording.mp4"), to: media)
        let request = dir.appendingPathComponent("req.tsq"), token = dir.appendingPathComponent("resp.tsr")
        let query = CLI.run(["openssl", "ts", "-query", "-data", media.path, "-sha256", "-cert", "-out", request.path], cwd: dir)
        try #require(query.status == 0, "\(query)")
        try pki.reply(as: "good", request: request, response: token)

        let bytes = try Data(contentsOf: media)
        let sha256 = CLI.run(["sha256sum", media.path], cwd: dir).stdout.prefix(64)
        let sha512 = CLI.run(["sha512sum", media.path], cwd: dir).stdout.prefix(128)
        let now = Date().timeIntervalSinceReferenceDate.rounded(.down)
        let manifest: [String: Any] = [
            "fileName": media.lastPathComponent, "fileSize": bytes.count, "sha256Hash": String(sha256), "sha512Hash": String(sha512),
            "createdAt": now,
            "verifiedTimestamp": ["ntpServer": "time.apple.com", "ntpTime": now, "localTime": now, "timeDifference": 0.25],
            "timestampTokens": [
                ["authority": "https://timestamp.example/tsa", "token": try Data(contentsOf: token).base64EncodedString(), "requestedAt": now]
            ],
        ]
        try JSONSerialization.data(withJSONObject: manifest).write(to: export.appendingPathComponent("recording_1764000000.manifest.json"))
        let formatter = ISO8601DateFormatter()
        let log: [[String: String]] = [
            [
                "timestamp": formatter.string(from: Date(timeIntervalSinceNow: -120)), "action": "RECORDING_START", "details": "Recording started",
                "userIdentifier": "device-7",
            ],
            [
                "timestamp": formatter.string(from: Date(timeIntervalSinceNow: -60)), "action": "RECORDING_COMPLETE", "details": "Recording stopped",
                "userIdentifier": "device-7",
            ],
        ]
        try JSONSerialization.data(withJSONObject: log).write(to: export.appendingPathComponent("recording_1764000000.custody_log.json"))
        return (export, media, token)
    }

    @Test("a packed export's token passes with --tsa-trust, the reports say when it was captured, openssl agrees")
    func appTokenPasses() throws {
        try withTemporaryDirectory { dir in
            let pki = try TestPKI.make(in: dir)
            let (export, media, token) = try export(pki, in: dir)
            // Packed now, so after the token: --created is not given.
            let pack = CLI.rial(["pack", export.path, "-o", "case.rialpkg", "--quiet"], cwd: dir)
            try #require(pack.status == 0, "\(pack)")
            let package = dir.appendingPathComponent("case.rialpkg")
            let subject = "data/capture/recording_1764000000.manifest.json"

            let (result, report) = try Sealing.verify(package, ["--tsa-trust", pki.path("root-ca.pem")], cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            let passed = try #require(report.checks("app.timestamp").first)
            #expect(passed.status == "pass" && passed.subject == subject)
            #expect(passed.message.hasPrefix("timestampTokens[0]: captured no later than "))
            #expect(passed.message.contains(", attested by Rial Test TSA (TEST ONLY)"))
            #expect(report.has("app.clock", subject: subject, status: "not_checked"))
            let json = CLI.rial(["verify", package.path, "--format", "json", "--quiet", "--tsa-trust", pki.path("root-ca.pem")], cwd: dir)
            let reportFile = dir.appendingPathComponent("report.json")
            try Data(json.stdout.utf8).write(to: reportFile)
            let valid = try Oracle.validate(schema: "report.schema.json", [reportFile.path], cwd: dir)
            #expect(valid.status == 0, "\(valid)")

            let text = CLI.rial(["verify", package.path, "--quiet", "--tsa-trust", pki.path("root-ca.pem")], cwd: dir).stdout
            #expect(text.contains("Capture time       Captured no later than "), "\(text)")
            #expect(text.contains("App clock          the app states its clock was 0.25 s from time.apple.com"))

            // Without the anchor the token is not checked, and the package still passes.
            let (bare, unanchored) = try Sealing.verify(package, [], cwd: dir)
            #expect(bare.status == 0)
            #expect(unanchored.checks("app.timestamp").first?.status == "not_checked")

            // The oracle, over the media and the token as packed.
            let bag = try Fixture.untar(package, into: dir.appendingPathComponent("bag"))
            let packed = bag.appendingPathComponent("data/media/\(media.lastPathComponent)")
            let stored = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: bag.appendingPathComponent(subject))) as? [String: Any])
            let tokens = try #require(stored["timestampTokens"] as? [[String: Any]])
            let der = try #require((tokens.first?["token"] as? String).flatMap { Data(base64Encoded: $0) })
            #expect(der == (try Data(contentsOf: token)))
            let packedToken = dir.appendingPathComponent("packed.tsr")
            try der.write(to: packedToken)
            let oracle = CLI.run(
                [
                    "openssl", "ts", "-verify", "-data", packed.path, "-in", packedToken.path,
                    "-CAfile", pki.path("root-ca.pem"), "-untrusted", pki.path("tsa-chain.pem"),
                ], cwd: dir)
            #expect(oracle.status == 0, "\(oracle)")
        }
    }
}
