import Testing
@testable import RialArchive

/// An ASCII entry name folds byte by byte (issue 21), and must fold exactly as Foundation's NFC
/// and case folding would: every ASCII character, and names of them.
@Suite("Entry name folding")
struct NameFoldTests {
    @Test("the ASCII fold is the Unicode fold for every ASCII name, and declines any other")
    func asciiFoldIsTheUnicodeFold() {
        var names = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["Data/Media/CAPTURE.MOV", "root/data/a-B_c.9~", ""]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            names.append(String((0..<Int.random(in: 1...12, using: &random)).map { _ in Character(UnicodeScalar(UInt8.random(in: 0..<128, using: &random))) }))
        }
        for name in names {
            #expect(EntryNameRules.asciiFold(name) == EntryNameRules.unicodeFold(name), "\(name.debugDescription)")
        }
        for name in ["Müller", "e\u{301}", "ǅ", "ﬁ", "İ", "\u{212A}"] {
            #expect(EntryNameRules.asciiFold(name) == nil)
            #expect(EntryNameRules.fold(name) == EntryNameRules.unicodeFold(name))
        }
    }
}
