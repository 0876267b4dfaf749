import RialFormat
import RialCrypto
@testable import RialVerifier

/// A small frame chain made here, and a verification context holding it as the scanner would,
/// for the unit tests of the chain checks.
enum TestChain {
    /// The frames' bytes: frame n is four bytes n.
    static let frames = (1...7).map { n in [UInt8](repeating: UInt8(n), count: 4) }
    /// The depth maps' bytes, by frame number.
    static let depth: [Int: [UInt8]] = [1: [9, 9, 9, 9], 4: [8, 8, 8, 8]]

    /// A 7-frame chain (checkpoints every 3) over 4-byte frames, with depth on frames 1 and 4,
    /// each link computed as the app computes it (`withMaterial`: frame paths named).
    static func make(withMaterial: Bool = true) throws -> FrameChain {
        var hashes: [[UInt8]] = []
        for (index, bytes) in frames.enumerated() {
            let link = try ChainLink()
            try bytes.withUnsafeBytes { try link.update($0) }
            if let extra = depth[index + 1] { try extra.withUnsafeBytes { try link.update($0) } }
            try link.appendTimestamp(Double(index) / 30)
            hashes.append(try link.close(previous: hashes.last))
        }
        let chainFrames = hashes.enumerated().map { index, hash in
            FrameChain.Frame(
                frameNumber: Int64(index + 1), timestamp: Double(index) / 30, hash: Hex.encode(hash),
                framePath: withMaterial ? "data/frames/f\(index + 1)" : nil,
                depthPath: depth[index + 1] == nil ? nil : "data/depth/d\(index + 1)")
        }
        return FrameChain(fps: 30, checkpointInterval: 3, frameFormat: FrameFormat(width: 1, height: 1), frames: chainFrames)
    }

    /// The context of a package holding `chain` as `rial/chain.json` (unless `nil`), `manifest`
    /// as `rial/manifest.json` (unless `nil`), the links the scanner recomputed, `extra` files
    /// whose bytes it kept and `unkept` files too large for it to keep.
    static func context(
        _ chain: FrameChain?, chainBytes: [UInt8]? = nil, manifest: PackageManifest? = nil,
        links: (recomputed: [Int: String], unrecomputable: [Int: String])? = nil,
        extra: [String: [UInt8]] = [:], unkept: [String] = [],
        profile: VerificationContext.Profile = .package
    ) -> VerificationContext {
        var inventory = Inventory()
        for (path, bytes) in extra {
            inventory.tagFileBytes[path] = bytes
            inventory.files[path] = .init(path: path, size: UInt64(bytes.count), digests: [:])
        }
        for path in unkept { inventory.files[path] = .init(path: path, size: 1 << 40, digests: [:]) }
        if let bytes = chainBytes ?? chain?.bytes() {
            inventory.tagFileBytes[PackageLayout.chain] = bytes
            inventory.files[PackageLayout.chain] = .init(path: PackageLayout.chain, size: UInt64(bytes.count), digests: [:])
        }
        if let manifest {
            let bytes = manifest.bytes()
            inventory.tagFileBytes[PackageLayout.manifest] = bytes
            inventory.files[PackageLayout.manifest] = .init(path: PackageLayout.manifest, size: UInt64(bytes.count), digests: [:])
        }
        inventory.chainLinks = links
        return VerificationContext(inventory: inventory, profile: profile, verificationTime: Timestamp(seconds: 0))
    }

    /// Every link of `chain` recomputed as recorded.
    static func allRecomputed(_ chain: FrameChain) -> (recomputed: [Int: String], unrecomputable: [Int: String]) {
        (Dictionary(uniqueKeysWithValues: chain.frames.indices.map { ($0, chain.frames[$0].hash) }), [:])
    }
}
