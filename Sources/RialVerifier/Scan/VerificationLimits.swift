import RialFormat
import RialArchive

/// Bounds on what a verification will read into memory or count, so hostile input costs at
/// most a known amount.
public struct VerificationLimits: Sendable {
    /// Largest tag file read into memory (manifests, `rial/*.json`).
    public var maxTagFileBytes: UInt64 = PackageLayout.maxParsedFileBytes
    /// Most tag-file bytes held at once.
    public var maxTotalTagBytes: UInt64 = PackageLayout.maxParsedTotalBytes
    /// Most memory the parsed JSON documents take together (an estimate of the parsed values).
    public var maxParsedJSONBytes: Int = PackageLayout.maxParsedJSONBytes
    /// The archive reader's bounds: entries, names, pax headers, sizes.
    public var archive: ArchiveLimits = .default
    /// Most custody events judged; a longer log is a failure, not a long wait.
    public var maxCustodyEvents: Int = CustodyEvent.maxEvents

    /// The limits of `schema/SPEC.md` §8.3.
    public init() {}
}
