import Foundation
import Testing
import RialMedia

/// Hostile media ends in a typed outcome, in bounded time, and never takes the test process
/// down: the probe runs in a child with its limits.
///
/// Serialized: the wall-clock bound is a hang guard, not a speed test (see ``probe(_:_:limits:)``).
@Suite("MediaProbe: hostile media", .serialized)
struct MediaProbeHostileTests {
    /// Limits tight enough that a runaway ends quickly.
    static let limits = MediaProbeLimits(timeoutSeconds: 10, cpuSeconds: 5, memoryBytes: 256 << 20)

    /// Probes `bytes` and checks the outcome came within the time limit.
    private func probe(_ bytes: [UInt8], _ name: String, limits: MediaProbeLimits = Self.limits) throws -> MediaProbeOutcome {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try HostileMedia.write(bytes, name, in: scratch)
        let start = Date()
        let outcome = try Probe.run(file, limits: limits)
        // Hang guard: a hostile file ends in well under a second normally; the probe's own
        // timeout (10 s) plus 2 s is more than ten times that.
        #expect(Date().timeIntervalSince(start) < limits.timeoutSeconds + 2, "\(name) took \(Date().timeIntervalSince(start)) s")
        return outcome
    }

    private func expectUnreadable(_ outcome: MediaProbeOutcome, mentioning words: String) {
        guard case .unreadable(let reason) = outcome else {
            Issue.record("expected unreadable, got \(outcome.summary)")
            return
        }
        #expect(reason.contains(words), "reason: \(reason)")
    }

    @Test func aTruncatedMoovIsUnreadable() throws {
        expectUnreadable(try probe(HostileMedia.truncatedMoov, "truncated.mp4"), mentioning: "ends inside its 'moov' box")
    }

    @Test(MediaTools.needs("ffmpeg"))
    func aRealMovieCutInsideItsMoovIsUnreadable() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let movie = try Data(contentsOf: try MediaMaker.movie(.h264, container: "mp4", movflags: "+faststart", in: scratch))
        let moov = try #require(movie.range(of: Data("moov".utf8)))
        expectUnreadable(try probe(Array(movie.prefix(moov.upperBound + 100)), "cut.mp4"), mentioning: "ends inside its 'moov' box")
    }

    @Test func aHugeBoxSizeIsUnreadable() throws {
        expectUnreadable(try probe(HostileMedia.hugeBox, "huge.mp4"), mentioning: "ends inside its 'moov' box: 4611686018427387904 bytes declared")
        expectUnreadable(try probe(HostileMedia.impossibleBox, "small.mp4"), mentioning: "impossible size")
    }

    @Test func aMillionTracksEndAtTheStreamLimit() throws {
        expectUnreadable(try probe(HostileMedia.millionTracks, "million.mp4"), mentioning: "max_streams")
    }

    @Test func aSampleTableClaimedBeyondTheMemoryLimitIsTooMuchMemory() throws {
        // 2^25 sample sizes claimed in a few bytes: FFmpeg would allocate 128 MiB before reading them.
        let outcome = try probe(HostileMedia.hugeSampleTable, "stsz.mp4", limits: MediaProbeLimits(memoryBytes: 64 << 20))
        #expect(outcome == .tooMuchMemory)
        // Within the limit the allocation succeeds, the sizes are missing, and FFmpeg drops the
        // table: a video stream without codec or size, which no claim about the media matches.
        let within = try probe(HostileMedia.hugeSampleTable, "stsz.mp4", limits: .standard)
        #expect(within.facts?.video?.codec == "none")
        #expect(within.facts?.video?.codedWidth == 0)
    }

    @Test func aZipNamedMP4IsUnsupported() throws {
        #expect(try probe(HostileMedia.zip, "evidence.mp4") == .unsupported(container: "zip"))
    }

    @Test func randomBytesAreUnsupported() throws {
        for seed in 1...3 as ClosedRange<UInt64> {
            #expect(try probe(HostileMedia.random(count: 4096, seed: seed), "random-\(seed).mp4") == .unsupported(container: "unknown"))
        }
    }

    @Test func randomBytesAfterAFileTypeBoxAreUnreadable() throws {
        let outcome = try probe(HostileMedia.ftyp + HostileMedia.random(count: 4096, seed: 9), "ftyp-random.mp4")
        guard case .unreadable = outcome else { Issue.record("got \(outcome.summary)"); return }
    }

    @Test func anEmptyRangeIsUnsupported() throws {
        #expect(try probe([], "empty.mp4") == .unsupported(container: "empty"))
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try HostileMedia.write(HostileMedia.ftyp, "a.mp4", in: scratch)
        #expect(try Probe.probe.run(path: file.path, offset: 8, length: 0) == .unsupported(container: "empty"))
    }

    @Test func brokenJPEGsAreUnreadable() throws {
        expectUnreadable(try probe(HostileMedia.jpegSegmentPastTheEnd, "past.jpg"), mentioning: "runs past the end")
        expectUnreadable(try probe(HostileMedia.jpegWithoutFrame, "noframe.jpg"), mentioning: "no frame header")
        expectUnreadable(try probe([0xFF, 0xD8, 0xFF], "soi.jpg"), mentioning: "JPEG")
    }

    @Test func aJPEGWithBrokenEXIFStillHasItsFrame() throws {
        let outcome = try probe(HostileMedia.jpegWithBrokenEXIF, "broken-exif.jpg")
        #expect(outcome.facts?.image?.codedSize == MediaImageSize(width: 64, height: 48))
    }

    @Test(MediaTools.needs("ffmpeg", "heif-enc"))
    func aTruncatedHEICIsUnreadable() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let photo = try Data(contentsOf: try MediaMaker.heic(in: scratch))
        expectUnreadable(try probe(Array(photo.prefix(photo.count - 100)), "cut.heic"), mentioning: "ends inside its 'mdat' box")
    }

    @Test func theMemoryLimitHoldsForManySmallAllocations() throws {
        // A million real `trak` boxes under a 1 MiB budget: FFmpeg allocates as it goes, below
        // its one-block cap, until the address-space limit refuses (the stream limit is raised
        // so that it is not what stops it).
        let outcome = try probe(
            HostileMedia.millionTracks, "million.mp4",
            limits: MediaProbeLimits(timeoutSeconds: 20, memoryBytes: 1 << 20, maxStreams: 1024))
        switch outcome {
        case .tooMuchMemory, .crashed, .unreadable: break
        default: Issue.record("expected an outcome of the limits, got \(outcome.summary)")
        }
    }
}
