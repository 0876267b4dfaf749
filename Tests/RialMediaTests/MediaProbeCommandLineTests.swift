import Testing
import RialMedia

/// The probe's command line, written by the parent and read by the probe.
@Suite("MediaProbeCommandLine")
struct MediaProbeCommandLineTests {
    @Test func readsWhatItWrites() throws {
        let limits = MediaProbeLimits(
            cpuSeconds: 3, memoryBytes: 64 << 20, maxStreams: 4, maxTags: 10, maxTagValueBytes: 100,
            maxCountedPackets: 50, probeBytes: 4096, maxMetadataBlockBytes: 8192, maxImageDimension: 100)
        let written = MediaProbeCommandLine(path: "-odd name.mp4", offset: 512, length: 1_000_000, limits: limits)
        let read = try MediaProbeCommandLine(arguments: written.arguments)
        #expect(read.path == "-odd name.mp4" && read.offset == 512 && read.length == 1_000_000)
        // The parent's time and output limits travel too, and read back equal.
        #expect(read.limits.cpuSeconds == 3 && read.limits.memoryBytes == 64 << 20 && read.limits.maxStreams == 4)
        #expect(read.limits.maxTags == 10 && read.limits.maxTagValueBytes == 100 && read.limits.maxCountedPackets == 50)
        #expect(read.limits.probeBytes == 4096 && read.limits.maxMetadataBlockBytes == 8192 && read.limits.maxImageDimension == 100)
    }

    @Test func leftOutOptionsKeepTheirDefaults() throws {
        let read = try MediaProbeCommandLine(arguments: ["media.mp4", "0", "10"])
        #expect(read.limits == .standard)
    }

    @Test(arguments: [
        [], ["a.mp4", "0"], ["a.mp4", "0", "1", "2"], ["a.mp4", "-1", "1"], ["a.mp4", "0", "x"], ["--max-tags"],
        ["--unknown", "1", "a.mp4", "0", "1"], ["--max-streams", "0", "a.mp4", "0", "1"], ["--max-streams", "two", "a.mp4", "0", "1"],
        ["a.mp4", "9223372036854775807", "1"],
    ])
    func refusesABadCommandLine(_ arguments: [String]) {
        let error = #expect(throws: MediaError.self) { try MediaProbeCommandLine(arguments: arguments) }
        #expect(error?.code == .invalidArgument)
    }
}
