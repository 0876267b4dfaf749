import Testing
import RialFormat
@testable import RialVerifier

/// ``AppChainCheck``: the capture app's `hash_chain.json` holds together on its own: its final
/// hash is its last frame hash, its checkpoints every 150th frame's, in order.
@Suite("AppChainCheck")
struct AppChainCheckTests {
    private static let path = AppHashChain.path

    /// 300 distinct frame hashes, checkpointed at frames 150 and 300, as the app writes them.
    private static let hashes = (1...300).map { n in String(repeating: "0", count: 60) + String(String(n, radix: 16).suffix(4)).leftPadded(to: 4) }

    private func chain(_ edit: (inout [FrameChain.Checkpoint], inout String) -> Void = { _, _ in }) -> AppHashChain {
        var points = [150, 300].enumerated().map { index, frame in
            FrameChain.Checkpoint(index: Int64(index), frameNumber: Int64(frame), hash: Self.hashes[frame - 1], timestamp: Double(frame) / 30)
        }
        var final = Self.hashes[299]
        edit(&points, &final)
        return AppHashChain(frameHashes: Self.hashes, checkpoints: points, finalHash: final)
    }

    private func run(_ bytes: [UInt8]) -> [Finding] {
        AppChainCheck().run(TestChain.context(nil, extra: [Self.path: bytes])).map(Finding.init)
    }

    private func run(_ chain: AppHashChain) -> [Finding] { run(JSONWriter.bytes(chain.jsonValue())) }

    @Test("a chain that holds together: PASS")
    func holds() {
        #expect(run(chain()) == [Finding(.appChain, .pass, Self.path)])
    }

    @Test("a final hash that is not the last frame's: app.chain.final-mismatch")
    func finalMismatch() {
        #expect(run(chain { _, final in final = Self.hashes[298] }) == [Finding(.appChainFinalMismatch, .fail, Self.path)])
    }

    @Test("a checkpoint with another frame's hash: app.chain.checkpoint-mismatch at the checkpoint")
    func checkpointMismatch() {
        let edited = chain { points, _ in points[1] = .init(index: 1, frameNumber: 300, hash: Self.hashes[0], timestamp: 10) }
        #expect(run(edited) == [Finding(.appChainCheckpointMismatch, .fail, Self.path + ": checkpoints[1]")])
    }

    @Test("a checkpoint beyond the chain: app.chain.checkpoint-mismatch (and its order is wrong too)")
    func checkpointBeyond() {
        let edited = chain { points, _ in points.append(.init(index: 2, frameNumber: 301, hash: Self.hashes[0], timestamp: 10)) }
        #expect(
            run(edited) == [
                Finding(.appChainCheckpointOrder, .fail, Self.path + ": checkpoints[2]"),
                Finding(.appChainCheckpointMismatch, .fail, Self.path + ": checkpoints[2]"),
            ])
    }

    @Test("checkpoints swapped: app.chain.checkpoint-order at each")
    func checkpointOrder() {
        let edited = chain { points, _ in points.swapAt(0, 1) }
        #expect(
            run(edited) == [
                Finding(.appChainCheckpointOrder, .fail, Self.path + ": checkpoints[0]"),
                Finding(.appChainCheckpointOrder, .fail, Self.path + ": checkpoints[1]"),
            ])
    }

    @Test("not the app's format: app.chain.malformed")
    func malformed() {
        #expect(run(Array(#"{"frameHashes": "no"}"#.utf8)) == [Finding(.appChainMalformed, .fail, Self.path)])
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
