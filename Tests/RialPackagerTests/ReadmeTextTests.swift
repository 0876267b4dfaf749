import Foundation
import Testing
import RialFormat
@testable import RialPackager

/// README.txt's step 9 (`schema/SPEC.md` §5.5): present exactly when the package holds the
/// capture app's forensic manifest and the media it describes, with the token commands only
/// when the manifest lists a token, and paths a POSIX shell reads back as they are.
/// `ReadmeProcedureTests` runs the steps themselves.
@Suite("README.txt step 9")
struct ReadmeTextTests {
    /// An export folder: a media file found by its first bytes, and a forensic manifest with
    /// `tokens` tokens (none: the key left out, as the app does).
    private func export(manifestName: String = "recording_1.manifest.json", mediaName: String = "recording_1.mp4", tokens: Int) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rial-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let media: [UInt8] = [0, 0, 0, 16] + Array("ftypmp42".utf8) + [0, 0, 0, 0]
        try Data(media).write(to: dir.appendingPathComponent(mediaName))
        let token = #"{"authority" : "https:\/\/tsa.example", "token" : "MAMCAQA="}"#
        let list = tokens == 0 ? "" : #", "timestampTokens" : ["# + Array(repeating: token, count: tokens).joined(separator: ", ") + "]"
        let manifest =
            #"{"fileName" : "\#(mediaName)", "sha256Hash" : "\#(String(repeating: "a", count: 64))", "sha512Hash" : "\#(String(repeating: "b", count: 128))"\#(list)}"#
        try Data(manifest.utf8).write(to: dir.appendingPathComponent(manifestName))
        return dir.path
    }

    private func step(_ root: String, keepingMedia: Bool = true) throws -> ReadmeText.AppManifestStep? {
        defer { try? FileManager.default.removeItem(atPath: root) }
        var capture = try CaptureDirectory(root: root)
        if !keepingMedia { capture = capture.keeping { !$0.bagPath.rawValue.hasPrefix(PackageLayout.mediaDirectory) } }
        return ReadmeText.AppManifestStep.make(capture: capture, claim: try AppDigestClaim.read(capture, keepAsReceived: false).claim)
    }

    @Test func anExportWithATokenGetsTheWholeStep() throws {
        let step = try #require(try step(try export(tokens: 2)))
        #expect(
            step == ReadmeText.AppManifestStep(manifestPath: "data/capture/recording_1.manifest.json", mediaPath: "data/media/recording_1.mp4", hasTokens: true)
        )
        let readme = ReadmeText.make(packageID: try PackageID("case-1"), appManifest: step)
        #expect(readme.contains("\n9. The capture app's own claims.") && readme.contains("openssl ts -verify -data \"$media\""))
        #expect(!readme.contains("grep -c '\"token\" *:'"))
        // Step 9 stands after step 8's last command and before the closing paragraphs.
        let nine = try #require(readme.range(of: "\n9. "))
        let closing = try #require(readme.range(of: "\nFiles under rial/custody/"))
        #expect(readme.range(of: "\n8. ")?.upperBound ?? readme.endIndex < nine.lowerBound && nine.upperBound < closing.lowerBound)
        #expect(readme == ReadmeText.make(packageID: try PackageID("case-1"), appManifest: step), "deterministic")
    }

    @Test func noTokenNoTokenCommands() throws {
        let step = try #require(try step(try export(tokens: 0)))
        #expect(!step.hasTokens)
        #expect(!step.text.contains("openssl ts -verify") && step.text.contains("grep -c '\"token\" *:' \"$app\""))
    }

    @Test func noManifestOrNoMediaNoStep() throws {
        let withoutManifest = try export(tokens: 1)
        try FileManager.default.removeItem(atPath: withoutManifest + "/recording_1.manifest.json")
        #expect(try step(withoutManifest) == nil)
        #expect(try step(try export(tokens: 1), keepingMedia: false) == nil, "the media withheld (hash-only): nothing to hash")
        #expect(!ReadmeText.make(packageID: try PackageID("case-1")).contains("\n9. "))
    }

    /// A name with a quote, a space and a `$` is read back by `sh` as it is.
    @Test func pathsAreQuotedForTheShell() throws {
        let name = "it's a $HOME `x`.mp4"
        let step = try #require(try step(try export(mediaName: name, tokens: 1)))
        #expect(step.mediaPath == "data/media/" + name)
        let line = try #require(step.text.split(separator: "\n").first { $0.hasPrefix("       media=") })
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line.dropFirst(7) + "\nprintf '%s' \"$media\""]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: output, as: UTF8.self) == "data/media/" + name)
    }
}
