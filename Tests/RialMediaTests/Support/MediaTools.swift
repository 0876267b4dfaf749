import Foundation
import Testing
import RialTestSupport

/// The outside programs these tests use: ffmpeg makes movies and ffprobe reads them, exiftool
/// writes and reads EXIF, heif-enc makes HEIC photos. `scripts/install-deps.sh --with-oracles`
/// (run by `make test`) installs them. Without them a test is skipped with a message, unless
/// `RIAL_REQUIRE_MEDIA_ORACLES=1` (set by `make test`), where a missing tool fails the test.
enum MediaTools {
    static let hint = "run `scripts/install-deps.sh --with-oracles` (make test does)"

    /// Whether missing tools fail tests instead of skipping them.
    static let isRequired = ProcessInfo.processInfo.environment["RIAL_REQUIRE_MEDIA_ORACLES"] == "1"

    /// The full path of `name` on PATH, if installed.
    static func path(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func has(_ names: String...) -> Bool { names.allSatisfy { path($0) != nil } }

    /// A trait that skips the test when a tool is missing, and fails it saying which when it is
    /// required (``Requirement/media(_:)``).
    static func needs(_ names: String...) -> ConditionTrait {
        .requires(Requirement.tools(names, variable: "RIAL_REQUIRE_MEDIA_ORACLES", hint: hint))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs a tool to its end.
    /// - Returns: its standard output.
    /// - Throws: ``Failure`` when it is missing or exits non-zero (with its standard error).
    @discardableResult
    static func run(_ name: String, _ arguments: [String], in directory: URL? = nil) throws -> Data {
        guard let executable = path(name) else { throw Failure(description: "\(name) is not installed; \(hint)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both before waiting, so neither pipe fills and blocks the tool.
        final class Collected: @unchecked Sendable {
            var data = Data()
        }
        let collected = Collected()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            collected.data = output.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let outputData = collected.data
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description:
                    "\(name) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(String(decoding: errorData.prefix(2000), as: UTF8.self))"
            )
        }
        return outputData
    }
}

/// A directory for one test's files, removed by ``remove()``.
struct ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("rial-media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
