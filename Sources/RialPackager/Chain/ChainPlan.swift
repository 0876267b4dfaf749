import RialFormat
import RialCrypto
import RialArchive

/// How a capture's frames become `rial/chain.json` and `rial/depth.json`, worked out before
/// anything is written (`schema/SPEC.md` §13.4).
///
/// With frame material in the capture, the chain is computed while the frames are packed: each
/// frame file is followed in the archive by its depth keyframe, so `Fn ‖ Dn` arrive in order and
/// every input is read once. Without material (a phone export omits it), the hashes come from
/// the capture app's own `hash_chain.json`. When both exist they must agree.
struct ChainPlan {
    let descriptor: CaptureDescriptor
    /// The chain; hashes are placeholders until the frames have been streamed, when material exists.
    var chain: FrameChain
    let depthIndex: DepthIndex?
    let hasMaterial: Bool
    let appChain: AppHashChain?
    /// Bag path of each frame's material → frame index (0-based).
    let frameIndexByPath: [String: Int]
    /// Bag path of each depth keyframe → frame index (0-based).
    let depthIndexByPath: [String: Int]

    static let placeholderHash = String(repeating: "0", count: 64)

    /// The plan for `capture`, or `nil` when it has no `capture.json`.
    /// - Throws: ``PackagerError`` `.invalidCapture` when the descriptor, frames, depth
    ///   keyframes and the app's chain do not fit together, saying what to fix.
    static func make(for capture: CaptureDirectory) throws -> ChainPlan? {
        guard let descriptorFile = capture.file(PackageLayout.captureDescriptor) else {
            if capture.files.contains(where: { $0.bagPath.rawValue.hasPrefix(PackageLayout.framesDirectory) }) {
                throw PackagerError(
                    .invalidCapture,
                    "\(capture.root)/frames/ holds frame material but there is no capture.json to say their timestamps and format (schema/SPEC.md §2.3)")
            }
            return nil
        }
        let descriptor: CaptureDescriptor
        do {
            descriptor = try CaptureDescriptor(
                json: StrictJSONParser.parse(FileChunkReader.readAll(path: descriptorFile.sourcePath, limit: PackageLayout.maxParsedFileBytes)))
        } catch {
            throw PackagerError(.invalidCapture, "\(descriptorFile.sourcePath) is not a valid capture descriptor", cause: error)
        }
        guard descriptor.frames.count <= FrameChain.maxFrames else {
            throw PackagerError(
                .invalidCapture,
                "capture.json describes \(descriptor.frames.count) frames; a package's chain holds at most \(FrameChain.maxFrames) (a verifier refuses more); split the recording"
            )
        }
        var byPath: [String: CaptureDirectory.File] = [:]
        for file in capture.files { byPath[file.bagPath.rawValue] = file }

        var frameIndexByPath: [String: Int] = [:]
        var depthIndexByPath: [String: Int] = [:]
        var frames: [FrameChain.Frame] = []
        var keyframes: [DepthIndex.Keyframe] = []
        let materialCount = descriptor.frames.filter { byPath[PackageLayout.framesDirectory + CaptureDescriptor.frameFileName($0.frameNumber)] != nil }.count
        guard materialCount == 0 || materialCount == descriptor.frames.count else {
            throw PackagerError(
                .invalidCapture, "\(capture.root)/frames/ holds \(materialCount) of \(descriptor.frames.count) frames; give every frame's material or none")
        }
        let hasMaterial = materialCount > 0
        for (index, frame) in descriptor.frames.enumerated() {
            let framePath = PackageLayout.framesDirectory + CaptureDescriptor.frameFileName(frame.frameNumber)
            var depthPath: String?
            if hasMaterial {
                guard let file = byPath[framePath], Int64(file.size) == descriptor.frameFormat.frameBytes else {
                    throw PackagerError(.invalidCapture, "\(framePath) must be \(descriptor.frameFormat.frameBytes) bytes (bytes_per_row × height)")
                }
                frameIndexByPath[framePath] = index
            }
            if frame.hasDepth, let format = descriptor.depthFormat {
                let path = PackageLayout.depthDirectory + CaptureDescriptor.depthFileName(frame.frameNumber)
                guard let file = byPath[path] else {
                    throw PackagerError(
                        .invalidCapture,
                        "frame \(frame.frameNumber) has depth but \(capture.root)/depth/\(CaptureDescriptor.depthFileName(frame.frameNumber)) is missing")
                }
                guard Int64(file.size) == format.keyframeBytes else {
                    throw PackagerError(.invalidCapture, "\(path) must be \(format.keyframeBytes) bytes (width × height × 4)")
                }
                depthPath = path
                depthIndexByPath[path] = index
                keyframes.append(.init(frameNumber: frame.frameNumber, timestamp: frame.timestamp, path: path))
            }
            frames.append(
                .init(
                    frameNumber: frame.frameNumber, timestamp: frame.timestamp, hash: placeholderHash,
                    framePath: hasMaterial ? framePath : nil, depthPath: depthPath))
        }
        for file in capture.files {
            let path = file.bagPath.rawValue
            if path.hasPrefix(PackageLayout.framesDirectory), frameIndexByPath[path] == nil {
                throw PackagerError(
                    .invalidCapture,
                    "\(file.sourcePath) is not a frame capture.json describes (expected frame_NNNNNN.raw for frames 1…\(descriptor.frames.count))")
            }
            if path.hasPrefix(PackageLayout.depthDirectory), depthIndexByPath[path] == nil {
                throw PackagerError(.invalidCapture, "\(file.sourcePath) is not the depth keyframe of a frame capture.json marks as having depth")
            }
        }

        var appChain: AppHashChain?
        if let appFile = capture.appFile(.hashChain) {
            do {
                appChain = try AppHashChain(
                    json: StrictJSONParser.parse(FileChunkReader.readAll(path: appFile.sourcePath, limit: PackageLayout.maxParsedFileBytes)))
            } catch {
                throw PackagerError(.invalidCapture, "\(appFile.sourcePath) is not the capture app's HashChainData", cause: error)
            }
        }
        if let appChain {
            try checkConsistency(of: appChain)
        }
        var chain = FrameChain(fps: descriptor.fps, checkpointInterval: descriptor.checkpointInterval, frameFormat: descriptor.frameFormat, frames: frames)
        if !hasMaterial {
            guard let appChain else {
                throw PackagerError(
                    .invalidCapture,
                    "capture.json describes \(frames.count) frames, but there is neither frame material in frames/ nor the app's app/\(AppHashChain.fileName) to give their hashes"
                )
            }
            guard appChain.frameHashes.count == frames.count else {
                throw PackagerError(
                    .invalidCapture, "app/\(AppHashChain.fileName) has \(appChain.frameHashes.count) frame hashes, capture.json \(frames.count) frames")
            }
            for index in chain.frames.indices { chain.frames[index].hash = appChain.frameHashes[index] }
        }
        chain.refreshDerivedFields()
        let depthIndex = descriptor.depthFormat.map { DepthIndex(format: $0, keyframes: keyframes) }
        return ChainPlan(
            descriptor: descriptor, chain: chain, depthIndex: depthIndex, hasMaterial: hasMaterial, appChain: appChain,
            frameIndexByPath: frameIndexByPath, depthIndexByPath: depthIndexByPath)
    }

    /// The payload in archive order: sorted by path bytes, except that, when the package
    /// carries frame material, the frames stand together in frame-number order (where the
    /// first frame file would sort), each followed directly by its depth keyframe.
    func order(_ files: [CaptureDirectory.File]) -> [CaptureDirectory.File] {
        guard hasMaterial else { return files }
        var frameByIndex: [Int: CaptureDirectory.File] = [:]
        var depthByIndex: [Int: CaptureDirectory.File] = [:]
        for file in files {
            if let index = frameIndexByPath[file.bagPath.rawValue] { frameByIndex[index] = file }
            if let index = depthIndexByPath[file.bagPath.rawValue] { depthByIndex[index] = file }
        }
        var ordered: [CaptureDirectory.File] = []
        var framesPlaced = false
        for file in files {
            let path = file.bagPath.rawValue
            if depthIndexByPath[path] != nil { continue }
            if frameIndexByPath[path] != nil {
                guard !framesPlaced else { continue }
                framesPlaced = true
                for index in frameByIndex.keys.sorted() {
                    if let frame = frameByIndex[index] { ordered.append(frame) }
                    if let depth = depthByIndex[index] { ordered.append(depth) }
                }
                continue
            }
            ordered.append(file)
        }
        return ordered
    }

    /// The app's checkpoints and final hash must be its own frame hashes at those frames; an
    /// app chain that disagrees with itself would only fail verification later.
    private static func checkConsistency(of app: AppHashChain) throws {
        if let problem = app.inconsistency {
            throw PackagerError(.invalidCapture, "app/\(AppHashChain.fileName): \(problem)")
        }
    }

    /// After streaming: checks the computed chain against the app's, when it has one.
    func checkAgainstApp() throws {
        guard let appChain else { return }
        for (index, frame) in chain.frames.enumerated() where index >= appChain.frameHashes.count || appChain.frameHashes[index] != frame.hash {
            throw PackagerError(
                .invalidCapture,
                "the frames give a different hash chain from app/\(AppHashChain.fileName), first at frame \(frame.frameNumber); the capture is inconsistent, so it is not packaged"
            )
        }
        guard appChain.frameHashes.count == chain.frames.count else {
            throw PackagerError(
                .invalidCapture, "app/\(AppHashChain.fileName) has \(appChain.frameHashes.count) frame hashes, the capture \(chain.frames.count) frames")
        }
    }
}
