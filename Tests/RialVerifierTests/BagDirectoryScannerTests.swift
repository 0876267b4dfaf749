import Foundation
import Testing
import RialFormat
@testable import RialVerifier

/// ``BagDirectoryScanner``'s own findings about a bag directory's entries: a file name BagIt's
/// rules refuse, a tag file larger than the limit it is handed, and a file listed but gone
/// when its turn to be read came.
@Suite("Bag directory scanner")
struct BagDirectoryScannerTests {
    /// A bag directory holding `bagit.txt` and `files` (relative path to text), removed by `body`'s end.
    private func withBag(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rial-bag-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (path, text) in files.merging(
            [PackageLayout.bagDeclaration: "BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n"], uniquingKeysWith: { old, _ in old })
        {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try body(root)
    }

    @Test("a payload file whose name begins with a combining mark (it fuses with the '/' before it): bag.entry.invalid-name at it, not hashed")
    func invalidName() throws {
        let name = "data/\u{0301}x.txt"
        try withBag([name: "x"]) { root in
            let inventory = try BagDirectoryScanner(path: root, limits: VerificationLimits(), progress: nil).scan()
            #expect(inventory.findings.map(Finding.init) == [Finding(.bagEntryInvalidName, .fail, name)])
            #expect(inventory.files[name] == nil)
        }
    }

    @Test("a tag file over the limit handed to the scanner: bag.limit.tag-file-size at it, its bytes not kept")
    func tagFileOverTheLimit() throws {
        var limits = VerificationLimits()
        limits.maxTagFileBytes = 100
        let info = "Bag-Group-Identifier: " + String(repeating: "x", count: 200) + "\n"
        try withBag([PackageLayout.bagInfo: info]) { root in
            let inventory = try BagDirectoryScanner(path: root, limits: limits, progress: nil).scan()
            #expect(inventory.findings.map(Finding.init) == [Finding(.bagLimitTagFileSize, .fail, PackageLayout.bagInfo)])
            #expect(inventory.tagFileBytes[PackageLayout.bagInfo] == nil && inventory.files[PackageLayout.bagInfo] != nil)
        }
    }

    @Test("a payload file listed, then removed while an earlier file is read: bag.entry.unreadable at it, not hashed")
    func listedThenUnreadable() throws {
        // Tests run as root, who reads any file whatever its mode, so the file is taken away
        // instead: between the directory's listing and its read, as on a bag still being
        // written or a failing disk. bagit.txt sorts first; the scanner reports progress while
        // it reads it, and that is when the payload file goes.
        let name = "data/z.txt"
        try withBag([name: "z"]) { root in
            let scanner = BagDirectoryScanner(path: root, limits: VerificationLimits()) { _, _ in
                try? FileManager.default.removeItem(atPath: root + "/" + name)
            }
            let inventory = try scanner.scan()
            #expect(inventory.findings.map(Finding.init) == [Finding(.bagEntryUnreadable, .fail, name)])
            let message = try #require(inventory.findings.first?.message)
            #expect(message.hasPrefix("could not be read: "), "\(message)")
            #expect(inventory.files[name] == nil && inventory.files[PackageLayout.bagDeclaration] != nil)
        }
    }
}
