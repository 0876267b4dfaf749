import Foundation
import Testing

/// `rial verify` end to end on a frame-chain attack: its exit code and the stream contract (the
/// text report on standard output, the JSON report with `--format json`). What the verifier finds
/// for each attack, plain and covered, is tested in-process (RialVerifierTests' ChainTamperTests).
@Suite("Frame chain tampering is caught (rial verify)")
struct ChainTamperTests {
    /// 12 frames of 8×4 BGRA; depth keyframes on frames 1, 4, 7, 10; checkpoints at 3, 6, 9, 12.
    static let options = ["--seconds", "1", "--fps", "12", "--width", "8", "--height", "4", "--checkpoint-interval", "3"]

    @Test("a byte of frame 5 altered: rial verify exits 1 and names the broken link in text and JSON; the untouched package exits 0")
    func brokenLinkEndToEnd() throws {
        try withTemporaryDirectory { dir in
            let sample = CLI.rial(["sample", "--out", "capture", "--seed", "1"] + Self.options, cwd: dir)
            try #require(sample.status == 0, "rial sample failed: \(sample)")
            let original = try Fixture.pack(dir.appendingPathComponent("capture"), in: dir)
            let untouched = CLI.rial(["verify", original.path, "--quiet"], cwd: dir)
            #expect(untouched.status == 0, "\(untouched)")
            #expect(untouched.firstLine.hasPrefix("PASS"), "\(untouched)")

            let tampered = dir.appendingPathComponent("tampered.rialpkg")
            try Oracle.tamper(original, ["flip-byte", "data/frames/frame_000005.raw", "0"], output: tampered)
            let text = CLI.rial(["verify", tampered.path, "--quiet"], cwd: dir)
            #expect(text.status == 1, "\(text)")
            #expect(text.stderr.isEmpty, "the report goes to standard output: \(text)")
            #expect(text.firstLine.hasPrefix("FAIL"), "\(text)")
            #expect(
                text.stdout.split(separator: "\n").contains { $0.hasPrefix("FAIL") && $0.contains(" chain.link.broken ") && $0.hasSuffix("frame 5") },
                "no FAIL line for chain.link.broken [frame 5]: \(text)")

            let (result, report) = try Fixture.verifyJSON(tampered.path, cwd: dir)
            #expect(result.status == 1, "\(result)")
            #expect(report.verdict == "fail")
            #expect(report.has("chain.link.broken", subject: "frame 5"), "\(report.failures)")
        }
    }
}
