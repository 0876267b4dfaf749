import Foundation
import Testing
import RialErrors
import RialFormat
@testable import RialPackager

/// PackagerError keeps the error underneath as its cause rather than flattening its text.
@Suite("PackagerError")
struct PackagerErrorTests {
    @Test func descriptionAddsTheCause() {
        let inner = FormatError(.invalidJSON, "unexpected end of input at line 1, column 2")
        let error = PackagerError(.invalidCapture, "app/custody_log.json cannot begin the package's custody log", cause: inner)
        #expect(
            error.description
                == "app/custody_log.json cannot begin the package's custody log: unexpected end of input at line 1, column 2 [json.invalid] [pack.invalid-capture]"
        )
    }

    @Test func aBrokenAppCustodyLogIsTheCause() throws {
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("rial-cause-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: capture); unlink(capture + ".rialpkg") }
        var sample = SampleCapture()
        sample.seconds = 1
        sample.fps = 12
        sample.width = 4
        sample.height = 2
        sample.depthWidth = 2
        sample.depthHeight = 2
        sample.checkpointInterval = 3
        try sample.write(to: capture)
        try Data("{".utf8).write(to: URL(fileURLWithPath: capture + "/app/custody_log.json"))
        do {
            _ = try Packager(options: PackageOptions(captureDirectory: capture, output: capture + ".rialpkg", overwrite: true)).write()
            Issue.record("a broken custody_log.json was packed")
        } catch let error as PackagerError {
            #expect(error.code == .invalidCapture)
            #expect((error.cause as? FormatError)?.code == .invalidJSON)
        }
    }
}
