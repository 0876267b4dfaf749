import Testing
import RialFormat
@testable import RialVerifier

/// ``ChainLinksCheck``: every link with material recomputed; PASS only when all were, the first
/// broken frame a FAIL, the rest NOT CHECKED with why.
@Suite("ChainLinksCheck")
struct ChainLinksCheckTests {
    private func run(_ chain: FrameChain, links: (recomputed: [Int: String], unrecomputable: [Int: String])?) -> [Finding] {
        ChainLinksCheck().run(TestChain.context(chain, links: links)).map(Finding.init)
    }

    @Test("every link recomputed and matching: PASS over all frames")
    func allMatch() throws {
        let chain = try TestChain.make()
        #expect(run(chain, links: TestChain.allRecomputed(chain)) == [Finding(.chainLinks, .pass, "frames 1–7")])
    }

    @Test("an altered frame: chain.link.broken at the first frame that breaks, and no PASS")
    func broken() throws {
        let chain = try TestChain.make()
        var links = TestChain.allRecomputed(chain)
        links.recomputed[3] = String(repeating: "0", count: 64)
        links.recomputed[5] = String(repeating: "1", count: 64)
        let results = ChainLinksCheck().run(TestChain.context(chain, links: links))
        #expect(results.map(Finding.init) == [Finding(.chainLinkBroken, .fail, "frame 4")])
        #expect(results.first?.expected == chain.frames[3].hash)
        #expect(results.first?.message.contains("1 more frame after it also breaks") == true)
    }

    @Test("a link that could not be recomputed: chain.links.incomplete, and chain.links NOT CHECKED, never PASS")
    func incomplete() throws {
        let chain = try TestChain.make()
        var links = TestChain.allRecomputed(chain)
        links.recomputed[2] = nil
        links.unrecomputable[2] = "its frame file is missing"
        let results = ChainLinksCheck().run(TestChain.context(chain, links: links))
        #expect(results.map(Finding.init) == [Finding(.chainLinks, .notChecked, "frames 1–7"), Finding(.chainLinksIncomplete, .notChecked, "frame 3")])
        #expect(results.last?.message.contains("its frame file is missing") == true)
    }

    @Test("frames without material: chain.links.no-material, and chain.links NOT CHECKED")
    func someWithoutMaterial() throws {
        var chain = try TestChain.make()
        chain.frames[6] = FrameChain.Frame(frameNumber: 7, timestamp: chain.frames[6].timestamp, hash: chain.frames[6].hash, framePath: nil, depthPath: nil)
        #expect(
            run(chain, links: TestChain.allRecomputed(chain)) == [
                Finding(.chainLinks, .notChecked, "frames 1–7"), Finding(.chainLinksNoMaterial, .notChecked, "1 frames"),
            ])
    }

    @Test("no frame material at all (a phone export): one NOT CHECKED saying so")
    func noMaterial() throws {
        let chain = try TestChain.make(withMaterial: false)
        let results = ChainLinksCheck().run(TestChain.context(chain, links: nil))
        #expect(results.map(Finding.init) == [Finding(.chainLinks, .notChecked, "frames 1–7")])
        #expect(results.first?.message.contains("no frame material") == true)
    }

    @Test("material named but no links recomputed (the chain was not read by the scanner): NOT CHECKED")
    func notRecomputed() throws {
        let results = ChainLinksCheck().run(TestChain.context(try TestChain.make(), links: nil))
        #expect(results.map(Finding.init) == [Finding(.chainLinks, .notChecked, "frames 1–7")])
        #expect(results.first?.message.contains("not recomputed") == true)
    }

    @Test("no chain: silent")
    func noChain() {
        #expect(ChainLinksCheck().run(TestChain.context(nil)).isEmpty)
    }
}
