import Testing
import RialFormat
@testable import RialVerifier

/// ``ChainMaterialCheck``: the frame files and depth keyframes the chain names are present at
/// their declared sizes, and no other is.
@Suite("ChainMaterialCheck")
struct ChainMaterialCheckTests {
    /// The files of ``TestChain/make(withMaterial:)`` at their declared sizes, and its depth index.
    private func material(_ chain: FrameChain) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let frameBytes = Int(chain.frameFormat.frameBytes)
        let format = DepthFormat(width: 1, height: 1)
        for frame in chain.frames {
            if let path = frame.framePath { files[path] = [UInt8](repeating: 1, count: frameBytes) }
            if let path = frame.depthPath { files[path] = [UInt8](repeating: 2, count: Int(format.keyframeBytes)) }
        }
        let keyframes = chain.frames.compactMap { frame in
            frame.depthPath.map { DepthIndex.Keyframe(frameNumber: frame.frameNumber, timestamp: frame.timestamp, path: $0) }
        }
        files[PackageLayout.depthIndex] = DepthIndex(format: format, keyframes: keyframes).bytes()
        return files
    }

    private func run(_ edit: (inout [String: [UInt8]]) -> Void = { _ in }) throws -> [Finding] {
        let chain = try TestChain.make()
        var files = material(chain)
        edit(&files)
        return ChainMaterialCheck().run(TestChain.context(chain, extra: files)).map(Finding.init)
    }

    @Test("every named file present at its size, none other: PASS")
    func whole() throws {
        #expect(try run() == [Finding(.chainMaterial, .pass, PackageLayout.chain)])
    }

    @Test("a frame file missing or resized: chain.frame.missing, chain.frame.size-mismatch")
    func frames() throws {
        let results = try run { files in
            files["data/frames/f2"] = nil
            files["data/frames/f3"]?.append(0)
        }
        #expect(results == [Finding(.chainFrameMissing, .fail, "frame 2: data/frames/f2"), Finding(.chainFrameSizeMismatch, .fail, "frame 3: data/frames/f3")])
    }

    @Test("a depth keyframe missing or resized: chain.depth.missing, chain.depth.size-mismatch")
    func depth() throws {
        let results = try run { files in
            files["data/depth/d1"] = nil
            files["data/depth/d4"]?.append(0)
        }
        #expect(results == [Finding(.chainDepthMissing, .fail, "frame 1: data/depth/d1"), Finding(.chainDepthSizeMismatch, .fail, "frame 4: data/depth/d4")])
    }

    @Test("no depth index to declare the keyframes' size: chain.depth.undeclared at each keyframe")
    func undeclared() throws {
        let results = try run { $0[PackageLayout.depthIndex] = nil }
        #expect(results == [Finding(.chainDepthUndeclared, .fail, "frame 1: data/depth/d1"), Finding(.chainDepthUndeclared, .fail, "frame 4: data/depth/d4")])
    }

    @Test("frame material and depth no frame names: chain.frame.unreferenced, chain.depth.unreferenced")
    func unreferenced() throws {
        let results = try run { files in
            files["data/frames/f99"] = [1, 1, 1, 1]
            files["data/depth/d99"] = [2, 2, 2, 2]
        }
        #expect(Set(results) == [Finding(.chainDepthUnreferenced, .fail, "data/depth/d99"), Finding(.chainFrameUnreferenced, .fail, "data/frames/f99")])
    }
}
