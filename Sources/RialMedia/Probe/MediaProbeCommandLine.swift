/// The `rial-media-probe` command line, written by ``MediaProbe`` and read by the probe, so both
/// sides share one spelling:
///
///     rial-media-probe [--cpu-seconds N] [--memory-bytes N] ... [--input-descriptor N] FILE OFFSET LENGTH
///
/// Every ``MediaProbeLimits`` integer is an option named as in
/// ``MediaProbeLimits/integerLimits``; an option left out keeps its default. The probe needs
/// the output and time limits only to refuse nonsense: the parent enforces them. With
/// `--input-descriptor N` the input is already open as descriptor N (the fork server's children,
/// given it by the verifier) and FILE only names it; otherwise the probe opens FILE.
package struct MediaProbeCommandLine: Hashable, Sendable {
    /// The file holding the media.
    package var path: String
    /// Where the media starts in the file.
    package var offset: Int64
    /// How many bytes it has.
    package var length: Int64
    /// The limits to apply.
    package var limits: MediaProbeLimits
    /// The descriptor the input is already open as, or `nil` when the probe opens ``path``.
    package var inputDescriptor: Int32?

    package init(path: String, offset: Int64, length: Int64, limits: MediaProbeLimits, inputDescriptor: Int32? = nil) {
        self.path = path
        self.offset = offset
        self.length = length
        self.limits = limits
        self.inputDescriptor = inputDescriptor
    }

    /// The arguments after the executable's name.
    package var arguments: [String] {
        var arguments: [String] = []
        for (name, value, _) in limits.integerLimits {
            arguments += ["--\(name)", String(value)]
        }
        if let inputDescriptor { arguments += ["--input-descriptor", String(inputDescriptor)] }
        // `--` so that a path starting with "-" stays a path.
        return arguments + ["--", path, String(offset), String(length)]
    }

    /// Reads the arguments after the executable's name.
    /// - Parameter arguments: as ``arguments`` writes them (options may be left out).
    /// - Throws: ``MediaError`` `.invalidArgument` for an unknown option, a value that is not a
    ///   decimal integer in range, a negative offset or length, or the wrong number of operands.
    package init(arguments: [String]) throws(MediaError) {
        var limits = MediaProbeLimits.standard
        var inputDescriptor: Int32?
        var operands: [String] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("--") {
                operands.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            guard index < arguments.count, let value = Int(arguments[index]) else {
                throw MediaError(.invalidArgument, "\(argument) needs a decimal integer")
            }
            index += 1
            switch argument.dropFirst(2) {
            case "cpu-seconds": limits.cpuSeconds = value
            case "memory-bytes": limits.memoryBytes = value
            case "max-output-bytes": limits.maxOutputBytes = value
            case "max-streams": limits.maxStreams = value
            case "max-tags": limits.maxTags = value
            case "max-tag-value-bytes": limits.maxTagValueBytes = value
            case "max-counted-packets": limits.maxCountedPackets = value
            case "probe-bytes": limits.probeBytes = value
            case "max-metadata-block-bytes": limits.maxMetadataBlockBytes = value
            case "max-image-dimension": limits.maxImageDimension = value
            case "input-descriptor":
                guard let descriptor = Int32(exactly: value), descriptor > 2 else {
                    throw MediaError(.invalidArgument, "--input-descriptor must be a descriptor above standard error")
                }
                inputDescriptor = descriptor
            default: throw MediaError(.invalidArgument, "unknown option \(argument)")
            }
        }
        try limits.validate()
        guard operands.count == 3 else {
            throw MediaError(.invalidArgument, "expected FILE OFFSET LENGTH, got \(operands.count) operand\(operands.count == 1 ? "" : "s")")
        }
        guard let offset = Int64(operands[1]), offset >= 0, let length = Int64(operands[2]), length >= 0,
            offset <= Int64.max - length
        else {
            throw MediaError(.invalidArgument, "OFFSET and LENGTH must be non-negative decimal integers whose sum fits in 64 bits")
        }
        self.init(path: operands[0], offset: offset, length: length, limits: limits, inputDescriptor: inputDescriptor)
    }
}
