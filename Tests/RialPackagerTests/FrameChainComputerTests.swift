import Foundation
import Testing
import RialFormat
import RialCrypto
@testable import RialPackager

/// The published vectors in schema/test-vectors/chain/, checked three ways: rial sequential,
/// rial parallel, and the independent Python reference run at test time.
@Suite("Frame chain test vectors")
struct FrameChainComputerTests {
    static let vectorsDirectory: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("schema/test-vectors/chain").path
    }()

    static let vectors = ["depth-and-checkpoints", "single-frame", "interrupted", "padded-rows"]

    private struct Vector {
        let timestamps: [Double]
        let framePaths: [String]
        let depthPaths: [String?]
        let interval: Int64
        let expected: JSONObject
    }

    private func load(_ name: String) throws -> Vector {
        let directory = Self.vectorsDirectory + "/" + name
        let input = try #require(try StrictJSONParser.parse(Array(Data(contentsOf: URL(fileURLWithPath: directory + "/input.json")))).objectValue)
        let expected = try #require(try StrictJSONParser.parse(Array(Data(contentsOf: URL(fileURLWithPath: directory + "/expected.json")))).objectValue)
        let frames = try #require(input["frames"]?.arrayValue).compactMap(\.objectValue)
        return Vector(
            timestamps: try frames.map { try #require($0["timestamp"]?.doubleValue) },
            framePaths: try frames.map { directory + "/" + (try #require($0["frame"]?.stringValue)) },
            depthPaths: frames.map { $0["depth"]?.stringValue.map { directory + "/" + $0 } },
            interval: try #require(input["checkpoint_interval"]?.integerValue),
            expected: expected
        )
    }

    /// The parallel chain and the sequential one, each from a feed and from file paths (the
    /// sequential one then reads ahead, as `rial chain compute --sequential` does), all give
    /// the published vector.
    @Test(arguments: vectors, ["parallel, feed", "parallel, paths", "sequential, feed", "sequential, paths"])
    func rialMatchesExpected(_ name: String, mode: String) throws {
        let vector = try load(name)
        let computer = FrameChainComputer(timestamps: vector.timestamps, parallel: mode.hasPrefix("parallel"))
        let hashes =
            mode.hasSuffix("paths")
            ? try computer.compute(framePaths: vector.framePaths, depthPaths: vector.depthPaths)
            : try computer.compute(feed: FrameChainComputer.fileFeed(framePaths: vector.framePaths, depthPaths: vector.depthPaths))
        let expectedHashes = try #require(vector.expected["frames"]?.arrayValue).map { $0.objectValue?["hash"]?.stringValue }
        #expect(hashes.map(Hex.encode) == expectedHashes)
        let frames = zip(hashes, vector.timestamps).enumerated().map { index, pair in
            FrameChain.Frame(frameNumber: Int64(index + 1), timestamp: pair.1, hash: Hex.encode(pair.0), framePath: nil, depthPath: nil)
        }
        let checkpoints = FrameChain.checkpoints(for: frames, interval: vector.interval)
        let expectedCheckpoints = try #require(vector.expected["checkpoints"]?.arrayValue).compactMap(\.objectValue)
        #expect(checkpoints.map(\.hash) == expectedCheckpoints.map { $0["hash"]?.stringValue })
        #expect(checkpoints.map(\.index) == expectedCheckpoints.map { $0["index"]?.integerValue })
        #expect(frames.last?.hash == vector.expected["final_hash"]?.stringValue)
    }

    @Test(arguments: vectors)
    func pythonReferenceAgreesWithPublishedVector(_ name: String) throws {
        let python = ProcessInfo.processInfo.environment["RIAL_ORACLE_PYTHON"] ?? "/usr/bin/env"
        let arguments = python == "/usr/bin/env" ? ["python3"] : []
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments + [Self.vectorsDirectory + "/chain.py", Self.vectorsDirectory + "/" + name]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let computed = try StrictJSONParser.parse(Array(output))
        #expect(computed == .object(try load(name).expected))
    }

    @Test func timestampIsLittleEndianBinary64() {
        #expect(ChainLink.timestampBytes(1.0) == [0, 0, 0, 0, 0, 0, 0xF0, 0x3F])
    }
}
