import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import RialFormat
import RialArchive
import RialPackager

struct ChainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chain",
        abstract: "Frame hash chain tools for capture pipelines and test rigs.",
        subcommands: [ChainComputeCommand.self]
    )
}

struct ChainComputeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compute",
        abstract: "Compute a frame hash chain (rial/chain.json) from raw frames, timestamps and depth keyframes.",
        discussion: """
            H1 = SHA256(F1 ‖ D1? ‖ T1), Hn = SHA256(Fn ‖ Dn? ‖ Tn ‖ Hn-1): Fn is frame n's raw \
            bytes, Dn its depth keyframe's raw bytes (if it has one), Tn its timestamp as IEEE-754 \
            binary64 little-endian, Hn-1 the previous hash (schema/SPEC.md §13).

            Frames are the regular files in --frames, in name order (frame_000001.raw, …); every \
            one must be bytes_per_row × height bytes. --timestamps holds one timestamp (seconds) \
            per frame: a JSON array of numbers, or one number per line. Depth keyframes are the \
            files depth_NNNNNN.f32 in --depth, NNNNNN being the frame number. Prefixes of all \
            frames are hashed in parallel; --sequential hashes one frame at a time (same result).

            The output names frame and depth files by the paths `rial pack` gives them \
            (data/frames/…, data/depth/…).

            Example:
              rial chain compute --frames capture/frames --timestamps ts.json \\
                  --depth capture/depth --width 1920 --height 1080 -o chain.json

            \(ExitStatus.makingHelpText)
            """
    )

    @Option(help: ArgumentHelp("Directory of raw frames.", valueName: "DIR"))
    var frames: String

    @Option(help: ArgumentHelp("Frame timestamps: a JSON array or one number per line.", valueName: "FILE"))
    var timestamps: String

    @Option(help: ArgumentHelp("Directory of depth keyframes (depth_NNNNNN.f32).", valueName: "DIR"))
    var depth: String?

    @Option(help: "Frame width in pixels.")
    var width: Int64

    @Option(help: "Frame height in pixels.")
    var height: Int64

    @Option(name: .customLong("bytes-per-row"), help: "Bytes per row as captured (default: width × 4).")
    var bytesPerRow: Int64?

    @Option(name: .customLong("pixel-format"), help: "Pixel format name recorded in the chain.")
    var pixelFormat: String = "BGRA8"

    @Option(help: "Frames per second recorded in the chain.")
    var fps: Double = 30

    @Option(name: .customLong("checkpoint-interval"), help: "A checkpoint every N frames.")
    var checkpointInterval: Int64 = CaptureDescriptor.defaultCheckpointInterval

    @Flag(help: "Hash one frame at a time instead of all cores at once.")
    var sequential = false

    @Option(name: [.short, .customLong("output"), .customLong("out")], help: ArgumentHelp("Where to write chain.json.", valueName: "FILE"))
    var output: String

    @Flag(help: "Replace FILE if it exists.")
    var force = false

    func validate() throws {
        guard width > 0, height > 0, checkpointInterval > 0, fps > 0 else {
            throw ValidationError("--width, --height, --fps and --checkpoint-interval must be positive")
        }
    }

    func run() throws {
        // Before the frames are read: a chain that could not be written is known now.
        try OutputFile.check(output, option: "-o", replacing: force)
        do {
            let format = FrameFormat(pixelFormat: pixelFormat, width: width, height: height, bytesPerRow: bytesPerRow)
            let frameItems = try DirectoryWalker.walk(frames).filter { $0.kind == .file && !$0.relativePath.contains("/") }
            let times = try Self.readTimestamps(timestamps)
            guard frameItems.count == times.count, !times.isEmpty else {
                throw ValidationError("\(frames) has \(frameItems.count) frames but \(timestamps) has \(times.count) timestamps")
            }
            for item in frameItems where Int64(item.size) != format.frameBytes {
                throw ValidationError(
                    "\(frames)/\(item.relativePath) is \(item.size) bytes; a frame of \(width)×\(height) with \(format.bytesPerRow) bytes per row is \(format.frameBytes)"
                )
            }
            for index in times.indices.dropFirst() where !(times[index] > times[index - 1]) {
                throw ValidationError("\(timestamps): timestamp \(index + 1) is not later than timestamp \(index); frame timestamps must increase")
            }
            var depthNames: [Int: String] = [:]
            var depthSizes: Set<UInt64> = []
            if let depth {
                for item in try DirectoryWalker.walk(depth) where item.kind == .file && !item.relativePath.contains("/") {
                    let digits = item.relativePath.dropFirst("depth_".count).dropLast(".f32".count)
                    guard let number = Int(digits), number >= 1, number <= times.count,
                        item.relativePath == CaptureDescriptor.depthFileName(Int64(number))
                    else {
                        throw ValidationError("\(depth)/\(item.relativePath) is not depth_NNNNNN.f32 for a frame 1…\(times.count)")
                    }
                    depthNames[number] = item.relativePath
                    depthSizes.insert(item.size)
                }
            }
            if depthSizes.count > 1 {
                throw ValidationError("the depth keyframes in \(depth ?? "") differ in size; each must be width × height × 4 bytes")
            }
            let framePaths = frameItems.map { frames + "/" + $0.relativePath }
            let depthPaths = (1...times.count).map { number in depthNames[number].map { (depth ?? "") + "/" + $0 } }
            let start = Self.now()
            let hashes = try FrameChainComputer(timestamps: times, parallel: !sequential)
                .compute(framePaths: framePaths, depthPaths: depthPaths)
            let elapsed = Self.now() - start
            let chainFrames = hashes.enumerated().map { index, hash in
                FrameChain.Frame(
                    frameNumber: Int64(index + 1), timestamp: times[index], hash: Hex.encode(hash),
                    framePath: PackageLayout.framesDirectory + frameItems[index].relativePath,
                    depthPath: depthNames[index + 1].map { PackageLayout.depthDirectory + $0 })
            }
            let chain = FrameChain(fps: fps, checkpointInterval: checkpointInterval, frameFormat: format, frames: chainFrames)
            try OutputFile.write(chain.bytes(), to: output, replacing: force)
            Console.note(
                "Chained \(Counted.text(hashes.count, "frame")) (\(depthNames.count) with depth) in \(String(format: "%.1f", elapsed * 1000)) ms, \(String(format: "%.3f", elapsed * 1000 / Double(hashes.count))) ms per frame (\(sequential ? "sequential" : "parallel")); final hash \(chain.finalHash)"
            )
        } catch let error as ValidationError {
            throw error
        } catch let error as ExitCode {
            throw error
        } catch {
            Console.error(Console.describe(error))
            throw ExitStatus.couldNotComplete
        }
    }

    /// A JSON array of numbers, or one number per line.
    static func readTimestamps(_ path: String) throws -> [Double] {
        let bytes = try FileChunkReader.readAll(path: path, limit: 256 << 20)
        if bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }) == UInt8(ascii: "[") {
            guard let values = try StrictJSONParser.parse(bytes).arrayValue else { throw ValidationError("\(path) is not a JSON array") }
            return try values.map { value in
                guard let number = value.doubleValue, number.isFinite else { throw ValidationError("\(path): every timestamp must be a finite number") }
                return number
            }
        }
        return try String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map { line in
            guard let number = Double(line.trimmingCharacters(in: .whitespaces)), number.isFinite else {
                throw ValidationError("\(path): \"\(line)\" is not a timestamp")
            }
            return number
        }
    }

    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
