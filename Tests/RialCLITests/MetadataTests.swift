import Foundation
import Testing

/// The capture app's metadata (`data/capture/metadata.json`) is held against the evidence:
/// each claim has its own code, and a contradicted claim fails even when every digest was
/// rewritten to match (tamper.py `--cover`).
@Suite("Capture metadata cross-checks")
struct MetadataTests {
    @Test("a fresh package: every stated claim agrees, the App Attest assertion and the codec are NOT CHECKED, never PASS")
    func freshPackage() throws {
        try withTemporaryDirectory { dir in
            let (result, report) = try Fixture.verifyJSON(try Fixture.package(in: dir).path, cwd: dir)
            #expect(result.status == 0, "\(report.failures)")
            for code in ["metadata.type", "metadata.frame-count", "metadata.depth-count", "metadata.duration", "metadata.chain-final",
                         "metadata.resolution"] {
                #expect(report.has(code, subject: "data/capture/metadata.json", status: "pass"), "\(code): \(report.checks(code))")
            }
            // Only plausible: which codec the media uses is not read from the media.
            #expect(report.has("metadata.codec", subject: "data/capture/metadata.json", status: "not_checked"))
            #expect(report.has("metadata.attestation", subject: "data/capture/metadata.json", status: "not_checked"))
        }
    }

    @Test("each contradicted claim is caught with its own code", arguments: [
        ("/frame_count", "11", "metadata.frame-count.mismatch"),
        ("/depth_keyframe_count", "3", "metadata.depth-count.mismatch"),
        ("/duration_ms", "1500", "metadata.duration.mismatch"),
        ("/duration_ms", "9007199254740991", "metadata.duration.mismatch"),
        ("/ended_at", "\"2020-01-01T00:00:00.000Z\"", "metadata.duration.mismatch"),
        ("/hash_chain_final", "\"3q2+7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\"", "metadata.chain-final.mismatch"),
        ("/resolution/width", "1920", "metadata.resolution.mismatch"),
        ("/codec", "\"vp9\"", "metadata.codec.unknown"),
        ("/type", "\"photo\"", "metadata.type.mismatch"),
        ("/frame_count", "\"ten\"", "metadata.app.malformed"),
        ("/hash_chain_final", "\"not base64\"", "metadata.app.malformed"),
    ])
    func contradictedClaim(_ pointer: String, _ value: String, _ code: String) throws {
        try withTemporaryDirectory { dir in
            let package = try Fixture.package(in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(package, ["json-set", "data/capture/metadata.json", pointer, value, "--cover", "--relink"], output: tampered)
            let (result, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
            #expect(result.status == 1)
            // The claim fails where it is made; rial/metadata.json, made from the file before the
            // edit, now disagrees with it too, and nothing else fails.
            #expect(report.failures.first.map { [$0.code, $0.subject] } == [code, "data/capture/metadata.json"], "\(pointer)=\(value): \(report.failures)")
            #expect(Set(report.failures.dropFirst().map(\.code)).isSubset(of: [code, "metadata.normalised.mismatch"]), "\(report.failures)")
            if code != "metadata.app.malformed", pointer != "/ended_at" {
                #expect(report.has("metadata.normalised.mismatch", subject: "rial/metadata.json"), "\(report.failures)")
            }
        }
    }
}
