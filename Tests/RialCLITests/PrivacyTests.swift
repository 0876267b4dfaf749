import Foundation
import Testing

/// `rial pack --privacy` and `--hash-only`, and `rial verify --media`, end to end: what is a usage
/// error (exit 64, naming the option) and what pack refuses (exit 2, with its code). What each
/// level keeps and withholds, the privacy audit, `--media`'s verdicts and the metadata schemas are
/// in-process tests (RialVerifierTests' PrivacyModeTests, PrivacyLeakTests, MetadataSchemaTests
/// and PrivacyTests).
@Suite("Capture metadata and privacy mode")
struct PrivacyTests {
    /// Writes a sample of `kind` to `dir/name`.
    static func sample(_ kind: String, in dir: URL, name: String? = nil, seed: Int = 1, options: [String] = []) throws -> URL {
        let name = name ?? kind
        let result = CLI.rial(["sample", "--out", name, "--kind", kind, "--seed", String(seed)] + Fixture.sampleOptions + options, cwd: dir)
        try #require(result.status == 0, "rial sample failed: \(result)")
        return dir.appendingPathComponent(name)
    }

    @Test("pack: options it cannot use exit 64 naming them; a payload of 10 KiB or more exits 2 with its code, writing nothing")
    func packExitStatuses() throws {
        try withTemporaryDirectory { dir in
            // 10 s at 30 fps: the payload carries 300 chain hashes, beyond 10 KiB.
            let long = CLI.rial(["sample", "--out", "long", "--seconds", "10", "--width", "16", "--height", "16", "--no-frames"], cwd: dir)
            try #require(long.status == 0, "\(long)")
            let tooLarge = CLI.rial(
                ["pack", "long", "-o", "long.rialpkg", "--hash-only", "--privacy", "location=none", "--created", Fixture.created], cwd: dir)
            #expect(tooLarge.status == 2 && tooLarge.stderr.contains("pack.payload-too-large") && tooLarge.stderr.contains("10240"), "\(tooLarge)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("long.rialpkg").path))

            let photo = try Self.sample("photo", in: dir)
            for (options, hint) in [
                (["--privacy", "location=bogus"], "location=bogus"), (["--privacy", "place=none"], "place"),
                (["--hash-only"], "--privacy"), (["--privacy", "location=none,location=coarse"], "twice"),
            ] {
                let result = CLI.rial(["pack", photo.path, "-o", "x.rialpkg"] + options, cwd: dir)
                #expect(result.status == 64 && result.stderr.contains(hint), "\(options): \(result)")
            }
            // Coarse needs the city and country the app resolved; rial never looks coordinates up.
            let metadataPath = photo.appendingPathComponent("app/metadata.json")
            var app = try #require(try JSONSerialization.jsonObject(with: Fixture.read(metadataPath)) as? [String: Any])
            app["location"] = ["lat": 37.7749, "lng": -122.4194]
            try JSONSerialization.data(withJSONObject: app).write(to: metadataPath)
            let coarse = CLI.rial(["pack", photo.path, "-o", "x.rialpkg", "--privacy", "location=coarse"], cwd: dir)
            #expect(coarse.status == 64 && coarse.stderr.contains("city and country"), "\(coarse)")
        }
    }

    @Test("verify --media naming no file exits 64, naming the option")
    func missingMedia() throws {
        try withTemporaryDirectory { dir in
            let capture = try Self.sample("hash-only", in: dir)
            let hashOnly = try Fixture.pack(capture, in: dir, name: "ho.rialpkg", options: ["--hash-only"])
            let missing = CLI.rial(["verify", hashOnly.path, "--media", "no-such.jpg"], cwd: dir)
            #expect(missing.status == 64 && missing.stderr.contains("--media"), "\(missing)")
        }
    }
}
