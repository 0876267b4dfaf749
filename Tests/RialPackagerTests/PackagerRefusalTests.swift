import Foundation
import Testing
import RialFormat
@testable import RialPackager

/// The packer refuses captures it could only turn into packages that fail verification.
@Suite("Packager refusals")
struct PackagerRefusalTests {
    private func sample(frames: Bool) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rial-refusal-\(UUID().uuidString)").path
        var sample = SampleCapture()
        sample.seconds = 1
        sample.fps = 12
        sample.width = 4
        sample.height = 2
        sample.depthWidth = 2
        sample.depthHeight = 2
        sample.checkpointInterval = 3
        sample.includesFrames = frames
        try sample.write(to: directory)
        return directory
    }

    private func pack(_ capture: String) throws {
        _ = try Packager(options: PackageOptions(captureDirectory: capture, output: capture + ".rialpkg", overwrite: true)).write()
    }

    private func rewriteAppChain(_ capture: String, _ edit: (inout JSONObject) -> Void) throws {
        let path = capture + "/app/" + AppHashChain.fileName
        guard case .object(var object) = try StrictJSONParser.parse(Array(Data(contentsOf: URL(fileURLWithPath: path)))) else {
            // Not returning quietly: an edit never made would let the refusal test pass untested.
            Issue.record("\(path) is not a JSON object; the edit cannot be made")
            return
        }
        edit(&object)
        try Data(JSONWriter.bytes(.object(object))).write(to: URL(fileURLWithPath: path))
    }

    @Test(arguments: [false, true])
    func appChainThatContradictsItself(frames: Bool) throws {
        let capture = try sample(frames: frames)
        defer { try? FileManager.default.removeItem(atPath: capture); unlink(capture + ".rialpkg") }
        try pack(capture)
        try rewriteAppChain(capture) { $0["finalHash"] = $0["frameHashes"]?.arrayValue?.first }
        #expect { try pack(capture) } throws: { ($0 as? PackagerError)?.code == .invalidCapture }
    }

    /// `[{"a":1},…]` of `bytes` bytes: a tree of about ten times its text once parsed.
    private func objectArray(bytes: Int) -> Data {
        let count = max(1, (bytes - 2) / 8)
        var text = "["
        text.reserveCapacity(count * 8 + 2)
        for index in 0..<count { text += index == 0 ? "{\"a\":1}" : ",{\"a\":1}" }
        return Data((text + "]").utf8)
    }

    @Test(
        "JSON files each under 64 MiB whose trees would take the verifier over its 192 MiB parsed budget are refused, naming the one that crosses it; a smaller twin packs"
    )
    func overTheParsedBudget() throws {
        let capture = try sample(frames: false)
        defer { try? FileManager.default.removeItem(atPath: capture); unlink(capture + ".rialpkg") }
        // The verifier parser's estimate for this shape, from a 1 MB probe: files sized so that
        // two fit in the budget with room for the package's own JSON and three do not.
        let probe = JSONBudget(limit: Int.max)
        let sample = objectArray(bytes: 1_000_000)
        _ = try StrictJSONParser.parse(Array(sample), budget: probe)
        let bytesPerFile = Int(Double(PackageLayout.maxParsedJSONBytes) / 2.5 / (Double(probe.usedBytes) / Double(sample.count)))
        for index in 1...3 { try objectArray(bytes: bytesPerFile).write(to: URL(fileURLWithPath: capture + "/app/extra-\(index).json")) }
        #expect { try pack(capture) } throws: { error in
            guard let error = error as? PackagerError else { return false }
            return error.code == .invalidCapture && error.reason.contains("192 MiB") && error.reason.contains("/app/extra-")
        }
        #expect(!FileManager.default.fileExists(atPath: capture + ".rialpkg"), "a refused pack leaves nothing behind")
        unlink(capture + "/app/extra-2.json")
        try pack(capture)
        #expect(FileManager.default.fileExists(atPath: capture + ".rialpkg"), "two of them fit")
    }

    @Test func appChainDisagreeingWithTheFrames() throws {
        let capture = try sample(frames: true)
        defer { try? FileManager.default.removeItem(atPath: capture); unlink(capture + ".rialpkg") }
        // Frame 5's material changes: the app's chain no longer describes these frames.
        let frame = capture + "/frames/" + CaptureDescriptor.frameFileName(5)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: frame))
        bytes[0] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: frame))
        #expect { try pack(capture) } throws: { error in
            guard let error = error as? PackagerError else { return false }
            return error.code == .invalidCapture && error.reason.contains("frame 5")
        }
        #expect(!FileManager.default.fileExists(atPath: capture + ".rialpkg"), "a refused pack leaves nothing behind")
    }

    @Test func partialFrameMaterial() throws {
        let capture = try sample(frames: true)
        defer { try? FileManager.default.removeItem(atPath: capture) }
        unlink(capture + "/frames/" + CaptureDescriptor.frameFileName(7))
        #expect { try pack(capture) } throws: { ($0 as? PackagerError)?.code == .invalidCapture }
    }
}
