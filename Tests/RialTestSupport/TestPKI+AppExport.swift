import Foundation

/// A capture app's export with an RFC 3161 token this PKI's TSA made over its recording
/// (SPEC §8.5.1), for the in-process and the command-line app-export timestamp tests alike.
extension TestPKI {
    /// `recording_1764000000.mp4` (a real H.264 MP4), its forensic manifest with one
    /// token over it and the clock check, and the app's custody log, the recording ending a
    /// minute before the token was made.
    public func appExport(in dir: URL) throws -> (export: URL, media: URL, token: URL) {
        let export = dir.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        let media = export.appendingPathComponent("recording_1764000000.mp4")
        // The fixtures' real H.264 recording: the media is examined too, and must be a video.
        try FileManager.default.copyItem(at: OutsideOracle.repoRoot.appendingPathComponent("Tests/Fixtures/AppExport/media/recording.mp4"), to: media)
        let request = dir.appendingPathComponent("req.tsq"), token = dir.appendingPathComponent("resp.tsr")
        let query = Subprocess.execute(["openssl", "ts", "-query", "-data", media.path, "-sha256", "-cert", "-out", request.path], cwd: dir)
        guard query.status == 0 else { throw OutsideOracle.Failed(description: "openssl ts -query failed: \(query)") }
        try reply(as: "good", request: request, response: token)

        let bytes = try Data(contentsOf: media)
        let sha256 = try OutsideOracle.digest(media.path), sha512 = try OutsideOracle.digest(media.path, tool: "sha512sum")
        let now = Date().timeIntervalSinceReferenceDate.rounded(.down)
        let manifest: [String: Any] = [
            "fileName": media.lastPathComponent, "fileSize": bytes.count, "sha256Hash": sha256, "sha512Hash": sha512,
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

}
