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
        guard case .object(var object) = try StrictJSONParser.parse(Array(Data(contentsOf: URL(fileURLWithPath: path)))) else { return }
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
