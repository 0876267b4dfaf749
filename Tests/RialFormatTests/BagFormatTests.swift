import Testing
@testable import RialFormat

@Suite("BagIt text formats")
struct BagFormatTests {
    @Test func manifestPathEncodingRoundTrips() {
        let path = "data/100%\nreal\rname%0A"
        let encoded = ManifestPathEncoding.encode(path)
        #expect(encoded == "data/100%25%0Areal%0Dname%250A")
        #expect(ManifestPathEncoding.decode(encoded) == path)
        #expect(ManifestPathEncoding.decode("data/a%41b%0a") == "data/a%41b\n")
    }

    @Test func manifestWritesSha256sumFormatSortedByBytes() throws {
        let digest = String(repeating: "a", count: 64)
        let manifest = BagManifest(
            algorithm: "sha256",
            entries: [
                .init(path: "data/b", digest: digest), .init(path: "data/B", digest: digest), .init(path: "data/50%", digest: digest),
            ])
        let text = String(decoding: manifest.bytes(), as: UTF8.self)
        #expect(text == "\(digest)  data/50%25\n\(digest)  data/B\n\(digest)  data/b\n")
        let parsed = try BagManifest.parse(manifest.bytes(), algorithm: "sha256", digestByteCount: 32, fileName: "m")
        #expect(parsed.entries.map(\.path) == ["data/50%", "data/B", "data/b"])
    }

    @Test func manifestParserAcceptsRFCWhitespaceAndLineEnds() throws {
        let digest = String(repeating: "B", count: 64)
        let bytes = Array("\(digest) data/a b\r\n\(digest)\tdata/c\r".utf8)
        let parsed = try BagManifest.parse(bytes, algorithm: "sha256", digestByteCount: 32, fileName: "m")
        #expect(parsed.entries == [.init(path: "data/a b", digest: digest.lowercased()), .init(path: "data/c", digest: digest.lowercased())])
    }

    @Test func manifestParserRejectsBadDigestsAndLines() {
        #expect { try BagManifest.parse(Array("abc  data/x\n".utf8), algorithm: "sha256", digestByteCount: 32, fileName: "m") } throws: {
            ($0 as? FormatError)?.code == .invalidHex
        }
        #expect {
            try BagManifest.parse(Array("\(String(repeating: "a", count: 64))\n".utf8), algorithm: "sha256", digestByteCount: 32, fileName: "m")
        } throws: { ($0 as? FormatError)?.code == .invalidLine }
    }

    @Test func bagInfoParsesContinuationLinesAndRepeatedLabels() throws {
        let info = try BagInfo.parse(Array("Payload-Oxum: 10.2\nExternal-Description: first\n  second\nContact-Name: A\ncontact-name: B\n".utf8))
        #expect(info.values("External-Description") == ["first second"])
        #expect(info.values("Contact-Name") == ["A", "B"])
        #expect(PayloadOxum(info.values("Payload-Oxum")[0]) == PayloadOxum(octets: 10, fileCount: 2))
        #expect { try BagInfo.parse(Array("no colon here\n".utf8)) } throws: { ($0 as? FormatError)?.code == .invalidLine }
    }

    @Test(arguments: ["10", "10.", ".2", "1.2.3", "-1.2", "+1.2", "1 .2", "1.٢"])
    func payloadOxumRejects(_ text: String) {
        #expect(PayloadOxum(text) == nil)
    }

    @Test func declarationMustBeExactlyTwoLines() throws {
        #expect(try BagDeclaration.parse(BagDeclaration.current.bytes()) == .current)
        #expect(String(decoding: BagDeclaration.current.bytes(), as: UTF8.self) == "BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n")
        #expect(throws: FormatError.self) { try BagDeclaration.parse(Array("BagIt-Version: 1.0\n".utf8)) }
    }

    @Test(arguments: [
        ("data/media/a.mov", true), ("data/media/Müller 東京.txt", true),
        ("", false), ("/etc/passwd", false), ("data/../x", false), ("data/./x", false), ("data//x", false),
        ("data/x/", false), ("data/Mu\u{0308}ller.txt", false), ("data/M\u{00FC}ller.txt", true), ("data\\x", false), ("data/a\u{0}b", false),
        ("data/a\nb", false), ("data/\u{202E}gpj.exe", false),
    ])
    func bagPathRules(_ path: String, _ valid: Bool) {
        #expect((BagPath.problem(with: path) == nil) == valid)
    }

    @Test func bagitRulesAllowControlCharactersButNotTraversal() {
        #expect(BagPath.problem(with: "data/a\nb", rules: .bagit) == nil)
        #expect(BagPath.problem(with: "data/../b", rules: .bagit) != nil)
    }

    @Test(arguments: ["data/\u{0301}x", "data/\u{200D}x", "data/\u{1F3FB}x", "data/\u{FF9E}x", "data/\u{0E33}x", "data/x\u{0600}/y"])
    func componentsMayNotFuseWithTheSlash(_ path: String) {
        #expect(BagPath.problem(with: path) != nil)
        #expect(BagPath.problem(with: path, rules: .bagit) != nil)
    }
}
