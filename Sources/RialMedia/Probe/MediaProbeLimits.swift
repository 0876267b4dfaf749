/// The bounds a probe runs within. The child process enforces the resource limits on itself
/// before it opens the input (see `docs/media.md`); the parent enforces the time limit and the
/// output cap, and checks the reply against the counts and sizes here.
package struct MediaProbeLimits: Hashable, Sendable {
    /// Wall-clock seconds before the parent kills the probe (``MediaProbeOutcome/timedOut``).
    package var timeoutSeconds: Double
    /// CPU seconds (`RLIMIT_CPU`); past them the kernel stops the probe.
    package var cpuSeconds: Int
    /// Bytes of address space the probe may add to what it has mapped once loaded (`RLIMIT_AS`
    /// is set to its size at start plus this): the demuxers' allocations, not the libraries' code.
    package var memoryBytes: Int
    /// The most bytes the probe may write on standard output; more is
    /// ``MediaProbeOutcome/misbehaved(reason:)``. Must hold ``maxTags`` values of
    /// ``maxTagValueBytes`` each, escaped.
    package var maxOutputBytes: Int
    /// The most streams a movie may declare (FFmpeg's `max_streams`); more is unreadable.
    package var maxStreams: Int
    /// The most metadata entries listed in ``MediaFacts/tags``; more are counted, not listed.
    package var maxTags: Int
    /// The most UTF-8 bytes kept of one tag value.
    package var maxTagValueBytes: Int
    /// The most packets read to count a video's frames when its header does not state the count.
    package var maxCountedPackets: Int
    /// The most bytes FFmpeg may read to identify streams (`probesize`).
    package var probeBytes: Int
    /// The largest EXIF or XMP block read from a HEIF photo.
    package var maxMetadataBlockBytes: Int
    /// The widest (and tallest) image libheif accepts, in pixels.
    package var maxImageDimension: Int

    /// Limits; the defaults fit phone captures with room to spare.
    /// - Parameters: each property, as documented on it.
    package init(
        timeoutSeconds: Double = 20, cpuSeconds: Int = 10, memoryBytes: Int = 512 << 20,
        maxOutputBytes: Int = 4 << 20, maxStreams: Int = 16, maxTags: Int = 256, maxTagValueBytes: Int = 1024,
        maxCountedPackets: Int = 1_000_000, probeBytes: Int = 1 << 20, maxMetadataBlockBytes: Int = 1 << 20,
        maxImageDimension: Int = 1 << 15
    ) {
        self.timeoutSeconds = timeoutSeconds
        self.cpuSeconds = cpuSeconds
        self.memoryBytes = memoryBytes
        self.maxOutputBytes = maxOutputBytes
        self.maxStreams = maxStreams
        self.maxTags = maxTags
        self.maxTagValueBytes = maxTagValueBytes
        self.maxCountedPackets = maxCountedPackets
        self.probeBytes = probeBytes
        self.maxMetadataBlockBytes = maxMetadataBlockBytes
        self.maxImageDimension = maxImageDimension
    }

    /// The defaults.
    package static let standard = MediaProbeLimits()

    /// Checks that every limit is positive and within what the libraries take.
    /// - Throws: ``MediaError`` `.invalidArgument` naming the first limit that is not.
    package func validate() throws(MediaError) {
        guard timeoutSeconds.isFinite, timeoutSeconds > 0, timeoutSeconds <= 86_400 else {
            throw MediaError(.invalidArgument, "timeoutSeconds must be in (0, 86400], not \(timeoutSeconds)")
        }
        for (name, value, range) in integerLimits where !range.contains(value) {
            throw MediaError(.invalidArgument, "\(name) must be in \(range.lowerBound)...\(range.upperBound), not \(value)")
        }
    }

    /// The integer limits with their names on the probe's command line and their allowed ranges.
    var integerLimits: [(name: String, value: Int, range: ClosedRange<Int>)] {
        [
            ("cpu-seconds", cpuSeconds, 1...86_400),
            ("memory-bytes", memoryBytes, (1 << 20)...(1 << 40)),
            ("max-output-bytes", maxOutputBytes, 1024...(1 << 30)),
            ("max-streams", maxStreams, 1...1024),
            ("max-tags", maxTags, 0...65_536),
            ("max-tag-value-bytes", maxTagValueBytes, 16...(1 << 20)),
            ("max-counted-packets", maxCountedPackets, 0...(1 << 40)),
            ("probe-bytes", probeBytes, 32...(1 << 30)),
            ("max-metadata-block-bytes", maxMetadataBlockBytes, 1024...(1 << 30)),
            ("max-image-dimension", maxImageDimension, 1...(1 << 20)),
        ]
    }
}
