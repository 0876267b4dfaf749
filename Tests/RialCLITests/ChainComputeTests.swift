import Foundation
import Testing

/// `rial chain compute` on the published vectors: its chain.json must carry the hashes the
/// independent reference computed (schema/test-vectors/chain/*/expected.json).
@Suite("rial chain compute")
struct ChainComputeTests {
    static let vectors: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("schema/test-vectors/chain")
    }()

    private struct Expected: Decodable {
        struct Frame: Decodable { let frame_number: Int; let hash: String }
        struct Checkpoint: Decodable { let index: Int; let frame_number: Int; let hash: String }
        let frames: [Frame]
        let checkpoints: [Checkpoint]
        let final_hash: String
    }

    private struct Input: Decodable {
        struct Format: Decodable { let width: Int; let height: Int; let bytes_per_row: Int }
        struct Frame: Decodable { let timestamp: Double }
        let fps: Double
        let checkpoint_interval: Int
        let frame_format: Format
        let frames: [Frame]
    }

    @Test(arguments: ["depth-and-checkpoints", "single-frame", "interrupted", "padded-rows"], [false, true])
    func matchesPublishedVector(_ name: String, sequential: Bool) throws {
        try withTemporaryDirectory { dir in
            let vector = Self.vectors.appendingPathComponent(name)
            let input = try JSONDecoder().decode(Input.self, from: Data(contentsOf: vector.appendingPathComponent("input.json")))
            let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: vector.appendingPathComponent("expected.json")))
            let timestamps = dir.appendingPathComponent("ts.txt")
            // One number per line, written with Swift's shortest round-trip form.
            try input.frames.map { "\($0.timestamp)" }.joined(separator: "\n").write(to: timestamps, atomically: true, encoding: .utf8)
            let output = dir.appendingPathComponent("chain.json")
            var arguments = [
                "chain", "compute", "--frames", vector.appendingPathComponent("frames").path, "--timestamps", timestamps.path,
                "--width", "\(input.frame_format.width)", "--height", "\(input.frame_format.height)",
                "--bytes-per-row", "\(input.frame_format.bytes_per_row)", "--fps", "\(input.fps)",
                "--checkpoint-interval", "\(input.checkpoint_interval)", "-o", output.path,
            ]
            if sequential { arguments.append("--sequential") }
            // A vector without depth has no depth/ directory (git keeps no empty directories).
            let depth = vector.appendingPathComponent("depth")
            if FileManager.default.fileExists(atPath: depth.path) { arguments += ["--depth", depth.path] }
            let result = CLI.rial(arguments, cwd: dir)
            try #require(result.status == 0, "\(result)")
            #expect(result.stderr.contains("ms per frame"))
            let chain = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: output))
            #expect(chain.frames.map(\.hash) == expected.frames.map(\.hash))
            #expect(chain.checkpoints.map(\.hash) == expected.checkpoints.map(\.hash))
            #expect(chain.checkpoints.map(\.index) == expected.checkpoints.map(\.index))
            #expect(chain.final_hash == expected.final_hash)
        }
    }

    @Test func refusesFramesOfTheWrongSize() throws {
        try withTemporaryDirectory { dir in
            let vector = Self.vectors.appendingPathComponent("interrupted")
            let timestamps = dir.appendingPathComponent("ts.json")
            try Data("[1,2,3,4,5,6,7,8]".utf8).write(to: timestamps)
            let result = CLI.rial(
                [
                    "chain", "compute", "--frames", vector.appendingPathComponent("frames").path, "--timestamps", timestamps.path,
                    "--width", "4", "--height", "1", "-o", dir.appendingPathComponent("c.json").path,
                ], cwd: dir)
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains("bytes"), "\(result)")
        }
    }
}
