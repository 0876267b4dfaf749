import Foundation
import Testing
import RialFormat
@testable import RialVerifier

/// ``BagDirectoryScanner``'s own findings about a bag directory's entries: a file name BagIt's
/// rules refuse, and a tag file larger than the limit it is handed.
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
}
