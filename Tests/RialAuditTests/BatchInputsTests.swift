import Foundation
import RialAudit
import RialTestSupport
import Testing

/// What `--recursive` finds under a directory.
@Suite("Batch inputs")
struct BatchInputsTests {
    /// Decoded with replacement characters, `\xff.rialpkg` was `\u{FFFD}.rialpkg`: a valid
    /// package of that name was verified in its place, and the one that is not UTF-8 never.
    @Test("a package whose name is not UTF-8 makes its directory an input that cannot pass, and is said; it never stands for another file")
    func namesThatAreNotUTF8() throws {
        try TemporaryDirectory.with { dir in
            let store = dir.appendingPathComponent("store").path
            try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: store + "/\u{FFFD}.rialpkg", contents: Data("valid".utf8))
            let raw = Array(store.utf8) + [UInt8(ascii: "/"), 0xFF] + Array(".rialpkg".utf8) + [0]
            let made = raw.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) } }
            try #require(made >= 0, "cannot make a file whose name is not UTF-8 here")
            close(made)
            var notes: [String] = []
            let found = BatchInputs.expand([store], recursive: true) { notes.append($0) }
            #expect(found.sorted() == [store, store + "/\u{FFFD}.rialpkg"].sorted(), "\(found)")
            #expect(notes.count == 1 && notes[0].contains("whose name is not UTF-8 (\\xFF.rialpkg)") && notes[0].contains("rename it"), "\(notes)")
        }
    }
}
