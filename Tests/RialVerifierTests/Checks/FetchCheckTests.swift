import Testing
import RialFormat
@testable import RialVerifier

/// ``FetchCheck``: rial never fetches, so each `fetch.txt` entry is NOT CHECKED, and a line
/// that is not an entry, or whose path would be written outside `data/`, fails.
@Suite("FetchCheck")
struct FetchCheckTests {
    private func run(_ text: String?, holding: [String] = [], unkept: Bool = false) -> [CheckResult] {
        var extra = text.map { ["fetch.txt": Array($0.utf8)] } ?? [:]
        for path in holding { extra[path] = [1] }
        return FetchCheck().run(TestChain.context(nil, extra: extra, unkept: unkept ? ["fetch.txt"] : [], profile: .bag))
    }

    @Test("each entry NOT CHECKED at its path, saying whether the bag holds the file")
    func entries() {
        let results = run("https://example.org/a 4 data/a.bin\nhttps://example.org/b - data/b.bin\n", holding: ["data/a.bin"])
        #expect(results.findings == [Finding(.bagFetch, .notChecked, "data/a.bin"), Finding(.bagFetch, .notChecked, "data/b.bin")])
        #expect(results.first?.message.contains("the bag holds it") == true)
        #expect(results.last?.message.contains("the bag does not hold it") == true)
    }

    @Test("a path outside data/, a URL without scheme, a bad length, a short line: bag.fetch.invalid each, and never PASS")
    func invalid() {
        let results = run("https://example.org/a 4 ../../etc/passwd\nexample.org/b 4 data/b\nhttps://x/c many data/c\njust-one-field\n")
        #expect(
            results.findings == [
                Finding(.bagFetchInvalid, .fail, "../../etc/passwd"), Finding(.bagFetchInvalid, .fail, "data/b"),
                Finding(.bagFetchInvalid, .fail, "data/c"), Finding(.bagFetchInvalid, .fail, "fetch.txt line 4"),
            ])
    }

    @Test("not UTF-8, or too large to read: bag.fetch.invalid on fetch.txt")
    func unreadable() {
        let bad = FetchCheck().run(TestChain.context(nil, extra: ["fetch.txt": [0xFF, 0xFE, 0x20]], profile: .bag))
        #expect(bad.findings == [Finding(.bagFetchInvalid, .fail, "fetch.txt")])
        #expect(run(nil, unkept: true).findings == [Finding(.bagFetchInvalid, .fail, "fetch.txt")])
    }

    @Test("no fetch.txt: silent")
    func absent() {
        #expect(run(nil).isEmpty)
    }
}
