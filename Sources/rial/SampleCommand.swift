import ArgumentParser
import RialPackager

struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Write a deterministic synthetic capture to try every flow without a phone.",
        discussion: """
        The capture has the layout `rial pack` takes (schema/SPEC.md §2): media/capture.mov \
        (an ISO-BMFF stand-in, not a playable movie), depth/ with a 256×192 Float32 depth \
        keyframe on every third frame, and app/ with the capture app's metadata.json and \
        custody_log.json. The same options always give the same bytes.

        Example:
          rial sample --out capture --seconds 5 --seed 42
        """
    )

    @Option(name: .long, help: ArgumentHelp("Directory to create (must not exist, or be empty).", valueName: "DIR"))
    var out: String

    @Option(help: "Seed for the pseudo-random content.")
    var seed: UInt64 = 1

    @Option(help: "Recording length in seconds (1–3600).")
    var seconds: Int = 2

    @Option(help: "Frames per second (1–240).")
    var fps: Int = 30

    @Option(help: "Frame width in pixels.")
    var width: Int = 1920

    @Option(help: "Frame height in pixels.")
    var height: Int = 1080

    func run() throws {
        var sample = SampleCapture()
        sample.seed = seed
        sample.seconds = seconds
        sample.fps = fps
        sample.width = width
        sample.height = height
        do {
            try sample.write(to: out)
        } catch let error as PackagerError {
            Console.error(error.reason)
            throw error.code == .invalidOption ? ExitStatus.usage : ExitStatus.couldNotComplete
        }
        print("Wrote a \(seconds) s synthetic capture (\(sample.frameCount) frames, \(sample.depthFrames.count) depth keyframes) to \(out)")
        print("Next: rial pack \(out) -o \(out).rialpkg")
    }
}
