import Foundation
@testable import RialArchive
import Testing

/// The hidden temporary file an output is written under (`.NAME.tmp-XXXXXX`): its name fits a
/// file system's 255 bytes whatever the destination's, and the leftovers a killed run left are
/// found by it, and only this user's.
@Suite("Temporary files")
struct TemporaryFileTests {
    static func withDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rial-temporary-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    @Test("a destination whose name takes all 255 bytes still gets a temporary file, committed under that name, and its leftover is recognised")
    func longNames() throws {
        try Self.withDirectory { directory in
            // 127 two-byte scalars and one more byte: 255 bytes, cut between scalars.
            let name = String(repeating: "é", count: 127) + "x"
            let destination = directory + "/" + name
            let file = try TemporaryFile(destination: destination)
            let temporaryName = String(file.path.dropFirst(directory.count + 1))
            #expect(temporaryName.utf8.count <= 255 && TemporaryFile.isTemporaryName(temporaryName, of: name), "\(temporaryName.utf8.count) bytes")
            #expect(!TemporaryFile.isTemporaryName(temporaryName, of: "other"))
            // Another long name that begins alike does not share the temporary name.
            let twin = String(repeating: "é", count: 127) + "y"
            #expect(!TemporaryFile.isTemporaryName(temporaryName, of: twin))
            #expect(TemporaryFile.leftBehind(besides: destination, writtenBefore: Int(Date().timeIntervalSince1970) + 60).map(\.path) == [file.path])
            try file.commit(replacing: false)
            #expect(FileManager.default.fileExists(atPath: destination))
        }
    }

    @Test(
        "another user's file of the same name is not a leftover of ours",
        .enabled(if: geteuid() == 0, "only root can give a file to another user to test this"))
    func othersFilesAreNotOurs() throws {
        try Self.withDirectory { directory in
            let destination = directory + "/case.rialpkg"
            let leftover = directory + "/.case.rialpkg.tmp-abc123"
            FileManager.default.createFile(atPath: leftover, contents: Data("x".utf8))
            let later = Int(Date().timeIntervalSince1970) + 60
            #expect(TemporaryFile.leftBehind(besides: destination, writtenBefore: later).map(\.path) == [leftover])
            #expect(chown(leftover, 65_534, 65_534) == 0)
            #expect(TemporaryFile.leftBehind(besides: destination, writtenBefore: later).isEmpty)
        }
    }

    @Test("the umask is read without setting it (a file another thread made meanwhile would get the wrong one), and a new file's mode is narrowed by it")
    func umaskReadInPlace() throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "umask"]
        let pipe = Pipe()
        shell.standardOutput = pipe
        try shell.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(mode_t(output.trimmingCharacters(in: .whitespacesAndNewlines), radix: 8) == TemporaryFile.processUmask, "sh says \(output)")
        try Self.withDirectory { directory in
            let file = try TemporaryFile(destination: directory + "/out")
            try file.setMode(0o666)
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == Int(0o666 & ~TemporaryFile.processUmask))
        }
    }
}
