import Foundation
import Testing
import RialFormat
import RialCrypto
@testable import RialVerifier

/// Chain checks over a chain built here, edited to show one problem at a time.
@Suite("Frame chain checks")
struct ChainChecksTests {
    /// A 7-frame chain (checkpoints every 3) over 4-byte frames, with depth on frames 1 and 4.
    private func makeChain() throws -> (chain: FrameChain, frames: [[UInt8]], depth: [Int: [UInt8]]) {
        (try TestChain.make(), TestChain.frames, TestChain.depth)
    }

    private func context(_ chain: FrameChain, bytes: [UInt8]? = nil) -> VerificationContext {
        var inventory = Inventory()
        inventory.tagFileBytes[PackageLayout.chain] = bytes ?? chain.bytes()
        inventory.files[PackageLayout.chain] = .init(path: PackageLayout.chain, size: 0, digests: [:])
        return VerificationContext(inventory: inventory, profile: .package, verificationTime: Timestamp(seconds: 0))
    }

    private func failures(_ results: [CheckResult]) -> Set<String> {
        Set(results.filter { $0.status == .fail }.map { "\($0.code) \($0.subject)" })
    }

    @Test func consistentChainPasses() throws {
        let results = ChainStructureCheck().run(context(try makeChain().chain))
        #expect(results.map(\.code) == [.chainStructure])
        #expect(results.first?.status == .pass)
    }

    @Test func checkpointEditedRemovedOrAdded() throws {
        var chain = try makeChain().chain
        chain.checkpoints[0] = .init(index: 0, frameNumber: 3, hash: String(repeating: "a", count: 64), timestamp: chain.checkpoints[0].timestamp)
        #expect(failures(ChainStructureCheck().run(context(chain))).contains("chain.checkpoint.hash-mismatch checkpoint at frame 3"))
        chain = try makeChain().chain
        chain.checkpoints.removeFirst()
        let removed = failures(ChainStructureCheck().run(context(chain)))
        #expect(removed.contains("chain.checkpoint.missing checkpoint at frame 3"))
        #expect(removed.contains("chain.checkpoint.index checkpoint at frame 6"))
        chain = try makeChain().chain
        chain.checkpoints.append(.init(index: 2, frameNumber: 7, hash: chain.frames[6].hash, timestamp: chain.frames[6].timestamp))
        #expect(failures(ChainStructureCheck().run(context(chain))).contains("chain.checkpoint.unexpected checkpoint at frame 7"))
    }

    @Test func framesOutOfOrderOrTimeGoingBack() throws {
        var chain = try makeChain().chain
        chain.frames.swapAt(2, 3)
        chain.refreshDerivedFields()
        let results = failures(ChainStructureCheck().run(context(chain)))
        #expect(results.contains("chain.frame-number.out-of-sequence frame 3"))
        #expect(results.contains("chain.timestamp.not-increasing frame 3"))
    }

    @Test func finalHashMustBeTheLastFrames() throws {
        var chain = try makeChain().chain
        chain.finalHash = chain.frames[5].hash
        #expect(failures(ChainStructureCheck().run(context(chain))) == ["chain.final-hash.mismatch rial/chain.json: final_hash"])
    }

    @Test func nonCanonicalChainFile() throws {
        let chain = try makeChain().chain
        let spaced = Array(String(decoding: chain.bytes(), as: UTF8.self).replacingOccurrences(of: "\n  ", with: "\n   ").utf8)
        #expect(failures(ChainStructureCheck().run(context(chain, bytes: spaced))) == ["chain.not-canonical rial/chain.json"])
    }

    @Test func recomputerFindsExactlyTheAlteredFrame() throws {
        let (chain, frames, depth) = try makeChain()
        let recomputer = ChainRecomputer(chain: chain)
        for (index, original) in frames.enumerated() {
            var bytes = original
            if index == 4 { bytes[0] ^= 0xFF }
            let path = "data/frames/f\(index + 1)"
            try bytes.withUnsafeBytes { try recomputer.link(for: path)?.update($0) }
            recomputer.finished(path)
            if let extra = depth[index + 1] {
                let depthPath = "data/depth/d\(index + 1)"
                try extra.withUnsafeBytes { try recomputer.link(for: depthPath)?.update($0) }
                recomputer.finished(depthPath)
            }
        }
        recomputer.finish()
        let mismatched = chain.frames.indices.filter { recomputer.recomputed[$0] != chain.frames[$0].hash }
        #expect(mismatched == [4])
    }

    @Test func depthBeforeItsFrameLeavesTheLinkUnrecomputed() throws {
        let (chain, frames, depth) = try makeChain()
        let recomputer = ChainRecomputer(chain: chain)
        let depthFirst = "data/depth/d1"
        #expect(recomputer.link(for: depthFirst) == nil)
        recomputer.finished(depthFirst)
        try frames[0].withUnsafeBytes { try recomputer.link(for: "data/frames/f1")?.update($0) }
        recomputer.finished("data/frames/f1")
        _ = depth
        recomputer.finish()
        #expect(recomputer.recomputed[0] == nil)
        #expect(recomputer.unrecomputable[0] != nil)
    }

    @Test func appChainMayStopCheckpointingEarly() throws {
        let chain = try makeChain().chain
        var inventory = Inventory()
        inventory.tagFileBytes[PackageLayout.chain] = chain.bytes()
        inventory.files[PackageLayout.chain] = .init(path: PackageLayout.chain, size: 0, digests: [:])
        let appPath = PackageLayout.captureAppDirectory + AppHashChain.fileName
        // The app keeps its first checkpoint only; that is agreement, not a mismatch.
        let app = AppHashChain(frameHashes: chain.frames.map(\.hash), checkpoints: Array(chain.checkpoints.prefix(1)), finalHash: chain.finalHash)
        inventory.tagFileBytes[appPath] = JSONWriter.bytes(app.jsonValue())
        let agree = CaptureAgreementCheck().run(VerificationContext(inventory: inventory, profile: .package, verificationTime: Timestamp(seconds: 0)))
        #expect(agree.contains { $0.code == .chainApp && $0.status == .pass })
        var wrong = chain.checkpoints[0]
        wrong = .init(index: wrong.index, frameNumber: wrong.frameNumber, hash: chain.frames[0].hash, timestamp: wrong.timestamp)
        inventory.tagFileBytes[appPath] = JSONWriter.bytes(
            AppHashChain(frameHashes: chain.frames.map(\.hash), checkpoints: [wrong], finalHash: chain.finalHash).jsonValue())
        let disagree = CaptureAgreementCheck().run(VerificationContext(inventory: inventory, profile: .package, verificationTime: Timestamp(seconds: 0)))
        #expect(failures(disagree) == ["chain.app.mismatch checkpoint at frame 3"])
    }

    @Test func checkpointsOutOfOrderOrMisnumbered() throws {
        var chain = try makeChain().chain
        chain.checkpoints.reverse()
        let results = failures(ChainStructureCheck().run(context(chain)))
        #expect(results.contains("chain.checkpoint.order checkpoint at frame 3"))
        chain = try makeChain().chain
        chain.checkpoints[1] = .init(index: 5, frameNumber: 6, hash: chain.checkpoints[1].hash, timestamp: chain.checkpoints[1].timestamp)
        #expect(failures(ChainStructureCheck().run(context(chain))).contains("chain.checkpoint.index checkpoint at frame 6"))
    }

    @Test func descriptorRefusesTimeGoingBackwards() {
        let json: JSONValue = .object([
            "format": .string(CaptureDescriptor.formatName), "fps": .number(30),
            "frame_format": FrameFormat(width: 1, height: 1).jsonValue(), "depth_format": .null,
            "frames": .array([
                .object(["frame_number": .integer(1), "timestamp": .number(1.0), "depth": .bool(false)]),
                .object(["frame_number": .integer(2), "timestamp": .number(1.0), "depth": .bool(false)]),
            ]),
        ])
        #expect { try CaptureDescriptor(json: json) } throws: { ($0 as? FormatError)?.code == .invalidField }
    }
}
