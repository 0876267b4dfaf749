import Foundation
import RialFormat
import RialCrypto

extension SampleCapture {
    /// Where `rial sample --kind app-export -o DIR` writes the throwaway TSA's root: beside the
    /// export, not in it, since the app's export holds no such file.
    package static func tsaRootPath(forExport directory: String) -> String {
        var path = directory
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path + ".tsa-root.pem"
    }

    /// The base name of every file of the export: `recording_<Unix seconds at the start>`.
    package var exportBaseName: String { "recording_\(videoStarted.seconds)" }

    /// Writes the capture app's forensic export of a video recording, flat, exactly as the app
    /// writes it (`schema/SPEC.md` §2.1, §2.2; the forensic export design and the LiDAR app's recording data):
    ///
    /// - `recording_<n>.mp4`: a real, playable H.264 MP4 (``SampleMovie``);
    /// - `recording_<n>.manifest.json`: its SHA-256, SHA-512 and size, the NTP check, and a
    ///   capture-time RFC 3161 token over its SHA-256 from a throwaway local TSA
    ///   (``LocalTimeStampAuthority``), dated 3 s after the recording's end;
    /// - `recording_<n>.custody_log.json`: the app's five events;
    /// - `recording_<n>.hash_chain.json`, `recording_<n>.metadata.json` and `depth/`: the frame
    ///   hash chain, the recording's metadata and the depth keyframes;
    /// - `README.txt`: the app's verification instructions.
    ///
    /// JSON is written as Swift's `JSONEncoder` writes it (``AppStyleJSON``), dates as seconds
    /// since 2001-01-01 (its default). Everything but the TSA's keys, certificates and token is
    /// the same bytes for the same options; the TSA's root is written to `tsaRootPath`.
    /// - Returns: the TSA's root certificate, PEM, as written.
    func writeAppExport(to directory: String, tsaRootPath: String) throws -> [UInt8] {
        let base = exportBaseName
        let started = videoStarted
        // Made first: nothing is written if OpenSSL cannot make it.
        let authority = try LocalTimeStampAuthority(name: "rial sample \(base)", notBefore: started.seconds - 86_400, days: 3650)
        try SampleFiles.makeDirectory(directory + "/depth")
        for frame in depthFrames {
            var depth = depthMap(frame: frame).bytes
            try SampleFiles.write(directory + "/depth/" + SampleCapture.depthFileName(frame: frame)) { sink in try sink(&depth) }
        }
        // A phone exports no frame material: only the chain the app computed over it.
        let chain = try frameChain(depthDirectory: directory + "/depth/", framesDirectory: nil)

        let durationMs = Int64(frameCount) * 1000 / Int64(fps)
        let ended = Timestamp(seconds: started.seconds + durationMs / 1000, nanoseconds: started.nanoseconds + Int32(durationMs % 1000) * 1_000_000)
        var movie = try SampleMovie(frameCount: frameCount, fps: fps, created: started)
        movie.brand = .mp4
        let mediaName = base + ".mp4"
        let digests = try DigestSet([.sha256, .sha512])
        try SampleFiles.write(directory + "/" + mediaName) { sink in
            try movie.write { chunk in
                try chunk.withUnsafeBytes { try digests.update($0) }
                try sink(&chunk)
            }
        }
        let size = digests.byteCount
        let hex = try digests.finishHex()
        guard let sha256 = hex[.sha256], let sha512 = hex[.sha512], let imprint = Hex.decode(sha256) else {
            throw PackagerError(.internalInconsistency, "the sample media's digests were not computed")
        }

        // The app's sequence after the recording stops: digests (+1 s), the NTP check (+2 s),
        // the TSA's token (+3 s), the manifest (+4 s).
        func at(_ offset: Int64) -> Timestamp { Timestamp(seconds: ended.seconds + offset, nanoseconds: ended.nanoseconds) }
        // A TSA answers in whole seconds here: rounded up, so never before the app asked.
        let token = try authority.respond(sha256Imprint: imprint, at: at(3).seconds + (at(3).nanoseconds > 0 ? 1 : 0))
        let manifest: JSONValue = .object([
            "createdAt": Self.appDate(at(4)),
            "fileName": .string(mediaName),
            "fileSize": .integer(Int64(size)),
            "sha256Hash": .string(sha256),
            "sha512Hash": .string(sha512),
            "timestampTokens": .array([
                .object([
                    "authority": .string(Self.sampleTSAURL),
                    "requestedAt": Self.appDate(at(3)),
                    "token": .string(Data(token).base64EncodedString()),
                ])
            ]),
            "verifiedTimestamp": .object([
                "localTime": Self.appDate(Timestamp(seconds: at(2).seconds, nanoseconds: at(2).nanoseconds + 12_000_000)),
                "ntpServer": .string("time.apple.com"),
                "ntpTime": Self.appDate(at(2)),
                "timeDifference": .number(0.012),
            ]),
        ])
        let events: [(Timestamp, String, String)] = [
            (started, "RECORDING_START", "Recording started"),
            (ended, "RECORDING_COMPLETE", "Recording stopped after \(durationMs) ms, \(frameCount) frames"),
            (at(1), "HASH_GENERATION_COMPLETE", "SHA-256 and SHA-512 computed for \(mediaName)"),
            (at(2), "TIMESTAMP_VERIFICATION_COMPLETE", "Device clock within 12 ms of NTP (time.apple.com)"),
            (at(4), "MANIFEST_CREATED", "Forensic manifest written"),
        ]
        let custody: JSONValue = .array(
            events.map { time, action, details in
                .object(["action": .string(action), "details": .string(details), "timestamp": Self.appDate(time), "userIdentifier": .string("device-7F3A9C")])
            })
        let files: [(String, [UInt8])] = [
            (base + ".manifest.json", AppStyleJSON.bytes(manifest)),
            (base + ".custody_log.json", AppStyleJSON.bytes(custody)),
            (base + ".hash_chain.json", AppStyleJSON.bytes(chain.app.jsonValue())),
            (
                base + ".metadata.json",
                AppStyleJSON.bytes(videoMetadata(started: started, ended: ended, durationMs: durationMs, finalHash: chain.hashes.last ?? []))
            ),
            ("README.txt", Array(Self.exportReadme(base: base, mediaName: mediaName).utf8)),
        ]
        for (name, bytes) in files {
            var bytes = bytes
            try SampleFiles.write(directory + "/" + name) { sink in try sink(&bytes) }
        }
        var root = try authority.root.pem()
        try SampleFiles.write(tsaRootPath) { sink in try sink(&root) }
        return root
    }

    /// The URL the manifest names as the token's authority: informative only, and nothing
    /// answers at it.
    static let sampleTSAURL = "http://localhost/rial-sample-tsa (a throwaway local TSA)"

    /// A date as the app's `JSONEncoder` writes it by default: seconds since 2001-01-01.
    static func appDate(_ time: Timestamp) -> JSONValue {
        let seconds = time.seconds - AppDate.referenceDateOffset
        guard time.nanoseconds != 0 else { return .integer(seconds) }
        return .number(Double(seconds) + Double(time.nanoseconds) / 1e9)
    }

    /// The app's `README.txt`: what the export holds and how to check it by hand.
    static func exportReadme(base: String, mediaName: String) -> String {
        let listing = [
            (mediaName, "the recording, unmodified"),
            (base + ".manifest.json", "SHA-256 and SHA-512 of the recording, the NTP-verified time"),
            ("", "and the RFC 3161 timestamp token(s)"),
            (base + ".custody_log.json", "the chain of custody events"),
            (base + ".hash_chain.json", "the frame hash chain computed while recording"),
            (base + ".metadata.json", "the recording's metadata"),
            ("depth/", "the depth keyframes (256x192 float32, little-endian)"),
            ("README.txt", "these instructions"),
        ].map { "  " + $0.0.padding(toLength: 40, withPad: " ", startingAt: 0) + " " + $0.1 }.joined(separator: "\n")
        return """
            FORENSIC EXPORT - \(base)

            This folder was exported by the capture app. It holds:

            \(listing)

            HOW TO VERIFY

            1. Integrity. Compute the hashes of the recording and compare them with
               "sha256Hash" and "sha512Hash" in the manifest:

                 sha256sum \(mediaName)
                 sha512sum \(mediaName)

               (on macOS: shasum -a 256 / shasum -a 512). "fileSize" is its size in bytes.

            2. Trusted timestamp. Each "token" in "timestampTokens" is the base64 of
               the DER RFC 3161 TimeStampResp returned by the timestamp authority.
               Save it to token.b64, then:

                 base64 -d token.b64 > token.tsr
                 openssl ts -reply -in token.tsr -text
                 openssl ts -verify -data \(mediaName) -in token.tsr \\
                     -CAfile TSA-ROOT.pem

               "Verification: OK" means the authority saw this recording's hash at
               the time it states.

            Dates in the manifest and the custody log are seconds since
            2001-01-01T00:00:00Z (add 978307200 for a Unix time).

            """
    }
}
