import Testing
import RialFormat
@testable import RialVerifier

/// ``DepthIndexCheck``: `rial/depth.json` parses, is canonical and lists the depth keyframes the
/// chain names, at their frames' timestamps.
@Suite("DepthIndexCheck")
struct DepthIndexCheckTests {
    private static let subject = PackageLayout.depthIndex

    /// The index the chain of ``TestChain/make(withMaterial:)`` calls for: frames 1 and 4.
    private func index(_ chain: FrameChain, timestampOf4: Double? = nil, dropLast: Bool = false) -> DepthIndex {
        var keyframes = chain.frames.compactMap { frame in
            frame.depthPath.map {
                DepthIndex.Keyframe(
                    frameNumber: frame.frameNumber, timestamp: frame.frameNumber == 4 ? timestampOf4 ?? frame.timestamp : frame.timestamp, path: $0)
            }
        }
        if dropLast { keyframes.removeLast() }
        return DepthIndex(format: DepthFormat(width: 1, height: 1), keyframes: keyframes)
    }

    private func run(_ chain: FrameChain?, depth: [UInt8]?, unkept: Bool = false) -> [Finding] {
        let context = TestChain.context(chain, extra: depth.map { [Self.subject: $0] } ?? [:], unkept: unkept ? [Self.subject] : [])
        return DepthIndexCheck().run(context).map(Finding.init)
    }

    @Test("the index lists the chain's keyframes: PASS")
    func agrees() throws {
        let chain = try TestChain.make()
        #expect(run(chain, depth: index(chain).bytes()) == [Finding(.depthIndex, .pass, Self.subject)])
    }

    @Test("a keyframe fewer: depth.index.mismatch")
    func mismatch() throws {
        let chain = try TestChain.make()
        #expect(run(chain, depth: index(chain, dropLast: true).bytes()) == [Finding(.depthIndexMismatch, .fail, Self.subject)])
    }

    @Test("a keyframe at another time than its frame: depth.index.timestamp-mismatch at the frame")
    func timestamp() throws {
        let chain = try TestChain.make()
        #expect(run(chain, depth: index(chain, timestampOf4: 9).bytes()) == [Finding(.depthIndexTimestampMismatch, .fail, "frame 4")])
    }

    @Test("valid JSON not in canonical form: depth.index.not-canonical")
    func notCanonical() throws {
        let chain = try TestChain.make()
        let spaced = Array(String(decoding: index(chain).bytes(), as: UTF8.self).replacingOccurrences(of: "\n  ", with: "\n   ").utf8)
        #expect(run(chain, depth: spaced) == [Finding(.depthIndexNotCanonical, .fail, Self.subject)])
    }

    @Test("not JSON: depth.index.malformed")
    func malformed() throws {
        #expect(run(try TestChain.make(), depth: Array("{".utf8)) == [Finding(.depthIndexMalformed, .fail, Self.subject)])
    }

    @Test("too large to read: depth.index.unreadable")
    func unreadable() throws {
        #expect(run(try TestChain.make(), depth: nil, unkept: true) == [Finding(.depthIndexUnreadable, .fail, Self.subject)])
    }

    @Test("the chain names depth keyframes and there is no index: depth.index.missing")
    func missing() throws {
        #expect(run(try TestChain.make(), depth: nil) == [Finding(.depthIndexMissing, .fail, Self.subject)])
    }

    @Test("no depth at all: NOT PRESENT")
    func notPresent() {
        #expect(run(nil, depth: nil) == [Finding(.depthIndex, .notPresent, Self.subject)])
    }
}
