/// Where everything lives inside a package's top-level directory, and in which order the
/// writer emits it. `schema/SPEC.md` §3 is the normative text; this is its one source in code.
public enum PackageLayout {
    public static let formatName = "rialpkg"
    public static let formatVersion = "1.0"
    /// The package file extension, without the dot.
    public static let fileExtension = "rialpkg"

    public static let bagDeclaration = "bagit.txt"
    public static let bagInfo = "bag-info.txt"
    public static let readme = "README.txt"
    public static let payloadManifests = ["manifest-sha256.txt", "manifest-sha512.txt"]
    public static let tagManifests = ["tagmanifest-sha256.txt", "tagmanifest-sha512.txt"]

    public static let manifest = "rial/manifest.json"
    public static let chain = "rial/chain.json"
    public static let depthIndex = "rial/depth.json"
    /// rial's normalised, schema'd view of the capture's metadata (`schema/SPEC.md` §16).
    public static let metadata = "rial/metadata.json"
    /// The hash-only payload `rial pack --hash-only` builds (seed 001's format).
    public static let hashOnlyPayload = "rial/hash_only_payload.json"
    /// Appended after packing, protected by their own links (later format revisions).
    public static let custodyDirectory = "rial/custody/"
    public static let sealDirectory = "rial/seal/"
    /// The seal: a detached CMS signature over the exact bytes of ``manifest``.
    public static let seal = "rial/seal/manifest.p7s"
    /// The RFC 3161 timestamp response over the seal's signature value.
    public static let sealTimestamp = "rial/seal/manifest.tsr"
    /// Certificates that help build the TSA's chain (never anchors).
    public static let sealTimestampChain = "rial/seal/tsa-chain.pem"

    public static let mediaDirectory = "data/media/"
    public static let depthDirectory = "data/depth/"
    public static let framesDirectory = "data/frames/"
    public static let captureAppDirectory = "data/capture/"
    /// The capture app's client-side depth analysis (`DepthAnalysisResult`), kept verbatim.
    public static let appDepthAnalysis = "data/capture/depth_analysis.json"
    /// The capture descriptor (`capture.json` at the capture's root), kept verbatim.
    public static let captureDescriptor = "data/capture.json"


    /// The largest file a verifier reads into memory to parse (tag files, the capture's JSON
    /// files): 64 MiB, about 300,000 frames of `rial/chain.json` (2.8 h at 30 fps). The
    /// packer refuses to write a larger one, so it never makes a package its verifier rejects.
    public static let maxParsedFileBytes: UInt64 = 64 << 20
    /// The most a verifier holds of all such files together.
    public static let maxParsedTotalBytes: UInt64 = 256 << 20

    /// Whether a payload file is small JSON the verifier parses to cross-check claims: the
    /// capture descriptor and the capture app's JSON files.
    public static func isParsedPayload(_ path: String) -> Bool {
        path == captureDescriptor || (path.hasPrefix(captureAppDirectory) && path.hasSuffix(".json"))
    }

    /// Whether `path` is a timestamp response under `rial/seal/` (only ``sealTimestamp`` is
    /// defined; others are reported, never ignored).
    public static func isTimestampResponse(_ path: String) -> Bool {
        path.hasPrefix(sealDirectory) && path.hasSuffix(".tsr")
    }

    /// Whether `path` is one of the seal's files, which the seal and timestamp checks examine.
    public static func isSealFile(_ path: String) -> Bool {
        path == seal || path == sealTimestampChain || isTimestampResponse(path)
    }

    /// Whether `path` (relative to the bag) is appended after sealing and so stands outside
    /// `rial/manifest.json`.
    public static func isAppendedLater(_ path: String) -> Bool {
        path.hasPrefix(custodyDirectory) || path.hasPrefix(sealDirectory)
    }

    /// Whether `path` must not be listed in `rial/manifest.json`: the manifest itself, the tag
    /// manifests (they change when custody is appended) and what is appended later.
    public static func isOutsideManifest(_ path: String) -> Bool {
        path == manifest || tagManifests.contains(path) || isAppendedLater(path)
    }
}
