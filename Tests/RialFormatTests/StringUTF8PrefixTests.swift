import RialFormat
import Testing

@Suite("A prefix of at most so many UTF-8 bytes")
struct StringUTF8PrefixTests {
    @Test("cut between scalars, never inside one; a string that fits is itself")
    func cuts() {
        #expect("ééé".prefix(utf8Bytes: 5) == "éé")
        #expect("ééé".prefix(utf8Bytes: 6) == "ééé")
        #expect("a\u{301}b".prefix(utf8Bytes: 2) == "a", "a combining mark is two bytes: it does not fit")
        #expect("😀x".prefix(utf8Bytes: 3) == "")
        #expect("".prefix(utf8Bytes: 0) == "")
    }
}
