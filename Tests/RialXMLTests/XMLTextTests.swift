import Testing
@testable import RialXML

/// What XML 1.0 cannot hold, or a reader must not be fooled by, is written as `\u{…}`.
@Suite("XMLText")
struct XMLTextTests {
    @Test func plainTextIsUnchanged() {
        #expect(XMLText.safe("a plain report line, 100% ASCII & more <tags>") == "a plain report line, 100% ASCII & more <tags>")
        #expect(XMLText.safe("tab\tnewline\ncarriage\r") == "tab\tnewline\ncarriage\r")
        #expect(XMLText.safe("é 漢字 🙂") == "é 漢字 🙂")
    }

    @Test func controlCharactersAreSpelledOut() {
        #expect(XMLText.safe("a\u{0}b") == "a\\u{0}b")
        #expect(XMLText.safe("bell\u{7}") == "bell\\u{7}")
        #expect(XMLText.safe("\u{1B}[31m") == "\\u{1b}[31m")
        #expect(XMLText.safe("del\u{7F}") == "del\\u{7f}")
    }

    @Test func invisibleAndBidiCharactersAreSpelledOut() {
        #expect(XMLText.safe("evil\u{202E}txt.exe") == "evil\\u{202e}txt.exe")
        #expect(XMLText.safe("left\u{200E}mark\u{2066}isolate") == "left\\u{200e}mark\\u{2066}isolate")
        #expect(XMLText.safe("\u{FEFF}bom") == "\\u{feff}bom")
    }

    @Test func nonCharactersXMLExcludesAreSpelledOut() {
        #expect(XMLText.safe("\u{FFFE}\u{FFFF}") == "\\u{fffe}\\u{ffff}")
    }

    @Test(arguments: [0x09, 0x0A, 0x0D] as [UInt32])
    func xmlWhitespaceIsKept(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        #expect(!XMLText.needsEscape(scalar))
    }
}
