import Testing
import RialFormat
@testable import RialVerifier

/// ``ChainSummaryCheck``: `rial/manifest.json`'s chain summary against `rial/chain.json`, each
/// disagreement at its own field.
@Suite("ChainSummaryCheck")
struct ChainSummaryCheckTests {
    private static let subject = "rial/manifest.json: chain"

    private func manifest(_ summary: ChainSummary?) throws -> PackageManifest {
        PackageManifest(
            packageID: try PackageID(InventoryBuilder.packageID), created: InventoryBuilder.created,
            tool: .init(name: RialToolkit.name, version: RialToolkit.version),
            capture: CaptureSummary(payloadPaths: []), chain: summary, files: [])
    }

    private func run(_ chain: FrameChain?, chainBytes: [UInt8]? = nil, summary: ChainSummary?) throws -> [Finding] {
        let context = TestChain.context(chain, chainBytes: chainBytes, manifest: try manifest(summary))
        guard case .success? = context.manifest else {
            Issue.record("the test manifest does not parse")
            return []
        }
        return ChainSummaryCheck().run(context).map(Finding.init)
    }

    @Test("the summary agrees with the chain: PASS")
    func agrees() throws {
        let chain = try TestChain.make()
        #expect(try run(chain, summary: ChainSummary(chain)) == [Finding(.chainSummary, .pass, Self.subject)])
    }

    @Test("frame count, final hash and a checkpoint changed: chain.summary.mismatch at each field")
    func mismatch() throws {
        let chain = try TestChain.make()
        let other = String(repeating: "a", count: 64)
        let summary = ChainSummary(frameCount: 6, finalHash: other, checkpointHashes: [chain.checkpoints[0].hash, other])
        #expect(
            try run(chain, summary: summary) == [
                Finding(.chainSummaryMismatch, .fail, Self.subject + ".frame_count"),
                Finding(.chainSummaryMismatch, .fail, Self.subject + ".final_hash"),
                Finding(.chainSummaryMismatch, .fail, Self.subject + ".checkpoint_hashes[1]"),
            ])
    }

    @Test("a checkpoint fewer in the summary: mismatch at the first one missing")
    func fewerCheckpoints() throws {
        let chain = try TestChain.make()
        let summary = ChainSummary(frameCount: 7, finalHash: chain.finalHash, checkpointHashes: [chain.checkpoints[0].hash])
        #expect(try run(chain, summary: summary) == [Finding(.chainSummaryMismatch, .fail, Self.subject + ".checkpoint_hashes[1]")])
    }

    @Test("the manifest summarises a chain the package lacks: chain.summary.chain-missing")
    func chainMissing() throws {
        let chain = try TestChain.make()
        #expect(try run(nil, summary: ChainSummary(chain)) == [Finding(.chainSummaryChainMissing, .fail, Self.subject)])
    }

    @Test("the package has a chain the manifest does not summarise: chain.summary.missing")
    func summaryMissing() throws {
        #expect(try run(try TestChain.make(), summary: nil) == [Finding(.chainSummaryMissing, .fail, Self.subject)])
    }

    @Test("an unreadable chain: NOT CHECKED, never PASS")
    func unreadableChain() throws {
        let chain = try TestChain.make()
        #expect(try run(nil, chainBytes: Array("{".utf8), summary: ChainSummary(chain)) == [Finding(.chainSummary, .notChecked, Self.subject)])
    }

    @Test("neither a chain nor a summary: silent")
    func neither() throws {
        #expect(try run(nil, summary: nil) == [])
    }
}
