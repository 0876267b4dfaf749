import ArgumentParser
import RialPackager

struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Write a deterministic synthetic capture to try every flow without a phone.",
        discussion: """
            --kind video (the default):  `rial pack` takes (schema/SPEC.md §2): media/capture.mov \
            (a real, playable H.264 movie of every frame, 160×120, as the app's metadata states \
            it; examples/media/); frames/ with every raw BGRA frame, WIDTH×HEIGHT; \
            depth/ with a 256×192 Float32 depth keyframe on every third frame; capture.json with \
            each frame's timestamp; and app/ with the capture app's metadata.json, \
            custody_log.json and hash_chain.json (its frame hash chain). The same options always \
            give the same bytes.

            --kind photo: media/photo.jpg (a real 320×240 JPEG with the phone's EXIF make and \
            model), depth/depth.f32 (one 256×192 \
            depth map) and in app/ the photo's metadata.json (captured_at, device, location, \
            depth_resolution), depth_analysis.json and custody_log.json.

            --kind hash-only: a photo taken in the app's privacy mode: the photo as the phone \
            keeps it, plus app/hash_only_payload.json, the payload the app uploads (as its hash-only payload design defines it: \
            mediaHash, depthAnalysis, metadata filtered to location coarse, timestamp day_only, \
            device model_only). Pack it whole, or with --hash-only to leave the photo out.

            --kind app-export: the capture app's forensic export of a video, flat, exactly as the \
            app writes it, to try the README's first commands: recording_<n>.mp4 (a real H.264 \
            MP4), recording_<n>.manifest.json (its SHA-256, SHA-512, size, the NTP check, and a \
            capture-time RFC 3161 token over the video), recording_<n>.custody_log.json, \
            recording_<n>.hash_chain.json, recording_<n>.metadata.json, depth/ and README.txt, \
            its JSON as Swift's JSONEncoder writes it. The token comes from a throwaway TSA made \
            on the spot, whose keys are gone when the command ends; its root certificate is \
            written beside the export, DIR.tsa-root.pem, for openssl ts -verify and rial verify \
            --tsa-trust. It attests nothing: never trust that root for real evidence. Everything \
            but the token and the root is the same bytes for the same options.

            Examples:
              rial sample -o capture --seconds 5 --seed 42
              rial sample -o phone-export --no-frames   # as a phone exports it: no frames
              rial sample -o photo --kind photo
              rial sample -o private --kind hash-only
              rial pack private -o private.rialpkg --hash-only
              rial sample -o received --kind app-export
              rial pack received -o case.rialpkg
              rial verify case.rialpkg --tsa-trust received.tsa-root.pem

            \(ExitStatus.makingHelpText)
            """
    )

    @Option(
        name: [.short, .customLong("output"), .customLong("out")], help: ArgumentHelp("Directory to create (must not exist, or be empty).", valueName: "DIR"))
    var out: String

    @Option(help: ArgumentHelp("video, photo, hash-only or app-export.", valueName: "KIND"))
    var kind: String = "video"

    @Option(help: "Seed for the pseudo-random content.")
    var seed: UInt64 = 1

    @Option(help: "Recording length in seconds (1–3600).")
    var seconds: Int = 2

    @Option(help: "Frames per second (1–240).")
    var fps: Int = 30

    @Option(help: "Width in pixels of the raw frames the chain hashes (the camera's buffers; the encoded video is 160×120).")
    var width: Int = 320

    @Option(help: "Height in pixels of the raw frames the chain hashes.")
    var height: Int = 240

    @Option(name: .customLong("depth-interval"), help: "A depth keyframe every N frames (0: none).")
    var depthInterval: Int = 3

    @Option(name: .customLong("checkpoint-interval"), help: "A chain checkpoint every N frames.")
    var checkpointInterval: Int = 150

    @Flag(name: .customLong("no-frames"), help: "Omit raw frame material, as a real phone export does.")
    var noFrames = false

    func run() throws {
        StandardOutput.holdsOnlyASummary()
        var sample = SampleCapture()
        guard let kind = SampleCapture.Kind(rawValue: kind) else {
            throw ValidationError("--kind must be one of \(SampleCapture.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        sample.kind = kind
        sample.seed = seed
        sample.seconds = seconds
        sample.fps = fps
        sample.width = width
        sample.height = height
        sample.depthInterval = depthInterval
        sample.checkpointInterval = checkpointInterval
        sample.includesFrames = !noFrames
        Interruption.writesInto(out)
        do {
            try sample.write(to: out)
        } catch let error as PackagerError {
            Console.error(error.reason)
            throw error.code == .invalidOption ? ExitStatus.usage : ExitStatus.couldNotComplete
        }
        switch kind {
        case .video:
            print(
                "Wrote a \(seconds) s synthetic capture (\(Counted.text(sample.frameCount, "frame")), \(Counted.text(sample.depthFrames.count, "depth keyframe"))) to \(out)"
            )
            print("Next: rial pack \(out) -o \(out).rialpkg")
        case .photo:
            print("Wrote a synthetic photo capture (a 320×240 JPEG, one \(sample.depthWidth)×\(sample.depthHeight) depth map) to \(out)")
            print("Next: rial pack \(out) -o \(out).rialpkg")
        case .hashOnly:
            print("Wrote a synthetic privacy-mode photo capture (with the app's hash-only payload) to \(out)")
            print("Next: rial pack \(out) -o \(out).rialpkg --hash-only")
        case .appExport:
            let root = SampleCapture.tsaRootPath(forExport: out)
            let package = String(root.dropLast(".tsa-root.pem".count)) + ".rialpkg"
            print(
                "Wrote the capture app's export of a \(seconds) s recording (\(sample.exportBaseName).mp4 with its manifest, RFC 3161 token, custody log, hash chain, metadata and \(Counted.text(sample.depthFrames.count, "depth keyframe"))) to \(out)"
            )
            print("Wrote the root of the throwaway TSA that made its token to \(root) (for trying --tsa-trust only)")
            print("Next: rial pack \(out) -o \(package)")
            print("      rial verify \(package) --tsa-trust \(root)")
        }
    }
}
