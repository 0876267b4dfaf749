import Foundation
import Testing
import RialArchive

/// The disk writer's own guards, below the reader's: even handed a hostile path, it writes
/// nothing outside its destination.
@Suite("Safe disk writer")
struct SafeDiskWriterTests {
    static func withDirectories(_ body: (_ root: String, _ destination: String) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rial-disk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/dest", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try body(root, root + "/dest")
    }

    static func write(_ disk: SafeDiskWriter, _ path: String) throws {
        let bytes = Array("evil\n".utf8)
        try disk.writeFile(path, size: UInt64(bytes.count)) { write in try bytes.withUnsafeBytes { try write($0) } }
    }

    @Test("paths leaving the destination are refused: .., absolute, through a symbolic link, over an existing file")
    func refusals() throws {
        try Self.withDirectories { root, destination in
            try SafeDiskWriter.write(into: destination) { disk in
                // libarchive sees relative paths only; the destination is the working directory.
                #expect(FileManager.default.currentDirectoryPath == URL(fileURLWithPath: destination).resolvingSymlinksInPath().path)
                for path in ["../outside/a", "/\(root)/outside/b", "d/../../outside/c", "", ".", "d//e"] {
                    #expect(throws: ArchiveError.self, "\(path)") { try Self.write(disk, path) }
                }
                try FileManager.default.createSymbolicLink(atPath: "link", withDestinationPath: root + "/outside")
                #expect(throws: ArchiveError.self) { try Self.write(disk, "link/through") }
                try Self.write(disk, "kept")
                #expect(throws: ArchiveError.self) { try Self.write(disk, "kept") }
            }
            // Not compared with the directory before: an extraction on another thread (a parallel
            // test) may hold the working directory at either moment; it is never this one again.
            #expect(
                FileManager.default.currentDirectoryPath != URL(fileURLWithPath: destination).resolvingSymlinksInPath().path,
                "the working directory is restored")
            #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/outside").isEmpty)
            #expect(try String(contentsOfFile: destination + "/kept", encoding: .utf8) == "evil\n")
        }
    }

    @Test("a destination that is not empty, or is a symbolic link, is refused before anything is written")
    func destinations() throws {
        try Self.withDirectories { root, destination in
            try FileManager.default.createSymbolicLink(atPath: root + "/alias", withDestinationPath: destination)
            #expect(throws: ArchiveError.self) { try SafeDiskWriter.write(into: root + "/alias") { _ in } }
            _ = FileManager.default.createFile(atPath: destination + "/present", contents: Data())
            #expect(throws: ArchiveError.self) { try SafeDiskWriter.write(into: destination) { _ in } }
        }
    }
}
