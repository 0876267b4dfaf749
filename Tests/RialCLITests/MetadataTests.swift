import Foundation
import Testing

/// The capture app's metadata (`data/capture/metadata.json`) is held against the evidence:
/// each claim has its own code, and a contradicted claim fails even when every digest was
/// rewritten to match (tamper.py `--cover`).
@Suite("Capture metadata cross-checks")
struct MetadataTests {
    @Test("a fresh package: every stated claim agrees; codec and resolution are the media's to confirm; App Attest NOT CHECKED, never PASS")
    func freshPackage() throws {
        try withTemporaryDirectory { dir in
            let (result, report) = try Fixture.verifyJSON(try Fixture.package(in: dir).path, cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            for code in ["metadata.type", "metadata.frame-count", "metadata.depth-count", "metadata.duration", "metadata.chain-final",
                         "media.codec", "media.resolution", "media.duration", "media.frame-count", "media.start-time"] {
                #expect(report.has(code, subject: "data/capture/metadata.json", status: "pass"), "\(code): \(report.checks(code))")
            }
            // Only plausible against the package: the media confirms them (media.codec, media.resolution above).
            #expect(report.has("metadata.codec", subject: "data/capture/metadata.json", status: "not_checked"))
            #expect(report.has("metadata.resolution", subject: "data/capture/metadata.json", status: "not_checked"))
            #expect(report.has("metadata.attestation", subject: "data/capture/metadata.json", status: "not_checked"))
        }
    }

    @Test("each contradicted claim is caught with its own code", arguments: [
        // 11 frames is within one of the video's 10: only the chain contradicts it.
        ("/frame_count", "11", "metadata.frame-count.mismatch", nil),
        ("/depth_keyframe_count", "3", "metadata.depth-count.mismatch", nil),
        ("/duration_ms", "1500", "metadata.duration.mismatch", "media.duration.mismatch"),
        ("/duration_ms", "9007199254740991", "metadata.duration.mismatch", "media.duration.mismatch"),
        ("/ended_at", "\"2020-01-01T00:00:00.000Z\"", "metadata.duration.mismatch", "media.start-time.mismatch"),
        ("/hash_chain_final", "\"3q2+7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\"", "metadata.chain-final.mismatch", nil),
        // The resolution is the encoded video's: only the media contradicts it.
        ("/resolution/width", "1920", "media.resolution.mismatch", nil),
        ("/codec", "\"vp9\"", "metadata.codec.unknown", "media.codec.mismatch"),
        ("/type", "\"photo\"", "metadata.type.mismatch", nil),
        ("/frame_count", "\"ten\"", "metadata.app.malformed", nil),
        ("/hash_chain_final", "\"not base64\"", "metadata.app.malformed", nil),
    ] as [(String, String, String, String?)])
    func contradictedClaim(_ pointer: String, _ value: String, _ code: String, _ media: String?) throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["json-set", "data/capture/metadata.json", pointer, value, "--cover", "--relink"], output: tampered)
            let (result, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
            #expect(result.status == 1)
            // The claim fails where it is made, against the package and, where the video can say,
            // against the video; rial/metadata.json, made from the file before the edit, now
            // disagrees with it too, and nothing else fails.
            #expect(report.failures.first.map { [$0.code, $0.subject] } == [code, "data/capture/metadata.json"], "\(pointer)=\(value): \(report.failures)")
            #expect(Set(report.failures.dropFirst().map(\.code)).isSubset(of: Set([code, "metadata.normalised.mismatch"] + [media].compactMap { $0 })), "\(report.failures)")
            if let media {
                #expect(report.has(media, subject: "data/capture/metadata.json"), "\(report.failures)")
            }
            if code != "metadata.app.malformed", pointer != "/ended_at" {
                #expect(report.has("metadata.normalised.mismatch", subject: "rial/metadata.json"), "\(report.failures)")
            }
        }
    }
}
