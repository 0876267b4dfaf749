import Foundation
import Testing
@testable import RialArchive

/// A file read for packing must be read whole and must not change while it is read: a file
/// that grows or shrinks midway would be packed with digests of bytes that no longer exist.
@Suite("File chunk reader: whole files, and files that change while read are refused")
struct FileChunkReaderTests {
    private func withFile(_ bytes: Int, _ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rial-chunk-\(UUID().uuidString)").path
        try Data((0..<bytes).map { UInt8(truncatingIfNeeded: $0) }).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    @Test func streamsEveryByteInOrder() throws {
        try withFile(3 << 20 | 5) { path in
            var seen: [UInt8] = []
            try FileChunkReader(path: path).streamAndClose { seen.append(contentsOf: $0) }
            #expect(seen == (0..<(3 << 20 | 5)).map { UInt8(truncatingIfNeeded: $0) })
        }
    }

    @Test(arguments: ["streamAndClose", "readAndClose"])
    func aFileThatGrowsWhileReadIsRefused(_ api: String) throws {
        try withFile(3 << 20) { path in
            let grow = {
                let handle = FileHandle(forWritingAtPath: path)
                handle?.seekToEndOfFile()
                handle?.write(Data(repeating: 1, count: 4096))
                handle?.closeFile()
            }
            let error = #expect(throws: ArchiveError.self) { try read(path, api, afterFirstChunk: grow) }
            #expect(error?.code == .fileChanged)
            #expect(error?.reason.contains("grew") == true)
            do { try read(path, api, afterFirstChunk: {}) } catch { Issue.record("an unchanged file was refused: \(error)") }
        }
    }

    @Test(arguments: ["streamAndClose", "readAndClose"])
    func aFileThatShrinksWhileReadIsRefused(_ api: String) throws {
        try withFile(3 << 20) { path in
            let error = #expect(throws: ArchiveError.self) {
                try read(path, api, afterFirstChunk: { truncate(path, 2 << 20) })
            }
            #expect(error?.code == .fileChanged)
            #expect(error?.reason.contains("shrank") == true)
        }
    }

    /// A caller that stops before the end learns that it did: the rest was never checked.
    @Test func stoppingBeforeTheEndIsAnError() throws {
        try withFile(3 << 20) { path in
            let error = #expect(throws: ArchiveError.self) {
                try FileChunkReader(path: path).readAndClose { fill in
                    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
                    defer { buffer.deallocate() }
                    _ = try fill(buffer)
                }
            }
            #expect(error?.code == .fileChanged)
        }
    }

    /// Reads the file through one of the two APIs, calling `change` after the first chunk.
    private func read(_ path: String, _ api: String, afterFirstChunk change: () -> Void) throws {
        var chunks = 0
        let reader = try FileChunkReader(path: path)
        if api == "streamAndClose" {
            try reader.streamAndClose { _ in
                chunks += 1
                if chunks == 1 { change() }
            }
        } else {
            try reader.readAndClose { fill in
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
                defer { buffer.deallocate() }
                while try fill(buffer) > 0 {
                    chunks += 1
                    if chunks == 1 { change() }
                }
            }
        }
    }
}
