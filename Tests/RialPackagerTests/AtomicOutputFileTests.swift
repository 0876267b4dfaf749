import Foundation
import Testing
@testable import RialPackager

/// The packer hints the kernel to write its output early and drop it from the page cache. Hints
/// must never change a byte: written in pieces with a hint after each, patched at the front
/// afterwards (as the tag files are), the committed file holds exactly what was written.
@Suite("Atomic output file: writeback and drop-behind hints leave the bytes as written")
struct AtomicOutputFileTests {
    @Test func bytesSurviveWritebackDropAndPatch() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rial-aof-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("out.bin").path

        var expected = (0..<(3 << 20) + 777).map { UInt8(truncatingIfNeeded: $0 &* 151 >> 3) }
        let output = try AtomicOutputFile(destination: destination, overwrite: false, writebackStep: 64 << 10)
        var offset = 0
        for size in [1, 65_535, 65_536, 300_000] + Array(repeating: 100_000, count: 40) where offset < expected.count {
            let piece = Array(expected[offset..<min(offset + size, expected.count)])
            try output.write(piece, at: UInt64(offset))
            offset += piece.count
            output.startWriteback(upTo: UInt64(offset))
        }
        try output.write(Array(expected[offset...]), at: UInt64(offset))
        // The patch lands on pages whose writeback was started and that were dropped since.
        let patch = [UInt8](repeating: 0xEE, count: 10_000)
        try output.write(patch, at: 4096)
        expected.replaceSubrange(4096..<(4096 + patch.count), with: patch)
        try output.commit()

        let written = try Data(contentsOf: URL(fileURLWithPath: destination))
        #expect(written.count == expected.count)
        #expect(written == Data(expected))
    }
}
