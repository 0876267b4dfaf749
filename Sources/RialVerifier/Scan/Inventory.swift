import RialFormat
import RialCrypto

/// Everything one read of the input established: each file with its size and digests, the
/// bytes of the (small) tag files, and the structural findings made on the way.
///
/// Checks work on an inventory only, so the archive and a bag directory are judged by the
/// same code, and no check reads the input again.
package struct Inventory: Sendable {
    /// One regular file of the bag.
    package struct File: Sendable {
        /// Path relative to the bag's root.
        package let path: String
        package let size: UInt64
        /// Lowercase hex digests, for every algorithm the scanner computed.
        package let digests: [DigestAlgorithm: String]
        /// Where the file's bytes are: the archive's range for a package member, the file
        /// itself (offset 0) in a bag directory.
        package var location: (path: String, offset: UInt64)? = nil
    }

    /// Whether the input was read from a stream (standard input): it cannot be read again,
    /// so no file has a ``File/location`` and nothing that needs one (the media examination)
    /// can be done.
    package var isStream = false
    /// The package file's SHA-256 and size, taken as it was read, when asked for (a receipt).
    package var archiveDigest: PackageFileDigest?
    /// The top-level directory's name (packages only).
    package var rootName: String?
    /// Files by bag-relative path. A duplicate entry is recorded in ``findings``, not here.
    package var files: [String: File] = [:]
    /// Paths of directories seen.
    package var directories: Set<String> = []
    /// Bytes of tag files (outside `data/`) and of the small payload JSON files the verifier
    /// cross-checks (``RialFormat/PackageLayout/isParsedPayload(_:)``), for parsing.
    package var tagFileBytes: [String: [UInt8]] = [:]
    /// Structural problems found while reading (bad names, links, duplicates, layout).
    package var findings: [CheckResult] = []
    /// Frame-chain links recomputed from frame material while reading, when the package has a
    /// chain and `rial/chain.json` came before the material.
    var chainLinks: (recomputed: [Int: String], unrecomputable: [Int: String])?
    /// `rial/chain.json` as the scan parsed it to recompute the links from those bytes, kept so
    /// it is not parsed twice; `nil` when it did not parse (the verifier then reads it again,
    /// for the error).
    var parsedChain: FrameChain?
    /// Media probes the scan started as it passed each media file (``MediaProbeTask``), by path.
    var mediaProbes: [String: MediaProbeTask] = [:]

    package init() {}

    /// Paths of payload files (under `data/`), sorted by bytes.
    package var payloadPaths: [String] {
        files.keys.filter { $0.hasPrefix("data/") }.sorted(by: UTF8Order.precedes)
    }

    /// Paths of payload files under `subdirectory` (e.g. ``PackageLayout/mediaDirectory``), sorted by bytes.
    package func payloadPaths(under subdirectory: String) -> [String] {
        payloadPaths.filter { $0.hasPrefix(subdirectory) }
    }

    /// Paths of tag files (everything else), sorted by bytes.
    package var tagPaths: [String] {
        files.keys.filter { !$0.hasPrefix("data/") }.sorted(by: UTF8Order.precedes)
    }
}
