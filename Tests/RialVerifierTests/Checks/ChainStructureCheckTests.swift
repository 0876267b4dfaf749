import Testing
import RialFormat
@testable import RialVerifier

/// ``ChainStructureCheck`` codes that ``ChainChecksTests`` leaves out: a chain that cannot be
/// read, of another algorithm, empty, miscounted, or with a checkpoint at another time.
@Suite("ChainStructureCheck")
struct ChainStructureCheckTests {
    private static let subject = PackageLayout.chain

    /// `rial/chain.json` of ``TestChain/make(withMaterial:)`` with its JSON edited.
    private func run(_ edit: (inout JSONObject) -> Void) throws -> [Finding] {
        var object = try #require(try StrictJSONParser.parse(try TestChain.make().bytes()).objectValue)
        edit(&object)
        return ChainStructureCheck().run(TestChain.context(nil, chainBytes: JSONWriter.bytes(.object(object)))).map(Finding.init)
    }

    @Test("another algorithm: chain.unsupported-algorithm")
    func algorithm() throws {
        #expect(try run { $0["algorithm"] = .string("md5-chain") } == [Finding(.chainUnsupportedAlgorithm, .fail, Self.subject)])
    }

    @Test("frame_count not the frames listed: chain.frame-count.mismatch")
    func frameCount() throws {
        #expect(try run { $0["frame_count"] = .integer(8) }.contains(Finding(.chainFrameCountMismatch, .fail, Self.subject + ": frame_count")))
    }

    @Test("no frames: chain.empty")
    func empty() throws {
        let results = try run { object in
            object["frames"] = .array([])
            object["checkpoints"] = .array([])
            object["frame_count"] = .integer(0)
        }
        #expect(results.contains(Finding(.chainEmpty, .fail, Self.subject)))
    }

    @Test("a checkpoint at another time than its frame: chain.checkpoint.timestamp-mismatch")
    func checkpointTime() throws {
        var chain = try TestChain.make()
        let point = chain.checkpoints[0]
        chain.checkpoints[0] = .init(index: point.index, frameNumber: point.frameNumber, hash: point.hash, timestamp: point.timestamp + 1)
        let results = ChainStructureCheck().run(TestChain.context(chain)).map(Finding.init)
        #expect(results.contains(Finding(.chainCheckpointTimestampMismatch, .fail, "checkpoint at frame 3")))
    }

    @Test("too large to read: chain.unreadable")
    func unreadable() {
        let results = ChainStructureCheck().run(TestChain.context(nil, unkept: [Self.subject])).map(Finding.init)
        #expect(results == [Finding(.chainUnreadable, .fail, Self.subject)])
    }
}

extension ChainStructureCheckTests {
    @Test("a frame_count over the limit is refused before the frames are read: chain.limit.frames")
    func frameLimit() throws {
        #expect(try run { $0["frame_count"] = .integer(Int64(FrameChain.maxFrames) + 1) } == [Finding(.chainLimitFrames, .fail, Self.subject)])
    }
}
