import Testing
import RialFormat

/// Hard limits on what a package's JSON may claim, each an error with its own code, raised
/// before anything is allocated for the claim.
@Suite("Format limits")
struct LimitTests {
    static func chain(frameCount: String) -> [UInt8] {
        Array(
            """
            {"algorithm": "rial-frame-chain-v1", "frame_count": \(frameCount), "fps": 30, "checkpoint_interval": 30,
             "frame_format": {"pixel_format": "bgra8", "width": 2, "height": 2, "bytes_per_row": 8},
             "frames": [], "checkpoints": [], "final_hash": "\(String(repeating: "0", count: 64))"}
            """.utf8)
    }

    @Test("a chain claiming 2^40 frames is refused as chain.limit.frames")
    func frameCount() throws {
        let json = try StrictJSONParser.parse(Self.chain(frameCount: String(1 << 40)))
        #expect(throws: FormatError.self) { try FrameChain(json: json) }
        do {
            _ = try FrameChain(json: json)
        } catch {
            #expect(error.code == .tooManyFrames, "\(error)")
        }
    }

    @Test("integers beyond 2^53 - 1 are refused; 2^53 - 1 itself is read exactly")
    func safeIntegers() throws {
        #expect(try StrictJSONParser.parse(Array("9007199254740991".utf8)) == .integer(9_007_199_254_740_991))
        #expect(try StrictJSONParser.parse(Array("-9007199254740991".utf8)) == .integer(-9_007_199_254_740_991))
        for text in ["9007199254740992", "-9007199254740993", "18446744073709551616"] {
            do {
                _ = try StrictJSONParser.parse(Array(text.utf8))
                Issue.record("\(text) was accepted")
            } catch {
                #expect(error.code == .integerOutOfRange, "\(text): \(error)")
            }
        }
    }
}
