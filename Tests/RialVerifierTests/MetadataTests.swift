import Foundation
import Testing
import RialTestSupport
@testable import RialVerifier

/// The capture app's metadata (`data/capture/metadata.json`) held against the evidence,
/// in-process: each claim has its own code, and a contradicted claim fails even when every
/// digest was rewritten to match (tamper.py `--cover`). `rial verify --no-examine-media` stays
/// end to end (RialCLITests' MetadataTests).
@Suite("Capture metadata cross-checks (library)")
struct MetadataTests {
    @Test("a fresh package: every stated claim agrees; codec and resolution are the media's to confirm; App Attest NOT CHECKED, never PASS")
    func freshPackage() throws {
        try TemporaryDirectory.with { dir in
            let report = LibraryFixture.verify(try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir))
            #expect(report.verdict == .pass, "\(report.failures)")
            for code in [
                "metadata.type", "metadata.frame-count", "metadata.depth-count", "metadata.duration", "metadata.chain-final",
                "media.codec", "media.resolution", "media.duration", "media.frame-count", "media.start-time",
            ] {
                #expect(report.has(code, subject: "data/capture/metadata.json", status: .pass), "\(code): \(report.checks(code))")
            }
            // The media's rows are the verdicts on codec and resolution (and on rial/metadata.json's
            // duration, which states no start and end times): no second row calls them unchecked.
            for subject in ["data/capture/metadata.json", "rial/metadata.json"] {
                #expect(report.checks("metadata.codec").filter { $0.subject == subject }.isEmpty, "\(report.checks("metadata.codec"))")
                #expect(report.checks("metadata.resolution").filter { $0.subject == subject }.isEmpty, "\(report.checks("metadata.resolution"))")
                #expect(report.has("media.codec", subject: subject, status: .pass) && report.has("media.resolution", subject: subject, status: .pass))
                #expect(report.has("media.duration", subject: subject, status: .pass), "\(report.checks("media.duration"))")
            }
            #expect(!report.checks("metadata.duration").contains { $0.subject == "rial/metadata.json" }, "\(report.checks("metadata.duration"))")
            #expect(report.has("metadata.attestation", subject: "data/capture/metadata.json", status: .notChecked))
        }
    }

    /// A contradicted resolution is the media's FAIL; no NOT CHECKED row beside it says the
    /// same claim went unchecked.
    @Test("a resolution the video contradicts: media.resolution.mismatch, and no metadata.resolution row")
    func contradictedResolutionHasOneRow() throws {
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try OutsideOracle.tamper(package, ["json-set", "data/capture/metadata.json", "/resolution/width", "1920", "--cover", "--relink"], output: tampered)
            let report = LibraryFixture.verify(tampered)
            #expect(report.verdict == .fail)
            #expect(report.has("media.resolution.mismatch", subject: "data/capture/metadata.json"), "\(report.failures)")
            #expect(report.checks("metadata.resolution").isEmpty, "\(report.checks("metadata.resolution"))")
        }
    }

    @Test(
        "each contradicted claim is caught with its own code",
        arguments: [
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
        try TemporaryDirectory.with { dir in
            let package = try LibraryFixture.pack(LibraryFixture.sample(in: dir), in: dir)
            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try OutsideOracle.tamper(package, ["json-set", "data/capture/metadata.json", pointer, value, "--cover", "--relink"], output: tampered)
            let report = LibraryFixture.verify(tampered)
            #expect(report.verdict == .fail)
            // The claim fails where it is made, against the package and, where the video can say,
            // against the video; rial/metadata.json, made from the file before the edit, now
            // disagrees with it too, and nothing else fails.
            #expect(
                report.failures.first.map { [$0.code.rawValue, $0.subject] } == [code, "data/capture/metadata.json"], "\(pointer)=\(value): \(report.failures)")
            #expect(
                Set(report.failures.dropFirst().map(\.code.rawValue)).isSubset(of: Set([code, "metadata.normalised.mismatch"] + [media].compactMap { $0 })),
                "\(report.failures)")
            if let media {
                #expect(report.has(media, subject: "data/capture/metadata.json"), "\(report.failures)")
            }
            if code != "metadata.app.malformed", pointer != "/ended_at" {
                #expect(report.has("metadata.normalised.mismatch", subject: "rial/metadata.json"), "\(report.failures)")
            }
        }
    }
}
