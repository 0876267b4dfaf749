// libFuzzer target for the media probe's in-process reader: FFmpeg's mov demuxer, libheif,
// libexif and the JPEG marker walk, on arbitrary bytes.
//
// Built with `-DFUZZING` (see scripts/fuzz.sh) this is a libFuzzer target; otherwise it is a
// replayer that runs every file of the directories it is given (by default the seed corpus and
// the saved crashers) through the same function, which is what `make test` does.
//
// Asserts: reading never crashes (in `rial-media-probe` a crash would be an outcome, here it is a
// bug to look at); the reply, written as the probe writes it, is read back by the parent's strict
// reader (`MediaProbeReply(bytes:limits:)`) to the same value, so every reply the reader can make
// passes the parent's shape checks; the facts keep their invariants (display size is the coded
// size, turned a quarter when the rotation is 90 or 270; rotation in 0..<360; no more tags than
// the limit, none longer).
import FuzzSupport
import RialFormat
import RialMedia
import RialMediaReaders

/// Smaller than the probe's defaults, so that one input stays fast.
private let limits = MediaProbeLimits(
    maxTags: 64, maxTagValueBytes: 256, maxCountedPackets: 10_000, probeBytes: 65_536,
    maxMetadataBlockBytes: 65_536, maxImageDimension: 8192)

func fuzzOne(_ bytes: [UInt8]) {
    let reply = MediaReader.read(ByteRange(bytes: bytes), limits: limits)
    if verbose { print("  \(summary(reply))") }
    let reread: MediaProbeReply
    do {
        reread = try MediaProbeReply(bytes: reply.bytes(), limits: limits)
    } catch {
        violation("the parent refuses the reply: \(error.reason)")
    }
    guard reread == reply else { violation("the reply reads back as another value") }
    guard case .facts(let facts) = reply else { return }
    guard facts.tags.count <= limits.maxTags else { violation("\(facts.tags.count) tags, more than the limit") }
    if let tag = facts.tags.first(where: { $0.value.utf8.count > limits.maxTagValueBytes }) {
        violation("tag \(tag.name) has a value longer than the limit")
    }
    if let video = facts.video {
        guard (0..<360).contains(video.rotation) else { violation("rotation \(video.rotation)") }
        // A quarter turn as the reader judges one: a display matrix's angle within half a degree
        // of 90 or 270 (fixed-point matrices give 89.9995°).
        let quarter = abs(video.rotation.truncatingRemainder(dividingBy: 180) - 90) < 0.5
        let expected = quarter ? (video.codedHeight, video.codedWidth) : (video.codedWidth, video.codedHeight)
        guard (video.displayWidth, video.displayHeight) == expected else { violation("display size is not the coded size turned") }
    }
}

private func summary(_ reply: MediaProbeReply) -> String {
    switch reply {
    case .facts(let facts): return "facts: \(facts.container.kind.rawValue), \(facts.tags.count) tags"
    case .unsupported(let container): return "unsupported: \(container)"
    case .unreadable(let reason): return "unreadable: \(reason)"
    case .tooMuchMemory(let reason): return "too much memory: \(reason)"
    }
}

// MARK: - Harness (Sources/Fuzz/FuzzSupport)

var verbose: Bool { FuzzHarness.verbose }

/// A property does not hold: stop with a trap, so libFuzzer saves the input as a crasher.
func violation(_ message: String) -> Never {
    FuzzHarness.violation("FuzzMedia", message)
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzOne(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#else
@main
enum Replay {
    static func main() {
        FuzzHarness.replay("FuzzMedia", fuzzOne)
    }
}
#endif
