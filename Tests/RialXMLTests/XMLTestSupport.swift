import Foundation

/// Runs `xmllint --noout` over bytes when xmllint is installed.
enum XMLLint {
    static let path = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// - Returns: `nil` without xmllint, else whether it found the document well formed.
    static func isWellFormed(_ bytes: [UInt8]) throws -> Bool? {
        guard let path else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rial-xmllint-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bytes).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--noout", "--nonet", file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
