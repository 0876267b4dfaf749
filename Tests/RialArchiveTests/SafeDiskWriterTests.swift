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

    @Test("paths leaving the destination are refused: .., absolute, through a symbolic link, onto one, over an existing file or directory")
    func refusals() throws {
        try Self.withDirectories { root, destination in
            try SafeDiskWriter.write(into: destination) { disk in
                try FileManager.default.createSymbolicLink(atPath: destination + "/link", withDestinationPath: root + "/outside")
                // A `/` followed by a combining mark is one Swift character, and still a separator.
                for path in ["../outside/a", "/\(root)/outside/b", "d/../../outside/c", "", ".", "d//e", "nul\u{0}name", "../\u{301}up", "link/\u{301}d/x"] {
                    #expect(throws: ArchiveError.self, "\(path)") { try Self.write(disk, path) }
                }
                try FileManager.default.createSymbolicLink(atPath: destination + "/leaf", withDestinationPath: root + "/outside/leaf")
                for path in ["link/through", "leaf"] {
                    let refused = #expect(throws: ArchiveError.self, "\(path)") { try Self.write(disk, path) }
                    #expect(refused?.code == .unsafeDestination, "\(path)")
                }
                #expect(throws: ArchiveError.self) { try disk.makeDirectory("link") }
                try Self.write(disk, "kept")
                let again = #expect(throws: ArchiveError.self) { try Self.write(disk, "kept") }
                #expect(again?.code == .unsafeDestination)
                #expect(throws: ArchiveError.self) { try disk.makeDirectory("kept") }
                #expect(throws: ArchiveError.self) { try Self.write(disk, "kept/below") }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/outside").isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["dest", "outside"])
            #expect(try String(contentsOfFile: destination + "/kept", encoding: .utf8) == "evil\n")
        }
    }

    @Test("directories on the way are made; modes are 0755 and 0644 whatever the creation mode; the working directory never changes")
    func shapes() throws {
        try Self.withDirectories { _, destination in
            let before = FileManager.default.currentDirectoryPath
            try SafeDiskWriter.write(into: destination) { disk in
                try Self.write(disk, "a/b/c.txt")
                try disk.makeDirectory("a/b")
                try disk.makeDirectory("a/empty")
                #expect(FileManager.default.currentDirectoryPath == before)
            }
            let manager = FileManager.default
            #expect(try String(contentsOfFile: destination + "/a/b/c.txt", encoding: .utf8) == "evil\n")
            for (path, mode) in [("a", 0o755), ("a/b", 0o755), ("a/empty", 0o755), ("a/b/c.txt", 0o644)] {
                let found = try manager.attributesOfItem(atPath: destination + "/" + path)[.posixPermissions] as? Int
                #expect(found == mode, "\(path): \(String(found ?? -1, radix: 8))")
            }
        }
    }

    @Test("a directory someone else put in the destination meanwhile is not entered")
    func foreignDirectory() throws {
        try Self.withDirectories { _, destination in
            try SafeDiskWriter.write(into: destination) { disk in
                try Self.write(disk, "mine/a")
                try FileManager.default.createDirectory(atPath: destination + "/theirs", withIntermediateDirectories: false)
                for attempt in [{ try disk.makeDirectory("theirs") }, { try Self.write(disk, "theirs/b") }] {
                    let refused = #expect(throws: ArchiveError.self) { try attempt() }
                    #expect(refused?.code == .unsafeDestination)
                }
                try disk.makeDirectory("mine")
                try Self.write(disk, "mine/c")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: destination + "/theirs").isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: destination + "/mine").sorted() == ["a", "c"])
        }
    }

    @Test("when the work fails, what the writer made is removed, a file cut short and directories made on the way included; nothing else")
    func removedAfterAFailure() throws {
        try Self.withDirectories { _, destination in
            let failed = #expect(throws: ArchiveError.self) {
                try SafeDiskWriter.write(into: destination) { disk in
                    try disk.makeDirectory("top")
                    try Self.write(disk, "top/a/b/c.txt")
                    try Self.write(disk, "d.txt")
                    FileManager.default.createFile(atPath: destination + "/top/theirs.txt", contents: Data("keep\n".utf8))
                    try disk.writeFile("top/a/short", size: 9) { write in try Array("evil\n".utf8).withUnsafeBytes { try write($0) } }
                }
            }
            #expect(failed?.code == .sizeMismatch)
            // top/ stays, holding the file someone else put there; everything this writer made is gone.
            #expect(TemporaryListing.of(destination) == ["top", "top/theirs.txt"])
        }
    }

    @Test("removal never follows a link swapped in for a directory the writer made")
    func removalStaysInside() throws {
        try Self.withDirectories { root, destination in
            try FileManager.default.createDirectory(atPath: root + "/outside/top/a", withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: root + "/outside/top/a/c.txt", contents: Data("victim\n".utf8))
            _ = #expect(throws: ArchiveError.self) {
                try SafeDiskWriter.write(into: destination) { disk in
                    try Self.write(disk, "top/a/c.txt")
                    // Someone renames the writer's directory away and puts a link to the victim in its place.
                    try FileManager.default.moveItem(atPath: destination + "/top", toPath: root + "/moved")
                    try FileManager.default.createSymbolicLink(atPath: destination + "/top", withDestinationPath: root + "/outside/top")
                    try Self.write(disk, "top/a/d.txt")
                }
            }
            #expect(try String(contentsOfFile: root + "/outside/top/a/c.txt", encoding: .utf8) == "victim\n")
            #expect(TemporaryListing.of(root + "/outside") == ["top", "top/a", "top/a/c.txt"])
            #expect(TemporaryListing.of(root + "/moved") == ["a", "a/c.txt"], "out of reach: not removed, never followed")
        }
    }

    @Test("a body that delivers more or fewer bytes than announced is refused")
    func sizes() throws {
        try Self.withDirectories { _, destination in
            try SafeDiskWriter.write(into: destination) { disk in
                let short = #expect(throws: ArchiveError.self) {
                    try disk.writeFile("short", size: 9) { write in try Array("evil\n".utf8).withUnsafeBytes { try write($0) } }
                }
                #expect(short?.code == .sizeMismatch)
                let long = #expect(throws: ArchiveError.self) {
                    try disk.writeFile("long", size: 2) { write in try Array("evil\n".utf8).withUnsafeBytes { try write($0) } }
                }
                #expect(long?.code == .sizeMismatch)
            }
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

/// Every path under a directory, relative and sorted, links not followed.
enum TemporaryListing {
    static func of(_ directory: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).sorted()
    }
}
