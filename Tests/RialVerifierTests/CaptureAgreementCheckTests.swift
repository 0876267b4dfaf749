import Testing
import RialFormat
@testable import RialVerifier

/// The capture descriptor (`data/capture.json`) and the app's own hash chain
/// (`data/capture/hash_chain.json`) against `rial/chain.json`. The check reads the parsed
/// chain and those two files only, so the package here holds no frame material: the chain's
/// hashes are made up, and recomputing them is the chain checks' affair (``ChainChecksTests``).
@Suite("Capture agreement check")
struct CaptureAgreementCheckTests {
    private typealias Builder = InventoryBuilder
    private let descriptorPath = PackageLayout.captureDescriptor
    private let appPath = AppHashChain.path

    /// A 7-frame chain at 30 fps, checkpoints every 3, depth on frames 1 and 4.
    private let chain: FrameChain = {
        let frames = (1...7).map { n in
            FrameChain.Frame(
                frameNumber: Int64(n), timestamp: Double(n - 1) / 30, hash: String(repeating: String(n, radix: 16), count: 64),
                framePath: "data/frames/" + CaptureDescriptor.frameFileName(Int64(n)),
                depthPath: [1, 4].contains(n) ? "data/depth/" + CaptureDescriptor.depthFileName(Int64(n)) : nil)
        }
        return FrameChain(fps: 30, checkpointInterval: 3, frameFormat: FrameFormat(width: 64, height: 48), frames: frames)
    }()

    private func descriptor(_ chain: FrameChain, fps: Double? = nil) -> CaptureDescriptor {
        CaptureDescriptor(
            fps: fps ?? chain.fps, checkpointInterval: chain.checkpointInterval, frameFormat: chain.frameFormat,
            depthFormat: DepthFormat(width: 16, height: 12),
            frames: chain.frames.map { .init(frameNumber: $0.frameNumber, timestamp: $0.timestamp, hasDepth: $0.depthPath != nil) })
    }

    private func appChain(_ chain: FrameChain) -> AppHashChain {
        AppHashChain(frameHashes: chain.frames.map(\.hash), checkpoints: chain.checkpoints, finalHash: chain.finalHash)
    }

    /// The minimal package with the chain, the descriptor and the app's chain added as `rial pack` lists them.
    private func package(descriptor: CaptureDescriptor? = nil, app: AppHashChain? = nil, chain: FrameChain? = nil) throws -> Builder {
        let chain = chain ?? self.chain
        return try Builder.package(adding: [
            PackageLayout.chain: chain.bytes(),
            descriptorPath: JSONWriter.bytes((descriptor ?? self.descriptor(chain)).jsonValue()),
            appPath: JSONWriter.bytes((app ?? appChain(chain)).jsonValue()),
        ])
    }

    private func run(_ builder: Builder) -> [Finding] {
        CaptureAgreementCheck().run(builder.context()).findings
    }

    @Test func untouchedPackagePasses() throws {
        #expect(run(try package()) == [Finding(.chainDescriptor, .pass, descriptorPath), Finding(.chainApp, .pass, appPath)])
    }

    @Test func withoutAChainThereIsNothingToCompare() throws {
        #expect(run(try Builder.package()) == [])
        var builder = try package()
        try builder.remove(PackageLayout.chain)
        #expect(run(builder) == [])
    }

    @Test func recordsThatAreAbsent() throws {
        var builder = try package()
        try builder.remove(descriptorPath)
        try builder.remove(appPath)
        #expect(run(builder) == [Finding(.chainDescriptor, .notPresent, descriptorPath), Finding(.chainApp, .notPresent, appPath)])
    }

    @Test func malformedRecords() throws {
        var builder = try package()
        try builder.put(descriptorPath, Array("{}".utf8))
        try builder.put(appPath, Array("[]".utf8))
        #expect(run(builder) == [Finding(.chainDescriptorMalformed, .fail, descriptorPath), Finding(.chainAppMalformed, .fail, appPath)])
    }

    @Test func descriptorThatDisagrees() throws {
        var frames = descriptor(chain).frames
        frames.removeLast()
        let shorter = CaptureDescriptor(
            fps: 30, checkpointInterval: 3, frameFormat: chain.frameFormat, depthFormat: DepthFormat(width: 16, height: 12), frames: frames)
        #expect(run(try package(descriptor: shorter)).failures == [Finding(.chainDescriptorMismatch, .fail, descriptorPath)])
        #expect(run(try package(descriptor: descriptor(chain, fps: 60))).failures == [Finding(.chainDescriptorMismatch, .fail, descriptorPath)])
        var retimed = descriptor(chain).frames
        retimed[4] = .init(frameNumber: 5, timestamp: retimed[4].timestamp + 0.001, hasDepth: false)
        let moved = CaptureDescriptor(
            fps: 30, checkpointInterval: 3, frameFormat: chain.frameFormat, depthFormat: DepthFormat(width: 16, height: 12), frames: retimed)
        #expect(run(try package(descriptor: moved)).failures == [Finding(.chainDescriptorMismatch, .fail, "frame 5")])
    }

    @Test func appChainThatDisagrees() throws {
        var hashes = chain.frames.map(\.hash)
        hashes[2] = String(repeating: "f", count: 64)
        let edited = AppHashChain(frameHashes: hashes, checkpoints: chain.checkpoints, finalHash: chain.finalHash)
        #expect(run(try package(app: edited)).failures == [Finding(.chainAppMismatch, .fail, "frame 3")])
        let shorter = AppHashChain(
            frameHashes: chain.frames.map(\.hash) + [String(repeating: "f", count: 64)], checkpoints: chain.checkpoints, finalHash: chain.finalHash)
        #expect(run(try package(app: shorter)).failures == [Finding(.chainAppMismatch, .fail, appPath)])
        let otherFinal = AppHashChain(frameHashes: chain.frames.map(\.hash), checkpoints: chain.checkpoints, finalHash: String(repeating: "e", count: 64))
        #expect(run(try package(app: otherFinal)).failures == [Finding(.chainAppMismatch, .fail, appPath + ": finalHash")])
        let point = chain.checkpoints[0]
        let otherCheckpoint = AppHashChain(
            frameHashes: chain.frames.map(\.hash),
            checkpoints: [.init(index: point.index, frameNumber: point.frameNumber, hash: String(repeating: "d", count: 64), timestamp: point.timestamp)],
            finalHash: chain.finalHash)
        #expect(run(try package(app: otherCheckpoint)).failures == [Finding(.chainAppMismatch, .fail, "checkpoint at frame \(point.frameNumber)")])
    }
}
