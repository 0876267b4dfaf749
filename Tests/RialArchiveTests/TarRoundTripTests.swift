import Foundation
import Testing
@testable import RialArchive

@Suite("pax tar writer and reader")
struct TarRoundTripTests {
    private func temporaryFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("rial-tar-\(UUID().uuidString).tar").path
    }

    private func write(_ path: String, entries: [(String, [UInt8]?)]) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(fd) }
        let writer = try TarWriter(fileDescriptor: fd)
        for (name, bytes) in entries {
            if let bytes {
                try writer.addFile(path: name, bytes: bytes, modificationTime: 1_700_000_000)
            } else {
                try writer.addDirectory(path: name, modificationTime: 1_700_000_000)
            }
        }
        try writer.close()
    }

    @Test(
        "times before 1970 or from 2038 on are clamped, so the writer never leaves the strict profile (no pax mtime)",
        arguments: [
            (-5, 0), (2_147_483_646, 2_147_483_646), (2_147_483_647, 2_147_483_646), (1 << 40, 2_147_483_646),
            (1_768_867_200, 1_768_867_200),
        ] as [(Int64, Int64)])
    func headerTimesStayInTheProfile(_ time: Int64, _ stored: Int64) throws {
        let path = temporaryFile()
        defer { unlink(path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let writer = try TarWriter(fileDescriptor: fd)
        try writer.addDirectory(path: "pkg/", modificationTime: time)
        try writer.addFile(path: "pkg/a", bytes: [1], modificationTime: time)
        try writer.close()
        close(fd)
        let reader = try TarReader(path: path)
        var times: [Int64] = []
        while let header = try reader.nextEntry() { times.append(header.modificationTime) }
        #expect(times == [stored, stored])
    }

    @Test func nonASCIINamesSurviveTheCLocale() throws {
        // The test process runs in the "C" locale, the case that crashes libarchive 3.6 without
        // the per-thread UTF-8 locale.
        let path = temporaryFile()
        defer { unlink(path) }
        let names = ["pkg/", "pkg/Zeugenaussage_Müller.txt", "pkg/東京/", "pkg/東京/ñ.bin", "pkg/" + String(repeating: "long/", count: 30) + "x"]
        try write(path, entries: names.map { $0.hasSuffix("/") ? ($0, nil) : ($0, Array($0.utf8)) })
        let reader = try TarReader(path: path)
        var seen: [String] = []
        while let header = try reader.nextEntry() {
            seen.append(header.path)
            if header.kind == .regularFile {
                let bytes = try reader.readAll(limit: 1 << 20)
                #expect(bytes == Array(header.path.utf8))
            }
        }
        #expect(seen == names)
    }

    @Test func outputIsDeterministicAndHeadersAreNeutral() throws {
        let first = temporaryFile(), second = temporaryFile()
        defer { unlink(first); unlink(second) }
        let entries: [(String, [UInt8]?)] = [("p/", nil), ("p/a.txt", Array("hello".utf8)), ("p/ü.txt", [1, 2, 3])]
        try write(first, entries: entries)
        try write(second, entries: entries)
        let a = try Data(contentsOf: URL(fileURLWithPath: first)), b = try Data(contentsOf: URL(fileURLWithPath: second))
        #expect(a == b)
        let reader = try TarReader(path: first)
        while let header = try reader.nextEntry() {
            #expect(header.modificationTime == 1_700_000_000)
            #expect(header.mode == (header.kind == .directory ? 0o755 : 0o644))
        }
        // GNU tar reads it and sees uid/gid 0 and no user names.
        let listing = try run("/bin/tar", ["--numeric-owner", "-tvf", first])
        #expect(listing.contains("0/0"))
    }

    @Test func dataOffsetsPointAtTheEntryBytes() throws {
        let path = temporaryFile()
        defer { unlink(path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let writer = try TarWriter(fileDescriptor: fd)
        try writer.addDirectory(path: "p/", modificationTime: 0)
        let offset = try writer.addFile(path: "p/x", bytes: Array("PAYLOAD".utf8), modificationTime: 0)
        try writer.close()
        close(fd)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(Array(data[Int(offset)..<Int(offset) + 7]) == Array("PAYLOAD".utf8))
    }

    @Test func writerRefusesWrongSizes() throws {
        let path = temporaryFile()
        defer { unlink(path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(fd) }
        let writer = try TarWriter(fileDescriptor: fd)
        #expect {
            try writer.addFile(path: "p/short", size: 10, modificationTime: 0) { write in try [UInt8](repeating: 1, count: 5).withUnsafeBytes { try write($0) }
            }
        } throws: { ($0 as? ArchiveError)?.code == .sizeMismatch }
    }

    @Test func readerRejectsNonTarAndLinks() throws {
        let junk = temporaryFile()
        defer { unlink(junk) }
        try Data("this is not a tar archive at all, not even close".utf8).write(to: URL(fileURLWithPath: junk))
        #expect {
            let reader = try TarReader(path: junk)
            _ = try reader.nextEntry()
        } throws: { ($0 as? ArchiveError)?.code == .notAnArchive }

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rial-link-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/p", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/p/link", withDestinationPath: "/etc/passwd")
        // GNU tar's ustar output: the link itself is what is refused.
        _ = try run("/bin/tar", ["--format=ustar", "-C", dir, "-cf", dir + "/l.tar", "p"])
        #expect {
            let reader = try TarReader(path: dir + "/l.tar")
            while try reader.nextEntry() != nil {}
        } throws: { ($0 as? ArchiveError)?.code == .unsupportedEntryType && ($0 as? ArchiveError)?.location == "p/link" }
        // GNU tar's pax output records atime/ctime/mtime, keys outside the profile.
        _ = try run("/bin/tar", ["--format=posix", "-C", dir, "-cf", dir + "/x.tar", "p"])
        #expect {
            let posix = try TarReader(path: dir + "/x.tar")
            while try posix.nextEntry() != nil {}
        } throws: { ($0 as? ArchiveError)?.code == .paxKey }
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }
}
