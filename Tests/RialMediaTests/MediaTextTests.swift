import Testing
import RialMedia

/// Text from media bytes: valid UTF-8, Latin-1 otherwise, cut on a character boundary.
@Suite("MediaText")
struct MediaTextTests {
    @Test func keepsUTF8() {
        #expect(MediaText.decode(Array("Café ©".utf8), maxBytes: 100) == ("Café ©", false))
    }

    @Test func readsOtherBytesAsLatin1() {
        #expect(MediaText.decode([0xA9, 0x78, 0x79, 0x7A], maxBytes: 100) == ("©xyz", false))
    }

    @Test func cutsOnACharacterBoundary() {
        let text = String(repeating: "é", count: 10)  // 20 bytes
        let cut = MediaText.decode(Array(text.utf8), maxBytes: 5)
        #expect(cut == ("éé", true))
        #expect(MediaText.decode(Array(String(repeating: "é", count: 1000).utf8), maxBytes: 7) == ("ééé", true))
        #expect(MediaText.decode(Array(repeating: UInt8(0x41), count: 10), maxBytes: 10) == ("AAAAAAAAAA", false))
        #expect(MediaText.decode(Array(repeating: UInt8(0x41), count: 11), maxBytes: 10) == ("AAAAAAAAAA", true))
    }

    @Test func readsACStringNoFurtherThanTheLimit() {
        let long = [CChar](repeating: 0x42, count: 10_000) + [0]
        let decoded = long.withUnsafeBufferPointer { MediaText.decode(cString: $0.baseAddress, maxBytes: 16) }
        #expect(decoded?.text == String(repeating: "B", count: 16))
        #expect(decoded?.isTruncated == true)
        #expect(MediaText.decode(cString: nil, maxBytes: 16) == nil)
    }
}
